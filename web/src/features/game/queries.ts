import type {
  EnergyStatus,
  GameSummary,
  SpinResult,
} from '@otkrytka/contract';
import { type GameEvent } from '@otkrytka/contract/rules/game';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from '@/router';
import { CACHE } from '@/app/query';
import { api } from '@/lib/api';
import { onTelegramActivated } from '@/telegram';
import { useSession } from '../auth/session';
import { useDisplayedYin, useLiveEnergyOffset } from './liveEnergy';

/** Query keys of the game layer; every game query lives under ['game']. */
export const gameKeys = {
  all: ['game'] as const,
  summary: ['game', 'summary'] as const,
  energy: ['game', 'energy'] as const,
  full: ['game', 'full'] as const,
  level: ['game', 'level'] as const,
  top: (offset: number) => ['game', 'top', offset] as const,
  quests: ['game', 'quests'] as const,
  achievements: ['game', 'achievements'] as const,
  daily: ['game', 'daily'] as const,
  crystals: ['game', 'crystals'] as const,
};

/** Cache times of the three game datasets (the others use the default 5/10 min). */
export const SUMMARY_CACHE = CACHE.gameSummary;
export const ENERGY_CACHE = CACHE.energyStatus;
export const FULL_CACHE = CACHE.fullGameData;

const isAuthPath = (path: string) => path === '/auth' || path === '/telegram/auth' || path.startsWith('/auth/');

/** Game data is fetched only for a signed-in user and never on the auth pages. */
export function useGameEnabled(): boolean {
  const { user } = useSession();
  const { pathname } = useLocation();
  return !!user && !isAuthPath(pathname);
}

/**
 * Refresh events: energy events refresh only the energy status; experience, level,
 * quest-completed and achievement events the summary; manual_refresh all three; others the summary.
 */
export function refreshGameData(qc: QueryClient, event: GameEvent | string): void {
  switch (event) {
    case 'energy_spent':
    case 'energy_added':
    case 'energy_spin':
      void qc.invalidateQueries({ queryKey: gameKeys.energy });
      return;
    case 'manual_refresh':
      void qc.invalidateQueries({ queryKey: gameKeys.summary });
      void qc.invalidateQueries({ queryKey: gameKeys.energy });
      void qc.invalidateQueries({ queryKey: gameKeys.full });
      return;
    default:
      void qc.invalidateQueries({ queryKey: gameKeys.summary });
  }
}

/** One focus/visibility/activation listener for the whole app, however many components ask for it. */
const focusRefresh = {
  users: 0,
  qc: null as QueryClient | null,
  offActivated: null as (() => void) | null,
  handler() {
    if (document.visibilityState === 'hidden' || !focusRefresh.qc) return;
    const qc = focusRefresh.qc;
    void qc.invalidateQueries({ queryKey: gameKeys.summary });
    void qc.invalidateQueries({ queryKey: gameKeys.full });
    refreshGameData(qc, 'energy_added');
  },
};

/**
 * When the app is activated (Telegram), the window gains focus or the page becomes visible, the
 * summary and full game data are invalidated and an energy refresh event fires.
 */
export function useGameFocusRefresh(enabled: boolean): void {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    focusRefresh.qc = qc;
    if (focusRefresh.users++ === 0) {
      window.addEventListener('focus', focusRefresh.handler);
      document.addEventListener('visibilitychange', focusRefresh.handler);
      focusRefresh.offActivated = onTelegramActivated(focusRefresh.handler);
    }
    return () => {
      if (--focusRefresh.users === 0) {
        window.removeEventListener('focus', focusRefresh.handler);
        document.removeEventListener('visibilitychange', focusRefresh.handler);
        focusRefresh.offActivated?.();
        focusRefresh.offActivated = null;
      }
    };
  }, [enabled, qc]);
}

export function useGameSummary() {
  const enabled = useGameEnabled();
  return useQuery({ queryKey: gameKeys.summary, queryFn: () => api('GET /api/user-game-data/summary'), enabled, ...SUMMARY_CACHE });
}

export function useEnergyStatus() {
  const enabled = useGameEnabled();
  return useQuery({ queryKey: gameKeys.energy, queryFn: () => api('GET /api/user-game-data/energy-status'), enabled, ...ENERGY_CACHE });
}

/** Full game data: not fetched on mount when cached. */
export function useFullGameData() {
  const enabled = useGameEnabled();
  return useQuery({ queryKey: gameKeys.full, queryFn: () => api('GET /api/user-game-data/full'), enabled, refetchOnMount: false, ...FULL_CACHE });
}

export function useLevelInfo() {
  const enabled = useGameEnabled();
  return useQuery({ queryKey: gameKeys.level, queryFn: () => api('GET /api/game/level'), enabled });
}

export function useTopPlayers(offset: number) {
  const enabled = useGameEnabled();
  return useQuery({
    queryKey: gameKeys.top(offset),
    queryFn: () => api('GET /api/game/top-players', { query: { limit: 20, offset } }),
    enabled,
    placeholderData: (prev) => prev,
  });
}

export function useQuests() {
  const enabled = useGameEnabled();
  return useQuery({ queryKey: gameKeys.quests, queryFn: () => api('GET /api/game/quests'), enabled });
}

export function useAchievements() {
  const enabled = useGameEnabled();
  return useQuery({ queryKey: gameKeys.achievements, queryFn: () => api('GET /api/game/achievements'), enabled });
}

export function useDailyReward() {
  const enabled = useGameEnabled();
  return useQuery({ queryKey: gameKeys.daily, queryFn: () => api('GET /api/game/daily-reward'), enabled });
}

export function useCrystals() {
  const enabled = useGameEnabled();
  return useQuery({ queryKey: gameKeys.crystals, queryFn: () => api('GET /api/game/crystals'), enabled });
}

/** Writes fresh energy figures into the cached status and summary (no refetch needed). */
function patchEnergy(qc: QueryClient, yang: number, yin?: number) {
  qc.setQueryData<EnergyStatus>(gameKeys.energy, (s) =>
    s ? withEnergy(s, yang, yin ?? s.yin_energy) : s,
  );
  qc.setQueryData<GameSummary>(gameKeys.summary, (s) =>
    s ? { ...s, yang_energy: yang, yin_energy: yin ?? s.yin_energy, energy: yang + (yin ?? s.yin_energy) } : s,
  );
}

function withEnergy(s: EnergyStatus, yang: number, yin: number): EnergyStatus {
  const total = yang + yin;
  const pct = (x: number) => (total > 0 ? Math.round((x / total) * 1000) / 10 : 0);
  return { ...s, yang_energy: yang, yin_energy: yin, total_energy: total, yang_percent: pct(yang), yin_percent: pct(yin) };
}

export function useStartSpin() {
  return useMutation({ mutationFn: () => api('POST /api/game/spin/start') });
}

/** Saves a spin; its answer updates energy and experience at once, then the spin event refreshes energy. */
export function useFinishSpin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { spin_id: string; yangGained: number; yinSpent: number; totalSpinTime: number }) =>
      api('POST /api/game/spin', { body }),
    onSuccess: (r: SpinResult) => {
      patchEnergy(qc, r.yang_energy, r.yin_energy);
      qc.setQueryData<GameSummary>(gameKeys.summary, (s) => (s ? { ...s, experience: s.experience + r.experience_gain, level: r.level } : s));
      refreshGameData(qc, 'energy_spin');
      if (r.experience_gain) refreshGameData(qc, r.level_up ? 'level_up' : 'experience_added');
      void qc.invalidateQueries({ queryKey: gameKeys.quests });
      void qc.invalidateQueries({ queryKey: gameKeys.level });
      void qc.invalidateQueries({ queryKey: gameKeys.achievements });
    },
  });
}

export function useSendCrystal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (amount: number) => api('POST /api/game/crystals/send', { body: { amount } }),
    onSuccess: (r) => {
      patchEnergy(qc, r.yang_energy);
      refreshGameData(qc, 'energy_spent');
      refreshGameData(qc, 'experience_added');
      void qc.invalidateQueries({ queryKey: gameKeys.crystals });
      void qc.invalidateQueries({ queryKey: gameKeys.quests });
      void qc.invalidateQueries({ queryKey: gameKeys.level });
    },
  });
}

export function useClaimQuest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('POST /api/game/quests/{id}/claim', { params: { id } }),
    onSuccess: (r) => {
      qc.setQueryData(gameKeys.summary, r.summary);
      refreshGameData(qc, 'quest_completed');
      refreshGameData(qc, 'energy_added');
      void qc.invalidateQueries({ queryKey: gameKeys.quests });
      void qc.invalidateQueries({ queryKey: gameKeys.level });
      void qc.invalidateQueries({ queryKey: gameKeys.achievements });
    },
  });
}

export function useClaimDailyReward() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api('POST /api/game/daily-reward/claim'),
    onSuccess: (r) => {
      qc.setQueryData(gameKeys.summary, r.summary);
      qc.setQueryData(gameKeys.daily, r.status);
      refreshGameData(qc, 'energy_added');
      void qc.invalidateQueries({ queryKey: gameKeys.achievements });
    },
  });
}

/** Level and energy for the shell's top game bar (null while unknown or signed out). */
export interface GameBarData {
  level: number | null;
  energy: number | null;
  yang: number | null;
  yin: number | null;
  /** the first figures are on their way: nothing to show yet, not even the spec's default */
  loading: boolean;
}

export function useGameBarData(): GameBarData {
  const enabled = useGameEnabled();
  useGameFocusRefresh(enabled);
  const summaryQuery = useGameSummary();
  const summary = summaryQuery.data;
  const status = useEnergyStatus();
  const energy = status.data;
  const live = useLiveEnergyOffset();
  // yin refilled since the last read counts on every screen, not only where the energy circle is
  const refilled = useDisplayedYin(energy, status.dataUpdatedAt);
  const yang = energy?.yang_energy ?? summary?.yang_energy ?? null;
  const yin = refilled ?? summary?.yin_energy ?? null;
  // the figures the energy circle shows right now (a running spin included)
  return {
    level: summary?.level ?? null,
    energy: yang === null || yin === null ? (summary?.energy ?? null) : yang + yin + live.yang + live.yin,
    yang: yang === null ? null : yang + live.yang,
    yin: yin === null ? null : yin + live.yin,
    loading: enabled && summaryQuery.isPending && status.isPending,
  };
}
