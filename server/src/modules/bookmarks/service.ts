import { BOOKMARK_EXISTS_DETAIL, type Bookmark } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { badRequest, notFound } from '../../http/errors';
import type { AuthUser } from '../../http/routes';
import { iso } from '../../platform/clock';
import { recordEvent, retryingTx, writeTx } from '../../jobs/runner';
import { type PostcardRow, toPostcard } from '../postcards';
import { postcardsRepo } from '../postcards';
import { bookmarksRepo } from './repo';

export function bookmarksService(deps: Deps) {
  const { db, storage } = deps;

  const toBookmark = (b: { id: number; created_at: string }, row: PostcardRow): Bookmark => {
    const postcard = toPostcard(storage, row);
    return {
      id: b.id,
      image_relation_id: row.id,
      created_at: b.created_at,
      image_url: postcard.image_url,
      preview_78x101_url: postcard.preview_78x101_url,
      postcard,
    };
  };

  return {
    async list(user: AuthUser, offset: number, limit: number): Promise<Bookmark[]> {
      const rows = await bookmarksRepo.list(db, user.id, offset, limit);
      return rows.map((r) => toBookmark({ id: r.bookmark_id, created_at: r.bookmarked_at }, r));
    },

    async add(user: AuthUser, postcardId: number): Promise<Bookmark> {
      const at = iso(deps.clock.now());
      const row = await writeTx(deps, async (trx) => {
        const row = await postcardsRepo.byId(trx, postcardId);
        if (!row || row.is_banned === 1) throw notFound('Postcard not found');
        if (!(await bookmarksRepo.add(trx, user.id, postcardId, at))) throw badRequest(BOOKMARK_EXISTS_DETAIL, 'ALREADY_BOOKMARKED');
        await recordEvent(trx, at, 'bookmark.added', { userId: user.id, postcardId });
        return row;
      });
      const b = (await bookmarksRepo.find(db, user.id, postcardId))!;
      return toBookmark(b, { ...row, bookmarks_count: row.bookmarks_count + 1 });
    },

    async remove(user: AuthUser, postcardId: number) {
      const removed = await retryingTx(db, (trx) => bookmarksRepo.remove(trx, user.id, postcardId));
      if (!removed) throw notFound('This postcard is not in your bookmarks');
      return { success: true as const };
    },
  };
}
