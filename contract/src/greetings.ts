import { z } from 'zod';
import { defineRoutes } from './route';
import { BodyId, Id, IsoDate, Ok } from './common';
import {
  DEFAULT_GREETING_BACKGROUND,
  GREETING_BACKGROUNDS,
  GREETING_LIMITS,
  GREETING_PUBLIC_ID,
} from './rules/greetings';

export * from './rules/greetings';

/** `{id}` of every greeting route and link: the unguessable public id, never the numeric one. */
export const GreetingPublicId = z.string().regex(GREETING_PUBLIC_ID, { error: 'not a greeting id' });
export const GreetingIdParams = z.object({ id: GreetingPublicId });

export const GreetingBackgroundId = z.enum(GREETING_BACKGROUNDS);

/**
 * A trimmed text; empty or missing becomes null, and the server puts the default of the creator's
 * language in its place (wizard: every step is optional).
 */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);

/** A trimmed text that must not be empty (edit page: all three fields are required). */
const requiredText = (max: number) => z.string().trim().min(1, { error: 'required' }).max(max);

export const CreateGreetingBody = z
  .object({
    image_relations_id: BodyId,
    to_whom: optionalText(GREETING_LIMITS.toWhomMax),
    greeting: optionalText(GREETING_LIMITS.greetingMax),
    from_whom: optionalText(GREETING_LIMITS.fromWhomMax),
    background_first_page: GreetingBackgroundId.default(DEFAULT_GREETING_BACKGROUND),
    /** the page behind the greeting text; the first page's background when not given */
    background_greeting_page: GreetingBackgroundId.optional(),
    /** yang energy gifted to the first person who accepts; escrowed from the sender at creation */
    energy: z.number().int().min(0).max(GREETING_LIMITS.energyMax).default(0),
  })
  .transform((b) => ({ ...b, background_greeting_page: b.background_greeting_page ?? b.background_first_page }));
export type CreateGreetingBody = z.input<typeof CreateGreetingBody>;

export const UpdateGreetingBody = z.object({
  to_whom: requiredText(GREETING_LIMITS.toWhomMax).optional(),
  greeting: requiredText(GREETING_LIMITS.greetingMax).optional(),
  from_whom: requiredText(GREETING_LIMITS.fromWhomMax).optional(),
  background_first_page: GreetingBackgroundId.optional(),
  background_greeting_page: GreetingBackgroundId.optional(),
});
export type UpdateGreetingBody = z.input<typeof UpdateGreetingBody>;

/** The postcard a greeting is made of, with the media URLs the pages need. */
export const GreetingPostcard = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  collection_id: z.number().int(),
  media_kind: z.enum(['image', 'gif', 'video']),
  image_url: z.string(),
  /** previews are null when the postcard has none (a video stored without a poster) */
  preview_78x101_url: z.string().nullable(),
  preview_36_url: z.string().nullable(),
  /** a 768x1180 rendition for full-screen viewing on phones */
  viewer_url: z.string().nullable(),
});
export type GreetingPostcard = z.infer<typeof GreetingPostcard>;

/** Everything the greeting page, the sender preview and the edit page need, in one answer. */
export const Greeting = z.object({
  /** the public id */
  id: z.string(),
  to_whom: z.string(),
  greeting: z.string(),
  from_whom: z.string(),
  background_first_page: GreetingBackgroundId,
  background_greeting_page: GreetingBackgroundId,
  /** the gift in yang energy (0: no gift) */
  energy: z.number().int(),
  /** someone already accepted the gift */
  gift_claimed: z.boolean(),
  /** the signed-in caller is the sender (false for visitors) */
  is_own: z.boolean(),
  image_relations_id: z.number().int(),
  /** null when the postcard has since been banned */
  postcard: GreetingPostcard.nullable(),
  channel: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** the bot deep link that opens this greeting in the Telegram Mini App (`start=card=<id>`); null without a bot */
  telegram_url: z.string().nullable(),
  created_at: IsoDate,
  updated_at: IsoDate,
});
export type Greeting = z.infer<typeof Greeting>;

/** A row of "my created greetings". */
export const CreatedGreeting = z.object({
  id: z.string(),
  to_whom: z.string(),
  greeting: z.string(),
  from_whom: z.string(),
  energy: z.number().int(),
  gift_claimed: z.boolean(),
  /** how many people accepted it */
  accepted_count: z.number().int(),
  image_relations_id: z.number().int(),
  image_url: z.string().nullable(),
  preview_36_url: z.string().nullable(),
  /** a sharper portrait thumbnail for high-density screens */
  preview_78x101_url: z.string().nullable(),
  created_at: IsoDate,
});
export type CreatedGreeting = z.infer<typeof CreatedGreeting>;

/** A row of "my greetings someone accepted". `id` is the acceptance (for removing the row). */
export const ReceivedGreeting = z.object({
  id: z.number().int(),
  /** the public id of the greeting */
  greeting_id: z.string(),
  to_whom: z.string(),
  greeting: z.string(),
  from_whom: z.string(),
  energy_received: z.number().int(),
  image_relations_id: z.number().int(),
  image_url: z.string().nullable(),
  preview_36_url: z.string().nullable(),
  /** a sharper portrait thumbnail for high-density screens */
  preview_78x101_url: z.string().nullable(),
  created_at: IsoDate,
  received_at: IsoDate,
  /** the name of the user who accepted it (name, else login); null if the account is gone */
  accepted_by: z.string().nullable(),
});
export type ReceivedGreeting = z.infer<typeof ReceivedGreeting>;

/** A row of "greetings I accepted". `id` is the acceptance; `greeting_id` the original's public id. */
export const AcceptedGreeting = z.object({
  id: z.number().int(),
  greeting_id: z.string(),
  to_whom: z.string(),
  greeting: z.string(),
  from_whom: z.string(),
  energy_received: z.number().int(),
  image_relations_id: z.number().int(),
  image_url: z.string().nullable(),
  preview_36_url: z.string().nullable(),
  /** a sharper portrait thumbnail for high-density screens */
  preview_78x101_url: z.string().nullable(),
  accepted_at: IsoDate,
});
export type AcceptedGreeting = z.infer<typeof AcceptedGreeting>;

/** Keyset pagination: pass `next_cursor` back as `cursor` for the next page. */
export const GreetingListQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(GREETING_LIMITS.pageMax).default(GREETING_LIMITS.pageDefault),
});
const page = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), next_cursor: z.string().nullable() });

export const AcceptanceStatus = z.object({
  /** the caller accepted this greeting */
  is_accepted: z.boolean(),
  accepted_at: IsoDate.nullable(),
  energy_received: z.number().int(),
  /** the caller is the sender (who cannot accept) */
  is_own: z.boolean(),
  gift_claimed: z.boolean(),
});
export type AcceptanceStatus = z.infer<typeof AcceptanceStatus>;

export const AcceptGreetingResult = z.object({
  /** true when the caller had accepted it before: nothing changed, nothing paid */
  already_accepted: z.boolean(),
  /** energy paid to the caller by this acceptance (0 when the gift was taken or there was none) */
  energy_received: z.number().int(),
  accepted: AcceptedGreeting,
});
export type AcceptGreetingResult = z.infer<typeof AcceptGreetingResult>;

/** The spec's accept payload (greeting_id, to_whom, greeting, from_whom) is accepted and ignored. */
const AcceptGreetingBody = z
  .object({
    greeting_id: z.union([z.string(), z.number()]).optional(),
    to_whom: z.string().optional(),
    greeting: z.string().optional(),
    from_whom: z.string().optional(),
  })
  // Fastify validates a missing body as null
  .nullish();

export const greetingsRoutes = defineRoutes({
  'POST /api/greetings': {
    access: 'user',
    summary: 'Create a greeting from a postcard; the energy gift is escrowed from the sender',
    body: CreateGreetingBody,
    status: 201,
    response: Greeting,
  },
  'GET /api/greetings/created': {
    access: 'user',
    summary: 'Greetings I created, newest first',
    query: GreetingListQuery,
    response: page(CreatedGreeting),
  },
  'GET /api/greetings/received': {
    access: 'user',
    summary: 'My greetings that someone accepted, newest acceptance first',
    query: GreetingListQuery,
    response: page(ReceivedGreeting),
  },
  'GET /api/greetings/accepted': {
    access: 'user',
    summary: 'Greetings I accepted, newest first',
    query: GreetingListQuery,
    response: page(AcceptedGreeting),
  },
  'GET /api/greetings/{id}': {
    access: 'optional',
    summary: 'A greeting by its public id (works for visitors)',
    params: GreetingIdParams,
    response: Greeting,
  },
  'PATCH /api/greetings/{id}': {
    access: 'user',
    summary: 'Edit my greeting',
    params: GreetingIdParams,
    body: UpdateGreetingBody,
    response: Greeting,
  },
  'DELETE /api/greetings/{id}': {
    access: 'user',
    summary: 'Delete my greeting; an unclaimed gift goes back to me',
    params: GreetingIdParams,
    response: Ok.extend({ refunded_energy: z.number().int() }),
  },
  'GET /api/greetings/{id}/accepted': {
    access: 'user',
    summary: 'Whether I accepted this greeting',
    params: GreetingIdParams,
    response: AcceptanceStatus,
  },
  'POST /api/greetings/{id}/accept': {
    access: 'user',
    summary: 'Accept a greeting; the first to accept receives its gift',
    params: GreetingIdParams,
    body: AcceptGreetingBody,
    response: AcceptGreetingResult,
  },
  'DELETE /api/greetings/accepted/{id}': {
    access: 'user',
    summary: 'Remove a greeting from my accepted list',
    params: z.object({ id: Id }),
    response: Ok,
  },
  'DELETE /api/greetings/received/{id}': {
    access: 'user',
    summary: 'Remove an acceptance of my greeting from my received list',
    params: z.object({ id: Id }),
    response: Ok,
  },
});
