import type { AcceptGreetingResult, CreateGreetingBody, Greeting, GreetingReplyBody, GreetingView, UpdateGreetingBody } from '@otkrytka/contract';
import { keepPreviousData, type QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CACHE } from '@/app/query';
import { api } from '@/lib/api';
import { useSession } from '../auth/session';
import { handedGreeting } from './handover';
import { acceptedGreetingsQuery, createdGreetingsQuery, greetingKeys, receivedGreetingsQuery } from './readQueries';

export { greetingKeys };

/**
 * A greeting (public page: works without a user). Keyed by the viewer too: `is_own` changes when a
 * visitor signs in on the page.
 */
export function useGreeting(id: string | undefined) {
  const viewer = useSession().user?.id ?? 0;
  return useQuery({
    queryKey: [...greetingKeys.detail(id ?? ''), viewer],
    queryFn: () => api('GET /api/greetings/{id}', { params: { id: id! } }),
    // read already by the recipient's first screen: not read again
    initialData: () => handedGreeting(id, viewer),
    enabled: !!id,
    // the page stays as it is while the greeting is read again for a viewer who just signed in
    placeholderData: (prev, prevQuery) => (prevQuery?.queryKey[2] === id ? keepPreviousData(prev) : undefined),
    ...CACHE.default,
    retry: false,
    // a sealed greeting is looked at again now and then: its moment may have come while the timer
  // slept, or the sender opened it early or moved it
    refetchInterval: (q) => (q.state.data?.sealed ? SEALED_RECHECK_MS : false),
  });
}

/** How often a page showing a sealed greeting asks again whether it opened (an envelope: a small answer). */
export const SEALED_RECHECK_MS = 15_000;

/** Whether the signed-in user accepted this greeting. */
export function useAcceptance(id: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: greetingKeys.acceptance(id ?? ''),
    queryFn: () => api('GET /api/greetings/{id}/accepted', { params: { id: id! } }),
    enabled: !!id && enabled,
    staleTime: 0,
    retry: false,
  });
}

/** The user's yang energy: the most they can gift (energy status is fresh for 2 min). */
export function useGiftBudget(enabled: boolean) {
  return useQuery({
    queryKey: greetingKeys.giftBudget,
    queryFn: async () => (await api('GET /api/user-game-data/energy-status')).yang_energy,
    enabled,
    ...CACHE.energyStatus,
  });
}

export const useCreatedGreetings = (enabled = true) => useInfiniteQuery({ ...createdGreetingsQuery(), enabled });
export const useReceivedGreetings = (enabled = true) => useInfiniteQuery({ ...receivedGreetingsQuery(), enabled });
export const useAcceptedGreetings = (enabled = true) => useInfiniteQuery({ ...acceptedGreetingsQuery(), enabled });

/**
 * Energy changed on the server (a gift escrowed, paid or refunded): refresh every energy figure
 * the app shows — ours and the game layer's (its keys are under "game" / "user-game-data").
 */
export function invalidateEnergy(qc: QueryClient) {
  return qc.invalidateQueries({
    predicate: (q) => {
      const head = String(q.queryKey[0] ?? '');
      return (head === 'greetings' && q.queryKey[1] === 'gift-budget') || head === 'game' || head === 'user-game-data' || head.includes('energy');
    },
  });
}

const invalidateLists = (qc: QueryClient) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: greetingKeys.created }),
    qc.invalidateQueries({ queryKey: greetingKeys.received }),
    qc.invalidateQueries({ queryKey: greetingKeys.accepted }),
  ]);

export function useCreateGreeting() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateGreetingBody) => api('POST /api/greetings', { body }),
    onSuccess: (g: Greeting) => {
      qc.setQueriesData({ queryKey: greetingKeys.detail(g.id) }, g);
      void qc.invalidateQueries({ queryKey: greetingKeys.created });
      void qc.invalidateQueries({ queryKey: greetingKeys.giftBudget });
      void invalidateEnergy(qc);
    },
  });
}

export function useUpdateGreeting(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateGreetingBody) => api('PATCH /api/greetings/{id}', { params: { id }, body }),
    onSuccess: (g: Greeting) => {
      qc.setQueriesData({ queryKey: greetingKeys.detail(id) }, g);
      void invalidateLists(qc);
    },
  });
}

export function useDeleteGreeting() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('DELETE /api/greetings/{id}', { params: { id } }),
    onSuccess: (res, id) => {
      qc.removeQueries({ queryKey: greetingKeys.detail(id) });
      void invalidateLists(qc);
      if (res.refunded_energy > 0) void invalidateEnergy(qc);
    },
  });
}

export function useAcceptGreeting(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api('POST /api/greetings/{id}/accept', { params: { id }, body: {} }),
    onSuccess: (res: AcceptGreetingResult) => {
      void qc.invalidateQueries({ queryKey: greetingKeys.acceptance(id) });
      void qc.invalidateQueries({ queryKey: greetingKeys.detail(id) });
      void qc.invalidateQueries({ queryKey: greetingKeys.accepted });
      if (res.energy_received > 0) void invalidateEnergy(qc);
    },
  });
}

/** My thank-you reply to a greeting I accepted: sent once, then edited within its window. */
export function useSendReply(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: GreetingReplyBody) => api('PUT /api/greetings/{id}/reply', { params: { id }, body }),
    onSuccess: (reply) => {
      qc.setQueriesData<GreetingView>({ queryKey: greetingKeys.detail(id) }, (g) => (g && !g.sealed ? { ...g, reply } : g));
      void qc.invalidateQueries({ queryKey: greetingKeys.accepted });
    },
  });
}

export function useRemoveAccepted() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('DELETE /api/greetings/accepted/{id}', { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: greetingKeys.accepted }),
  });
}

export function useRemoveReceived() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('DELETE /api/greetings/received/{id}', { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: greetingKeys.received }),
  });
}

/** My greeting as a Telegram message ready for the Mini App's shareMessage (nothing cached). */
export function usePrepareTelegramMessage() {
  return useMutation({
    mutationFn: (id: string) => api('POST /api/greetings/{id}/telegram-message', { params: { id } }),
  });
}
