import type { z } from 'zod';
import { siteOf, type CreatePostcardBody, type Postcard, type PostcardListQuery, type PostcardPage, type PostcardStats, type UpdatePostcardBody } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { forbidden, invalid, notFound } from '../../http/errors';
import type { AuthUser } from '../../http/routes';
import { iso } from '../../platform/clock';
import { categoryById } from '../categories';
import { channelById } from '../channels';
import { channelListings } from './channel-listings';
import { recordEvent, retryingTx, writeTx } from '../../jobs/runner';
import { uploadById } from '../uploads';
import { type PostcardRow, toPostcard } from './present';
import { postcardsRepo } from './repo';

/** A title from the description when none is given: its first line, at most 80 characters. */
export function titleFrom(description: string): string {
  const line = description.split('\n')[0]!.trim();
  return line.length <= 80 ? line : `${line.slice(0, 79).trimEnd()}…`;
}

export function postcardsService(deps: Deps) {
  const { db, storage } = deps;
  const channels = channelListings(deps);

  /**
   * Moderation gates distribution: a pending or banned postcard is seen only by its owner, the
   * channel owner and moderators (sandbox voters see pending ones through the sandbox routes).
   */
  async function visible(row: PostcardRow | undefined, viewer: AuthUser | null): Promise<PostcardRow> {
    if (!row) throw notFound('Postcard not found');
    if (row.is_banned === 1 || row.is_approved !== 1) {
      const channelOwner = viewer ? (await channelById(db, row.collection_id))?.user_id : undefined;
      const allowed = !!viewer && (viewer.isModerator || viewer.id === row.user_id || viewer.id === channelOwner);
      if (!allowed) throw notFound('Postcard not found');
    }
    return row;
  }

  return {
    async get(viewer: AuthUser | null, id: number): Promise<Postcard> {
      return toPostcard(storage, await visible(await postcardsRepo.byId(db, id), viewer));
    },

    list: (viewer: AuthUser | null, q: z.output<typeof PostcardListQuery> & { collection_id: number }): Promise<PostcardPage> =>
      channels.postcards(viewer, q.collection_id, q),

    /** Saves one of the user's uploads into one of their channels; it starts pending. */
    async create(user: AuthUser, body: z.output<typeof CreatePostcardBody>): Promise<Postcard> {
      const at = iso(deps.clock.now());
      const id = await writeTx(deps, async (trx) => {
        const channel = await channelById(trx, body.collection_id);
        if (!channel) throw notFound('Channel not found');
        if (channel.user_id !== user.id) throw forbidden('Only the channel owner can add postcards to it');
        const upload = await uploadById(trx, body.upload_id);
        if (!upload) throw notFound('Upload not found');
        if (upload.user_id !== user.id) throw forbidden('You can only use your own uploads');
        if (body.category_id) {
          const category = await categoryById(trx, body.category_id);
          if (!category || category.user_id !== channel.user_id) throw invalid('category_id', 'Unknown category');
        }
        const { id } = await postcardsRepo.insert(trx, {
          user_id: user.id,
          collection_id: channel.id,
          upload_id: upload.id,
          category_id: body.category_id ?? null,
          title: body.title || titleFrom(body.description),
          description: body.description,
          file_name: upload.file_name,
          storage_key: upload.storage_key,
          media_kind: upload.kind,
          width: upload.width,
          height: upload.height,
          has_preview: upload.has_poster,
          renditions: upload.renditions,
          is_approved: 0,
          is_banned: 0,
          author_name: body.author_name,
          author_url: null,
          source_site: body.source_url ? siteOf(body.source_url) : null,
          source_url: body.source_url,
          created_at: at,
          moderated_at: null,
        });
        await recordEvent(trx, at, 'postcard.uploaded', { userId: user.id, postcardId: id });
        return id;
      });
      return toPostcard(storage, (await postcardsRepo.byId(db, id))!);
    },

    /** The owner changes the credit (author, link to the original), the description or the category. */
    async update(user: AuthUser, id: number, body: z.output<typeof UpdatePostcardBody>): Promise<Postcard> {
      const row = await visible(await postcardsRepo.byId(db, id), user);
      if (row.user_id !== user.id) throw forbidden("Only the postcard's owner can change it");
      const changes: Parameters<typeof postcardsRepo.update>[2] = {};
      if (body.category_id !== undefined) {
        if (body.category_id !== null) {
          const category = await categoryById(db, body.category_id);
          if (!category || category.user_id !== row.user_id) throw invalid('category_id', 'Unknown category');
        }
        changes.category_id = body.category_id;
      }
      if (body.author_name !== undefined) changes.author_name = body.author_name;
      if (body.source_url !== undefined) {
        changes.source_url = body.source_url;
        changes.source_site = body.source_url ? siteOf(body.source_url) : null;
      }
      if (body.description !== undefined) {
        changes.description = body.description;
        // a title made from the description follows it; a title given on its own stays
        if (row.title === null || (row.description !== null && row.title === titleFrom(row.description))) changes.title = titleFrom(body.description);
      }
      if (Object.keys(changes).length > 0) await postcardsRepo.update(db, id, changes);
      return toPostcard(storage, (await postcardsRepo.byId(db, id))!);
    },

    /**
     * A viewer opened the postcard: counted once per viewer per UTC day. A visitor is known by the
     * address the request came from (behind the proxy: TRUST_PROXY decides which one).
     */
    async view(viewer: AuthUser | null, address: string, id: number): Promise<PostcardStats> {
      const row = await visible(await postcardsRepo.byId(db, id), viewer);
      const day = iso(deps.clock.now()).slice(0, 10);
      const who = viewer ? `u:${viewer.id}` : `ip:${address}`;
      const counted = await retryingTx(db, async (trx) => {
        if (!(await postcardsRepo.addView(trx, id, who, day))) return false;
        await postcardsRepo.countView(trx, id);
        return true;
      });
      return {
        views: row.views_count + (counted ? 1 : 0),
        reposts: row.reposts_count,
        bookmarks: row.bookmarks_count,
      };
    },

    async remove(user: AuthUser, id: number) {
      const row = await visible(await postcardsRepo.byId(db, id), user);
      if (row.user_id !== user.id) throw forbidden("Only the postcard's owner can delete it");
      await writeTx(deps, async (trx) => {
        // greetings made of it go with it (cascade); the greetings module returns their unpaid gifts
        await postcardsRepo.delete(trx, id);
        await recordEvent(trx, iso(deps.clock.now()), 'postcards.deleted', { postcardIds: [id] });
      });
      return { success: true as const };
    },
  };
}
