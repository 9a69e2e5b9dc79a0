import type { PostcardStats, UpdatePostcardBody } from '@otkrytka/contract';
import { type Query, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CACHE } from '@/app/query';
import { api } from '@/lib/api';
import { isWindowQuery } from './window';

export const postcardKeys = {
  all: ['postcards'] as const,
  detail: (id: number) => [...postcardKeys.all, id] as const,
  stats: (id: number) => [...postcardKeys.all, id, 'stats'] as const,
};

/** One postcard by id (bookmarks mode of the viewer). */
export function usePostcard(id: number | undefined) {
  return useQuery({
    queryKey: postcardKeys.detail(id ?? 0),
    queryFn: () => api('GET /api/image_relations/{id}', { params: { id: id! } }),
    enabled: !!id,
    ...CACHE.channel,
  });
}

/**
 * Deletes one of my postcards; channel lists, bookmarks and the gallery are refreshed. A viewer's
 * window is only marked stale: asked again around the deleted card it would get a 404, so the
 * viewer drops the card and opens a window at the card it shows next (`ViewerSource.reopenAt`).
 */
export function useDeletePostcard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('DELETE /api/image_relations/{id}', { params: { id } }),
    onSuccess: (_r, id) => {
      qc.removeQueries({ queryKey: postcardKeys.detail(id) });
      const lists = (q: Query) => !isWindowQuery(q);
      void qc.invalidateQueries({ queryKey: ['channels'], predicate: lists });
      void qc.invalidateQueries({ queryKey: ['bookmarks'] });
      void qc.invalidateQueries({ queryKey: ['gallery'], predicate: lists });
      void qc.invalidateQueries({ predicate: isWindowQuery, refetchType: 'none' });
    },
  });
}

/** The owner changes a postcard's author, link to the original or description; lists showing it refresh. */
export function useUpdatePostcard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdatePostcardBody }) => api('PATCH /api/image_relations/{id}', { params: { id }, body }),
    onSuccess: (postcard) => {
      qc.setQueryData(postcardKeys.detail(postcard.id), postcard);
      void qc.invalidateQueries({ queryKey: ['channels'] });
      void qc.invalidateQueries({ queryKey: ['bookmarks'] });
      void qc.invalidateQueries({ queryKey: ['gallery'] });
      void qc.invalidateQueries({ queryKey: ['authors'] });
    },
  });
}

const viewed = new Set<number>();

/**
 * Counts a view of the postcard on screen (the server counts once per viewer per day; the app asks
 * once per postcard per page load) and answers the fresh counters. A postcard still in the sandbox
 * is not counted (`count` false): only its uploader and moderators may read it outside the sandbox.
 */
export function usePostcardView(id: number, count = true) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!count || viewed.has(id)) return;
    viewed.add(id);
    api('POST /api/image_relations/{id}/view', { params: { id } })
      .then((stats) => qc.setQueryData(postcardKeys.stats(id), stats))
      .catch(() => viewed.delete(id));
  }, [id, qc, count]);
  return useQuery({ queryKey: postcardKeys.stats(id), queryFn: () => null as PostcardStats | null, enabled: false, ...CACHE.default });
}
