import { z } from 'zod';
import { CARD_TYPES, type NotificationType, RESOURCE_TYPES } from './rules/game';
import { GREETING_REPLY_REACTIONS } from './rules/greetings';
import { PERSON_DATE_KINDS } from './rules/calendar';

/**
 * Every notification the server writes, declared once: a template key, the notification type it
 * files under, and its typed params. The server stores key and params; the texts live in
 * i18n `notifications:text.<key>` (ru and en), rendered by `notificationText`
 * (`@otkrytka/contract/notification-text`) on the server and in the web app alike.
 * Catalog items are named by key (`quest`, `achievement`, `card`, `resource`).
 */
const Count = z.number().int();
const def = <T extends z.ZodRawShape>(type: NotificationType, params: T) => ({ type, params: z.object(params) });

export const NOTIFICATION_TEMPLATES = {
  level_up: def('level_up', { level: Count, energy: Count, gems: Count, card: z.enum(CARD_TYPES).nullable(), cap: Count }),
  quest: def('quest', { quest: z.string(), energy: Count, gems: Count }),
  achievement: def('achievement', { achievement: z.string(), coins: Count, gems: Count }),
  energy_full: def('energy_full', { cap: Count }),
  top_position: def('top_position', { rank: Count }),
  daily_reward: def('daily_reward', { day: Count, energy: Count, coins: Count, gems: Count }),
  production_complete: def('production_complete', { card: z.enum(CARD_TYPES), quantity: Count, resource: z.enum(RESOURCE_TYPES) }),
  /** to the sender: `name` (null when unknown) accepted the greeting to `to`, with `gift` energy */
  greeting_accepted: def('greeting_received', { name: z.string().nullable(), to: z.string(), gift: Count }),
  /** to the acceptor: the greeting from `from` is among their gifts */
  gift: def('gift', { from: z.string(), gift: Count }),
  // after sending, to the sender
  /** the greeting to `to` was first opened by someone else */
  greeting_opened: def('greeting_opened', { to: z.string() }),
  /** `name` (null when unknown) replied to the greeting to `to` with a reaction and/or a text */
  greeting_reply: def('greeting_reply', {
    name: z.string().nullable(),
    to: z.string(),
    reaction: z.enum(GREETING_REPLY_REACTIONS).nullable(),
    text: z.string().nullable(),
  }),
  /** the moment of the scheduled greeting to `to` came: it is open now */
  greeting_scheduled_open: def('greeting_scheduled_open', { to: z.string() }),
  // group cards, to each contributor
  /** the group card to `to` they signed was first opened by its recipient */
  group_opened: def('greeting_opened', { to: z.string() }),
  /** `name` (null when unknown) accepted the group card to `to` they signed; `gift`: their own gift it carried */
  group_accepted: def('greeting_received', { name: z.string().nullable(), to: z.string(), gift: Count }),
  /** the organiser (`by` organiser) or a moderator removed their note on the card to `to`; `gift` went back to them */
  group_contribution_removed: def('gift', { to: z.string(), gift: Count, by: z.enum(['organiser', 'moderator']) }),
  /** their gift on the card to `to` went back to them: the organiser cancelled the card, or nobody accepted it in time */
  group_refunded: def('gift', { to: z.string(), gift: Count, why: z.enum(['cancelled', 'expired']) }),
  /** one of the user's dates is `days` away (0: today); `turns` years then when the year is known; `late` when the reminder comes after its moment */
  date_reminder: def('date_reminder', { name: z.string(), kind: z.enum(PERSON_DATE_KINDS), days: Count, turns: Count.nullable(), late: z.boolean() }),
} satisfies Record<string, { type: NotificationType; params: z.ZodObject }>;

type Templates = typeof NOTIFICATION_TEMPLATES;
export type NotificationKey = keyof Templates;
export type NotificationParams<K extends NotificationKey> = z.infer<Templates[K]['params']>;
/** One template with its params, typed by key. */
export type NotificationTemplate = { [K in NotificationKey]: { key: K; params: NotificationParams<K> } }[NotificationKey];

const options = Object.entries(NOTIFICATION_TEMPLATES).map(([key, t]) => z.object({ key: z.literal(key), params: t.params }));
export const NotificationTemplate = z.discriminatedUnion(
  'key',
  options as unknown as [(typeof options)[number], ...(typeof options)[number][]],
) as unknown as z.ZodType<NotificationTemplate>;
