import type { Bookmark, Postcard } from '@otkrytka/contract';
import { BOOKMARK_EXISTS_DETAIL, BOOKMARKS_LIMIT } from '@otkrytka/contract/rules/postcards';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, ApiError } from '@/lib/api';
import { useSession } from '../auth/session';
import { bookmarkKeys, bookmarksQuery } from './readQueries';

export { bookmarkKeys, bookmarksQuery };


/** My bookmarks, newest first (at most 1000 kept). Empty for visitors. `wanted: false` reads only what is cached. */
export function useBookmarks(wanted = true) {
  const { isAuthenticated } = useSession();
  return useQuery({ ...bookmarksQuery(), enabled: isAuthenticated && wanted });
}

/** Whether a postcard is in my bookmarks; with `wanted: false` (a menu not yet opened) nothing is fetched. */
export function useIsBookmarked(postcardId: number | undefined, wanted = true): boolean {
  const { data } = useBookmarks(wanted);
  return !!postcardId && !!data?.some((b) => b.image_relation_id === postcardId);
}

const optimisticBookmark = (p: Postcard): Bookmark => ({
  id: -p.id,
  image_relation_id: p.id,
  created_at: new Date().toISOString(),
  image_url: p.image_url,
  preview_78x101_url: p.preview_78x101_url,
  postcard: p,
});

/**
 * Adds or removes a bookmark at once in the cache and rolls back if the server refuses.
 * An "already bookmarked" answer counts as success. Returns false for visitors (nothing happens).
 */
export function useToggleBookmark(opts: { onError?: (e: unknown) => void } = {}) {
  const qc = useQueryClient();
  const { isAuthenticated } = useSession();
  const m = useMutation({
    mutationFn: async ({ postcard, add }: { postcard: Postcard; add: boolean }) => {
      if (add) {
        try {
          await api('POST /api/bookmarks', { body: { image_relation_id: postcard.id } });
        } catch (e) {
          if (!(e instanceof ApiError && e.status === 400 && e.detail === BOOKMARK_EXISTS_DETAIL)) throw e;
        }
      } else {
        try {
          await api('DELETE /api/bookmarks/{image_relation_id}', { params: { image_relation_id: postcard.id } });
        } catch (e) {
          if (!(e instanceof ApiError && e.status === 404)) throw e;
        }
      }
    },
    onMutate: async ({ postcard, add }) => {
      await qc.cancelQueries({ queryKey: bookmarkKeys.list() });
      const before = qc.getQueryData<Bookmark[]>(bookmarkKeys.list());
      qc.setQueryData<Bookmark[]>(bookmarkKeys.list(), (list = []) =>
        add
          ? [optimisticBookmark(postcard), ...list.filter((b) => b.image_relation_id !== postcard.id)].slice(0, BOOKMARKS_LIMIT)
          : list.filter((b) => b.image_relation_id !== postcard.id),
      );
      return { before };
    },
    onError: (e, _v, ctx) => {
      qc.setQueryData(bookmarkKeys.list(), ctx?.before);
      opts.onError?.(e);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: bookmarkKeys.list() }),
  });
  const { mutate } = m;
  const toggle = useCallback(
    (postcard: Postcard, add: boolean): boolean => {
      if (!isAuthenticated) return false;
      mutate({ postcard, add });
      return true;
    },
    [isAuthenticated, mutate],
  );
  return { toggle, isPending: m.isPending };
}
