import type { z } from 'zod';
import type { Channel, CreateChannelBody, Subscription, UpdateChannelBody } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { badRequest, forbidden, notFound } from '../../http/errors';
import type { AuthUser } from '../../http/routes';
import { iso } from '../../platform/clock';
import { recordEvent, writeTx } from '../../jobs/runner';
import { type ChannelRow, channelsRepo } from './repo';

/**
 * Pending and banned postcards are listed only to the channel's owner and the moderator
 * (moderation gates distribution); a channel's `postcards_count` counts what the listing shows.
 */
export const seesAllPostcards = (viewer: AuthUser | null, ownerId: number) => !!viewer && (viewer.isModerator || viewer.id === ownerId);

const toChannel = (r: ChannelRow, viewer: AuthUser | null): Channel => ({
  id: r.id,
  name: r.name,
  title: r.name,
  description: r.description,
  user_id: r.user_id,
  subscribers_count: Number(r.subscribers_count ?? 0),
  postcards_count: Number((seesAllPostcards(viewer, r.user_id) ? r.all_postcards_count : r.approved_postcards_count) ?? 0),
  is_owner: r.user_id === viewer?.id,
  is_subscribed: Boolean(Number(r.is_subscribed)),
  created_at: r.created_at,
});

const toSubscription = (s: { collection_id: number; user_id: number; created_at: string }): Subscription => ({
  collection_id: s.collection_id,
  user_id: s.user_id,
  subscriber_id: s.user_id,
  created_at: s.created_at,
});

export function channelsService(deps: Deps) {
  const { db, config } = deps;

  /** The channel as `viewer` sees it: its postcard count is what their listing of it shows. */
  async function channel(id: number, viewer: AuthUser | null = null): Promise<Channel> {
    const row = await channelsRepo.withCounts(db, id, viewer?.id ?? 0);
    if (!row) throw notFound('Channel not found');
    return toChannel(row, viewer);
  }

  /** The channel, if the user owns it; 404 when it does not exist, 403 when it is someone else's. */
  async function owned(user: AuthUser, id: number) {
    const row = await channelsRepo.byId(db, id);
    if (!row) throw notFound('Channel not found');
    if (row.user_id !== user.id) throw forbidden('Only the channel owner can do this');
    return row;
  }

  return {
    channel,

    async mine(user: AuthUser): Promise<Channel[]> {
      return (await channelsRepo.mine(db, user.id)).map((r) => toChannel(r, user));
    },

    async create(user: AuthUser, body: z.output<typeof CreateChannelBody>): Promise<Channel> {
      const at = iso(deps.clock.now());
      const id = await writeTx(deps, async (trx) => {
        const { id } = await channelsRepo.insert(trx, {
          user_id: user.id,
          name: body.name,
          description: body.description,
          created_at: at,
        });
        await recordEvent(trx, at, 'channel.created', { userId: user.id, channelId: id });
        return id;
      });
      return channel(id, user);
    },

    async update(user: AuthUser, id: number, body: z.output<typeof UpdateChannelBody>): Promise<Channel> {
      await owned(user, id);
      const changes = {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
      };
      if (Object.keys(changes).length) await channelsRepo.update(db, id, changes);
      return channel(id, user);
    },

    async remove(user: AuthUser, id: number) {
      await owned(user, id);
      if (id === config.galleryCollectionId) throw forbidden('The public gallery cannot be deleted');
      await writeTx(deps, async (trx) => {
        // greetings made of its postcards go with them (cascade); the greetings module returns their unpaid gifts
        await channelsRepo.delete(trx, id);
        await recordEvent(trx, iso(deps.clock.now()), 'channel.deleted', { channelId: id });
      });
      return { success: true as const };
    },

    async subscriptions(user: AuthUser, collectionId?: number): Promise<Subscription[]> {
      return (await channelsRepo.subscriptions(db, user.id, collectionId)).map(toSubscription);
    },

    async subscribe(user: AuthUser, collectionId: number): Promise<Subscription> {
      const row = await channelsRepo.byId(db, collectionId);
      if (!row) throw notFound('Channel not found');
      if (row.user_id === user.id) throw badRequest('You own this channel and cannot subscribe to it', 'OWN_CHANNEL');
      await channelsRepo.subscribe(db, user.id, collectionId, iso(deps.clock.now()));
      const sub = await channelsRepo.subscription(db, user.id, collectionId);
      return toSubscription(sub!);
    },

    async leave(user: AuthUser, collectionId: number) {
      const row = await channelsRepo.byId(db, collectionId);
      if (!row) throw notFound('Channel not found');
      if (row.user_id === user.id) throw badRequest('You own this channel and cannot leave it', 'OWN_CHANNEL');
      const removed = await channelsRepo.unsubscribe(db, user.id, collectionId);
      if (!removed) throw notFound('You are not subscribed to this channel');
      return { success: true as const };
    },
  };
}
