import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Reported notes of group cards (moderators): the panel's «Подписи» view. */
export const REPORTED_CONTRIBUTIONS = ['moderation', 'contributions'] as const;
const key = REPORTED_CONTRIBUTIONS;

export function useReportedContributions(enabled: boolean) {
  return useQuery({
    queryKey: key,
    queryFn: () => api('GET /api/moderation/contributions', { query: { limit: 50 } }),
    enabled,
    staleTime: 0,
  });
}

/** Remove a note (its gift goes back to its author) or keep it: either resolves its reports. */
export function useModerateContribution() {
  const qc = useQueryClient();
  return useMutation({
    /** answers the yang given back to the note's author (0 when kept or without a gift) */
    mutationFn: async ({ id, action }: { id: number; action: 'remove' | 'dismiss' }): Promise<number> =>
      action === 'remove'
        ? (await api('DELETE /api/moderation/contributions/{id}', { params: { id } })).refunded_energy
        : (await api('POST /api/moderation/contributions/{id}/dismiss', { params: { id } }), 0),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}
