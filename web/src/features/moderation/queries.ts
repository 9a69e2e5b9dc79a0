import { MODERATION } from '@otkrytka/contract/rules/moderation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { sandboxKeys } from '../sandbox/queries';

export const moderationKeys = {
  all: ['moderation'] as const,
  queue: () => ['moderation', 'queue'] as const,
  stats: () => ['moderation', 'stats'] as const,
  next: (exclude: number | null) => ['moderation', 'next', exclude] as const,
  card: (id: number) => ['moderation', 'card', id] as const,
  complaints: () => ['moderation', 'complaints'] as const,
};

/** The list refreshes every 30 s and when the window regains focus. */
const live = { refetchInterval: MODERATION.refreshMs, refetchOnWindowFocus: true, staleTime: 0 } as const;

export function useModerationQueue(enabled: boolean) {
  return useQuery({
    queryKey: moderationKeys.queue(),
    queryFn: () => api('GET /api/moderation/queue', { query: { limit: MODERATION.queueSize } }),
    enabled,
    ...live,
  });
}

export function useModerationStats(enabled: boolean) {
  return useQuery({ queryKey: moderationKeys.stats(), queryFn: () => api('GET /api/moderation/stats'), enabled, ...live });
}

/** A random pending postcard; `exclude` is the one on screen when the moderator asks for another. */
export function useRandomPending(enabled: boolean, exclude: number | null) {
  return useQuery({
    queryKey: moderationKeys.next(exclude),
    queryFn: () => api('GET /api/moderation/next', { query: exclude ? { exclude } : {} }),
    enabled,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useModerationCard(id: number, enabled: boolean) {
  return useQuery({
    queryKey: moderationKeys.card(id),
    queryFn: () => api('GET /api/moderation/postcards/{id}', { params: { id } }),
    enabled: enabled && Number.isInteger(id) && id > 0,
    staleTime: 0,
  });
}

export function useReportedPostcards(enabled: boolean) {
  return useQuery({ queryKey: moderationKeys.complaints(), queryFn: () => api('GET /api/moderation/complaints'), enabled, ...live });
}

/**
 * Approve or ban. Afterwards everything that shows postcards may have changed: the moderation
 * views, the sandbox, the gallery and the channels.
 */
export function useModerate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve }: { id: number; approve: boolean }) =>
      approve
        ? api('POST /api/moderation/{id}/approve', { params: { id } })
        : api('POST /api/moderation/{id}/ban', { params: { id } }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: moderationKeys.all });
      void qc.invalidateQueries({ queryKey: sandboxKeys.all });
      void qc.invalidateQueries({ predicate: (q) => ['gallery', 'channels', 'postcards'].includes(String(q.queryKey[0])) });
    },
  });
}

export function useDismissReports() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('POST /api/moderation/complaints/{id}/dismiss', { params: { id } }),
    onSettled: () => qc.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}
