import type { UserVote, VoteResult } from '@otkrytka/contract';
import { ALREADY_VOTED } from '@otkrytka/contract/rules/votes';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CACHE } from '@/app/query';
import { api, ApiError } from '@/lib/api';

export const voteKeys = {
  all: ['votes'] as const,
  user: (postcardId: number, userId: number | null) => ['votes', 'user', postcardId, userId] as const,
};

/** The signed-in user's vote on a postcard (fresh 30 s, kept 5 min). */
export function useUserVote(postcardId: number | null, userId: number | null) {
  return useQuery({
    queryKey: voteKeys.user(postcardId ?? 0, userId),
    queryFn: () => api('GET /api/image_relations/{id}/user-vote', { params: { id: postcardId! } }),
    enabled: postcardId !== null && userId !== null,
    ...CACHE.votes,
  });
}

/** True when an approve failed only because the vote is already there (spec: then it counts as liked). */
export const isAlreadyVoted = (e: unknown) =>
  e instanceof ApiError && e.status === 400 && typeof e.detail === 'string' && e.detail.includes(ALREADY_VOTED);

/** Query families whose data holds postcards with their vote counts. */
const POSTCARD_LISTS = new Set(['channels', 'gallery', 'bookmarks', 'sandbox', 'postcards']);

/** A copy of `data` in which the postcard `id` carries the new counts; unchanged parts keep their identity. */
export function withCounts<T>(data: T, id: number, counts: Pick<VoteResult, 'likes_count' | 'rejects_count'>): T {
  if (Array.isArray(data)) {
    let changed = false;
    const next = data.map((v: unknown) => {
      const w = withCounts(v, id, counts);
      if (w !== v) changed = true;
      return w;
    });
    return (changed ? next : data) as T;
  }
  if (data === null || typeof data !== 'object') return data;
  const obj = data as Record<string, unknown>;
  if (obj.id === id && 'likes_count' in obj && 'image_url' in obj) {
    return obj.likes_count === counts.likes_count && obj.rejects_count === counts.rejects_count ? data : ({ ...obj, ...counts } as T);
  }
  let changed = false;
  const next: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) {
    next[k] = withCounts(v, id, counts);
    if (next[k] !== v) changed = true;
  }
  return (changed ? next : data) as T;
}

/** After a vote, every cached list showing the postcard shows its new counts (no stale count on return). */
export function applyVoteCounts(qc: QueryClient, id: number, res: Pick<VoteResult, 'likes_count' | 'rejects_count'>) {
  const counts = { likes_count: res.likes_count, rejects_count: res.rejects_count };
  qc.setQueriesData({ predicate: (q) => POSTCARD_LISTS.has(String(q.queryKey[0])) }, (data: unknown) => withCounts(data, id, counts));
}

/** The like toggle of the viewer: approve when not liked, reject when liked. */
export function useLikeToggle(postcardId: number, userId: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (liked: boolean): Promise<VoteResult> =>
      liked
        ? api('POST /api/image_relations/{id}/reject', { params: { id: postcardId } })
        : api('POST /api/image_relations/{id}/approve', { params: { id: postcardId } }),
    onSuccess: (res) => {
      qc.setQueryData<UserVote>(voteKeys.user(postcardId, userId), {
        has_vote: res.vote_type !== null,
        vote_type: res.vote_type,
      });
      applyVoteCounts(qc, postcardId, res);
    },
    onError: (e, liked) => {
      if (!liked && isAlreadyVoted(e)) {
        qc.setQueryData<UserVote>(voteKeys.user(postcardId, userId), { has_vote: true, vote_type: 'like' });
      } else {
        console.error('vote failed', e);
      }
    },
  });
}
