import { z } from 'zod';
import { defineRoutes } from './route';
import { BodyId, Id, IdParams, Ok, QueryCount } from './common';
import { ChannelPostcardsQuery, ChannelWindowQuery, Postcard, PostcardPage, PostcardWindow } from './postcards';
import { CHANNEL_LIMITS } from './rules/postcards';
import { trimInvisible } from './rules/text';

/** A channel ("collection"), with true counts and the caller's relation to it. */
export const Channel = z.object({
  id: z.number().int(),
  name: z.string(),
  /** the same as name (the spec's client reads either) */
  title: z.string(),
  description: z.string().nullable(),
  user_id: z.number().int(),
  subscribers_count: z.number().int(),
  /** the postcards the reader's listing of the channel shows: all of them to the owner and the moderator, the approved and not banned ones to everyone else */
  postcards_count: z.number().int(),
  is_owner: z.boolean(),
  is_subscribed: z.boolean(),
  created_at: z.string(),
});
export type Channel = z.infer<typeof Channel>;

const ChannelName = z
  .string({ error: 'channels.errors.nameRequired' })
  .overwrite(trimInvisible)
  .min(1, { error: 'channels.errors.nameRequired' })
  .min(CHANNEL_LIMITS.nameMin, { error: 'channels.errors.nameTooShort' })
  .max(CHANNEL_LIMITS.nameMax, { error: 'channels.errors.nameTooLong' });
const ChannelDescription = z
  .string()
  .overwrite(trimInvisible)
  .max(CHANNEL_LIMITS.descriptionMax)
  .nullish()
  .transform((v) => (v ? v : null));

export const CreateChannelBody = z.object({ name: ChannelName, description: ChannelDescription });
export type CreateChannelBody = z.input<typeof CreateChannelBody>;
export const UpdateChannelBody = z.object({ name: ChannelName.optional(), description: ChannelDescription });
export type UpdateChannelBody = z.input<typeof UpdateChannelBody>;

/** One's subscription to a channel. `subscriber_id` is the subscriber (the spec's name for it). */
export const Subscription = z.object({
  collection_id: z.number().int(),
  user_id: z.number().int(),
  subscriber_id: z.number().int(),
  created_at: z.string(),
});
export type Subscription = z.infer<typeof Subscription>;

export const SubscriptionFeed = z.object({
  items: z.array(Postcard),
  offset: z.number().int(),
  limit: z.number().int(),
  has_more: z.boolean(),
});
export type SubscriptionFeed = z.infer<typeof SubscriptionFeed>;

export const channelsRoutes = defineRoutes({
  'GET /api/collections': {
    access: 'user',
    summary: 'My channels: the ones I own, then the ones I follow',
    response: z.array(Channel),
  },
  'POST /api/collections': {
    access: 'user',
    summary: 'Create a channel',
    body: CreateChannelBody,
    status: 201,
    response: Channel,
  },
  'GET /api/collections/{id}': {
    access: 'optional',
    summary: 'One channel with its counts',
    params: IdParams,
    response: Channel,
  },
  'PATCH /api/collections/{id}': {
    access: 'user',
    summary: 'Edit your channel',
    params: IdParams,
    body: UpdateChannelBody,
    response: Channel,
  },
  'DELETE /api/collections/{id}': {
    access: 'user',
    summary: 'Delete your channel and its postcards',
    params: IdParams,
    response: Ok,
  },
  'GET /api/collections/{id}/postcards': {
    access: 'optional',
    summary: "A channel's postcards, newest first, by category or group, approved only or all, with moderation counts; with q, the approved ones a search finds, best matches first",
    params: IdParams,
    query: ChannelPostcardsQuery,
    response: PostcardPage,
  },
  'GET /api/collections/{id}/window': {
    access: 'optional',
    summary: "The postcards around one postcard of a channel's listing, in the viewer's order (404 when it is not in that listing)",
    params: IdParams,
    query: ChannelWindowQuery,
    response: PostcardWindow,
  },
  'GET /api/subscriptions/': {
    access: 'user',
    summary: 'My subscriptions; with collection_id, a non-empty list means I follow that channel',
    query: z.object({
      collection_id: Id.optional(),
      user_id: z.string().optional(),
      subscriber_id: z.string().optional(),
    }),
    response: z.array(Subscription),
  },
  'POST /api/subscriptions/': {
    access: 'user',
    summary: 'Follow a channel (repeating it changes nothing)',
    body: z.object({ collection_id: BodyId, user_id: z.unknown().optional(), subscriber_id: z.unknown().optional() }),
    status: 201,
    response: Subscription,
  },
  'DELETE /api/subscriptions/{collection_id}': {
    access: 'user',
    summary: 'Leave a channel',
    params: z.object({ collection_id: Id }),
    response: Ok,
  },
  'GET /api/subscriptions/postcards': {
    access: 'user',
    summary: 'The newest approved postcards of the channels I follow',
    query: z.object({
      offset: QueryCount.default(0),
      limit: z.coerce.number().int().min(1).max(100).default(40),
    }),
    response: SubscriptionFeed,
  },
});
