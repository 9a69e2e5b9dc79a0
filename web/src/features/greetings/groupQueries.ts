import type { ContributionBody, Greeting, GreetingView, UpdateContributionBody } from '@otkrytka/contract';
import { GREETING_PAGE } from '@otkrytka/contract/rules/greeting-lists';
import { type QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CACHE } from '@/app/query';
import { api } from '@/lib/api';
import { greetingKeys, invalidateEnergy } from './queries';

/*
 * A group card's queries (docs/PRODUCT-RULES.md, group cards): kept apart from queries.ts so that
 * the greeting page's first load carries none of them; only the group UI (loaded lazily) imports this.
 */

export const groupKeys = {
  join: (id: string, invite: string) => ['greetings', 'join', id, invite] as const,
  contributions: (id: string) => ['greetings', 'contributions', id] as const,
  signed: ['greetings', 'signed'] as const,
};

/** The join page's card: anyone with the invite (a wrong or replaced one: 404 INVITE_INVALID). */
export function useGroupJoin(id: string, invite: string) {
  return useQuery({
    queryKey: groupKeys.join(id, invite),
    queryFn: () => api('GET /api/greetings/{id}/join/{invite}', { params: { id, invite } }),
    ...CACHE.default,
    retry: false,
  });
}

/** Every contribution with its gift: the organiser's view of their card. */
export function useContributions(id: string, enabled = true) {
  return useQuery({
    queryKey: groupKeys.contributions(id),
    queryFn: () => api('GET /api/greetings/{id}/contributions', { params: { id } }),
    enabled,
    ...CACHE.default,
  });
}

/** «Подписанные»: the cards I signed, newest signature first. */
export function useSignedGreetings(enabled = true) {
  return useInfiniteQuery({
    queryKey: groupKeys.signed,
    queryFn: ({ pageParam }) => api('GET /api/greetings/signed', { query: { cursor: pageParam, limit: GREETING_PAGE.default } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled,
    ...CACHE.default,
  });
}

/** After a signature changed: the join page, the organiser's lists and the signed list are read again. */
function afterContributionChange(qc: QueryClient, id: string, energyMoved: boolean) {
  void qc.invalidateQueries({ queryKey: ['greetings', 'join', id] });
  void qc.invalidateQueries({ queryKey: groupKeys.contributions(id) });
  void qc.invalidateQueries({ queryKey: greetingKeys.detail(id) });
  void qc.invalidateQueries({ queryKey: groupKeys.signed });
  void qc.invalidateQueries({ queryKey: greetingKeys.created });
  if (energyMoved) void invalidateEnergy(qc);
}

export function useSignGroup(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ContributionBody) => api('POST /api/greetings/{id}/contributions', { params: { id }, body }),
    onSuccess: (c) => afterContributionChange(qc, id, (c.energy ?? 0) > 0),
  });
}

export function useUpdateContribution(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ contributionId, body }: { contributionId: number; body: UpdateContributionBody }) =>
      api('PATCH /api/greetings/{id}/contributions/{contribution_id}', { params: { id, contribution_id: contributionId }, body }),
    onSuccess: () => afterContributionChange(qc, id, true),
  });
}

/** Withdraw my own, or (organiser) remove anyone's: its gift goes back to its author. */
export function useRemoveContribution(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (contributionId: number) => api('DELETE /api/greetings/{id}/contributions/{contribution_id}', { params: { id, contribution_id: contributionId } }),
    onSuccess: (res) => afterContributionChange(qc, id, res.refunded_energy > 0),
  });
}

/** A new invite: the old link stops working at once. */
export function useRegenerateInvite(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api('POST /api/greetings/{id}/invite', { params: { id } }),
    onSuccess: (res) => {
      qc.setQueriesData<GreetingView>({ queryKey: greetingKeys.detail(id) }, (g) =>
        g && !g.sealed && g.group ? { ...g, group: { ...g.group, invite: res.invite } } : g,
      );
    },
  });
}

/** «Отправить»: the card becomes the recipient's greeting now. */
export function useDeliverGroup(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api('POST /api/greetings/{id}/deliver', { params: { id } }),
    onSuccess: (g: Greeting) => {
      qc.setQueriesData({ queryKey: greetingKeys.detail(id) }, g);
      void qc.invalidateQueries({ queryKey: greetingKeys.created });
      void qc.invalidateQueries({ queryKey: groupKeys.contributions(id) });
    },
  });
}
