import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CACHE } from '../../app/query';
import { api } from '../../lib/api';

export const postcardKeys = {
  all: ['postcards'] as const,
  detail: (id: number) => [...postcardKeys.all, id] as const,
};

/** One postcard by id (bookmarks mode of the viewer, spec 001 §7). */
export function usePostcard(id: number | undefined) {
  return useQuery({
    queryKey: postcardKeys.detail(id ?? 0),
    queryFn: () => api('GET /api/image_relations/{id}', { params: { id: id! } }),
    enabled: !!id,
    ...CACHE.channel,
  });
}

/** Deletes one of my postcards; channel lists, bookmarks and the gallery are refreshed. */
export function useDeletePostcard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('DELETE /api/image_relations/{id}', { params: { id } }),
    onSuccess: (_r, id) => {
      qc.removeQueries({ queryKey: postcardKeys.detail(id) });
      void qc.invalidateQueries({ queryKey: ['channels'] });
      void qc.invalidateQueries({ queryKey: ['bookmarks'] });
      void qc.invalidateQueries({ queryKey: ['gallery'] });
    },
  });
}
