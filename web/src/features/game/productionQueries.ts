import { type CardType, PRODUCTION_REFRESH_MS } from '@otkrytka/contract/rules/game';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { notificationKeys } from '../notifications/queries';
import { gameKeys, refreshGameData, useGameEnabled } from './queries';

export const productionKeys = {
  all: ['production'] as const,
  cards: ['production', 'cards'] as const,
  queue: ['production', 'queue'] as const,
  resources: ['production', 'resources'] as const,
};

/** Production data is polled every 30 s. */
const poll = { refetchInterval: PRODUCTION_REFRESH_MS, staleTime: PRODUCTION_REFRESH_MS };

export function useProductionCards() {
  const enabled = useGameEnabled();
  return useQuery({ queryKey: productionKeys.cards, queryFn: () => api('GET /api/production/cards'), enabled, ...poll });
}

export function useProductionQueue() {
  const enabled = useGameEnabled();
  return useQuery({ queryKey: productionKeys.queue, queryFn: () => api('GET /api/production/queue'), enabled, ...poll });
}

export function useProductionResources() {
  const enabled = useGameEnabled();
  return useQuery({ queryKey: productionKeys.resources, queryFn: () => api('GET /api/production/resources'), enabled, ...poll });
}

function useProductionMutation<A, R>(fn: (arg: A) => Promise<R>, event: 'production_started' | 'production_completed' | 'energy_spent') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: productionKeys.all });
      refreshGameData(qc, event);
      if (event === 'production_started') refreshGameData(qc, 'energy_spent');
      if (event === 'production_completed') {
        void qc.invalidateQueries({ queryKey: gameKeys.quests });
        void qc.invalidateQueries({ queryKey: gameKeys.level });
        // the server marks the «Заберите его!» notices read once nothing is left to collect
        void qc.invalidateQueries({ queryKey: notificationKeys.all });
      }
    },
  });
}

export const useStartProduction = () =>
  useProductionMutation((card_type: CardType) => api('POST /api/production/start', { body: { card_type } }), 'production_started');

export const useCompleteProduction = () =>
  useProductionMutation((production_id: number) => api('POST /api/production/complete', { body: { production_id } }), 'production_completed');

export const useUpgradeCard = () =>
  useProductionMutation((card_type: CardType) => api('POST /api/production/upgrade', { body: { card_type } }), 'energy_spent');
