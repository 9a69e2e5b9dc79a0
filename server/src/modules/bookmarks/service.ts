import { BOOKMARK_EXISTS_DETAIL, type Bookmark } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { badRequest, notFound } from '../../http/errors';
import type { AuthUser } from '../../http/routes';
import { iso } from '../../platform/clock';
import { recordGameAction } from '../game/hooks';
import { publishNotification } from '../notifications/notify';
import { type PostcardRow, toPostcard } from '../postcards/present';
import { postcardsRepo } from '../postcards/repo';
import { bookmarksRepo } from './repo';

export function bookmarksService(deps: Deps) {
  const { db, clock, storage } = deps;

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
      const at = iso(clock.now());
      const { row, notifications } = await db.transaction().execute(async (trx) => {
        const row = await postcardsRepo.byId(trx, postcardId);
        if (!row || row.is_banned === 1) throw notFound('Postcard not found');
        if (!(await bookmarksRepo.add(trx, user.id, postcardId, at))) throw badRequest(BOOKMARK_EXISTS_DETAIL, 'ALREADY_BOOKMARKED');
        const notifications = await recordGameAction(trx, deps, { userId: user.id, action: 'bookmark_added', refId: postcardId });
        return { row, notifications };
      });
      for (const n of notifications) await publishNotification(deps.events, user.id, n);
      const b = (await bookmarksRepo.find(db, user.id, postcardId))!;
      return toBookmark(b, { ...row, bookmarks_count: row.bookmarks_count + 1 });
    },

    async remove(user: AuthUser, postcardId: number) {
      const removed = await db.transaction().execute((trx) => bookmarksRepo.remove(trx, user.id, postcardId));
      if (!removed) throw notFound('This postcard is not in your bookmarks');
      return { success: true as const };
    },
  };
}
