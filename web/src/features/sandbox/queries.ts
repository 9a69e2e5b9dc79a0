import type { AuthorLookup } from '@otkrytka/contract';
import { MODERATION } from '@otkrytka/contract/rules/moderation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CACHE } from '@/app/query';
import { api } from '@/lib/api';
import { applyVoteCounts } from '../votes/queries';

export const sandboxKeys = {
  all: ['sandbox'] as const,
  next: (userId: number | null) => ['sandbox', 'next', userId] as const,
  list: (userId: number | null) => ['sandbox', 'list', userId] as const,
};
export const authorKeys = {
  of: (postcardId: number, viaSandbox: boolean) => ['authors', postcardId, viaSandbox] as const,
};

/** The next postcard this user can vote on in the sandbox. Always asked afresh. */
export function useSandboxNext(userId: number | null) {
  return useQuery({
    queryKey: sandboxKeys.next(userId),
    queryFn: () => api('GET /api/sandbox/next'),
    enabled: userId !== null,
    staleTime: 0,
    gcTime: CACHE.default.gcTime,
  });
}

/** The sandbox list the viewer swipes through in sandbox mode (its own order: oldest first). */
export function useSandboxList(userId: number | null) {
  return useQuery({
    queryKey: sandboxKeys.list(userId),
    queryFn: () => api('GET /api/sandbox', { query: { offset: 0, limit: MODERATION.sandboxListMax } }),
    enabled: userId !== null,
    ...CACHE.default,
  });
}

/** One-shot sandbox vote; on success the next postcard is fetched. */
export function useSandboxVote() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve }: { id: number; approve: boolean }) =>
      approve
        ? api('POST /api/sandbox/{id}/approve', { params: { id } })
        : api('POST /api/sandbox/{id}/reject', { params: { id } }),
    onSuccess: (res, { id }) => applyVoteCounts(qc, id, res),
    onSettled: () => qc.invalidateQueries({ queryKey: sandboxKeys.all }),
  });
}

/**
 * Author credit for the info modal. The sandbox path is used in the sandbox and for postcards that
 * are not approved yet; failures are only logged and the modal falls back.
 */
export function useAuthor(postcardId: number | null, viaSandbox: boolean) {
  return useQuery({
    queryKey: authorKeys.of(postcardId ?? 0, viaSandbox),
    queryFn: async (): Promise<AuthorLookup | null> => {
      try {
        return viaSandbox
          ? await api('GET /api/image_relations/sandbox/{id}/author', { params: { id: postcardId! } })
          : await api('GET /api/authors/by-relation/{id}', { params: { id: postcardId! } });
      } catch (e) {
        console.error('author lookup failed', e);
        return null;
      }
    },
    enabled: postcardId !== null,
    ...CACHE.default,
  });
}
