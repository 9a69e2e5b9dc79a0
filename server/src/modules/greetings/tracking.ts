import crypto from 'node:crypto';
import { GREETING_TRACKING, type GreetingReply, type GreetingReplyReaction, type GreetingStatus } from '@otkrytka/contract';
import { invalid } from '../../http/errors';

/**
 * The rules of a greeting's life after sending (docs/PRODUCT-RULES.md, greetings): when it is sealed, what status it
 * shows, which opens count, when a reply may change, which moments a schedule accepts.
 */

/** The detail of a 404 for a greeting that does not exist (or is not this user's to see). */
export const GREETING_NOT_FOUND = 'Greeting not found';

type Moments = { opens_at: string | null; opened_at: string | null; accepted_at: string | null; held_for: string | null };

/**
 * Held back from its recipient: a group card collecting signatures, or a greeting whose Telegram
 * gift is not paid yet. To anyone but its sender it does not exist (404, no preview, no picture).
 */
export const isHeld = (g: { held_for: string | null }) => g.held_for !== null;

/**
 * Shows nothing of itself to anyone but its sender: held back, or scheduled and before its
 * moment. Computed from the clock on every read (timestamps are ISO UTC strings, so they compare
 * as text), so every route switches at the same instant.
 */
export const isSealed = (g: { opens_at: string | null; held_for: string | null }, now: Date) =>
  isHeld(g) || (!!g.opens_at && g.opens_at > now.toISOString());

const isScheduled = (g: { opens_at: string | null }, now: Date) => !!g.opens_at && g.opens_at > now.toISOString();

export const statusOf = (g: Moments, now: Date): GreetingStatus =>
  g.held_for === 'group'
    ? 'collecting'
    : g.held_for === 'payment'
      ? 'awaiting_payment'
      : isScheduled(g, now)
        ? 'scheduled'
        : g.accepted_at
          ? 'accepted'
          : g.opened_at
            ? 'opened'
            : 'sent';

/** Whole seconds from now to the moment, rounded up (0 once it is due); null when not sealed. */
export const secondsUntilOpen = (g: { opens_at: string | null }, now: Date): number | null =>
  isScheduled(g, now) ? Math.max(0, Math.ceil((Date.parse(g.opens_at!) - now.getTime()) / 1000)) : null;

/**
 * Link-preview fetchers and other robots: their requests never count as opens. Messengers fetch a
 * link's page (and some its API) to draw a preview before anyone taps it.
 */
const CRAWLER_UA = /bot\b|bot\/|bot-|crawl|spider|slurp|preview|facebookexternalhit|facebookcatalog|whatsapp\/|vkshare|embedly|pinterest/i;
export const isCrawler = (userAgent: string | undefined) => !userAgent || CRAWLER_UA.test(userAgent);

/**
 * Who opened a greeting, for not counting repeats: the user id when signed in, else a hash of the
 * client address: a visitor is one viewer per address within the window, whatever user agent it
 * sends (rotating it makes no more opens). The hash is not reversible into the address.
 */
export function viewerKey(user: { id: number } | null, client: { ip: string }): string {
  if (user) return `u:${user.id}`;
  const h = crypto.createHash('sha256').update(client.ip).digest('base64url');
  return `v:${h.slice(0, 32)}`;
}

/** The claim of the first user who signed in on a browser that opened a greeting signed out. */
export const takeoverKey = (browserKey: string) => `${browserKey}>`;

/** Checks a requested moment against the server clock; answers it in UTC. */
export function scheduledMoment(opensAt: string, now: Date): string {
  const at = Date.parse(opensAt);
  if (Number.isNaN(at)) throw invalid('opens_at', 'an ISO timestamp with an offset, e.g. 2027-03-12T09:00:00+03:00');
  const ahead = at - now.getTime();
  if (ahead < GREETING_TRACKING.scheduleMinAheadMs) throw invalid('opens_at', 'must be at least 5 minutes ahead');
  if (ahead > GREETING_TRACKING.scheduleMaxAheadMs) throw invalid('opens_at', 'must be at most a year (365 days) ahead');
  return new Date(at).toISOString();
}

/**
 * An IANA timezone name the runtime knows (`Europe/Moscow`), kept as given, else 422 naming
 * `opens_tz`. Not the runtime's own spelling of it: that may be an old alias (`Europe/Kiev` for
 * `Europe/Kyiv`).
 */
export function checkedTimezone(tz: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz;
  } catch {
    throw invalid('opens_tz', 'an IANA timezone such as Europe/Moscow');
  }
}

export const replyEditableUntil = (createdAt: string) => new Date(Date.parse(createdAt) + GREETING_TRACKING.replyEditWindowMs).toISOString();

export function presentReply(r: {
  reaction: string | null;
  text: string | null;
  created_at: string;
  updated_at: string;
  from: string | null;
}): GreetingReply {
  return {
    reaction: r.reaction as GreetingReplyReaction | null,
    text: r.text,
    from: r.from,
    replied_at: r.created_at,
    updated_at: r.updated_at,
    editable_until: replyEditableUntil(r.created_at),
  };
}
