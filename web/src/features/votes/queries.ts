import type { UserVote, VoteResult } from '@otkrytka/contract';
import { ALREADY_VOTED } from '@otkrytka/contract/rules/votes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CACHE } from '../../app/query';
import { api, ApiError } from '../../lib/api';

export const voteKeys = {
  all: ['votes'] as const,
  user: (postcardId: number, userId: number | null) => ['votes', 'user', postcardId, userId] as const,
};

/** The signed-in user's vote on a postcard (fresh 30 s, kept 5 min — spec 001 §7). */
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

/** The like toggle of the viewer: approve when not liked, reject when liked (spec 001 §4). */
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
