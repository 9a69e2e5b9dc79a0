import { GREETING_TRACKING, type GreetingReplyReaction, type GreetingStatus } from '@otkrytka/contract/rules/greetings';

/** What a status line needs of a greeting (a created-list row or the sender's greeting). */
export interface StatusFacts {
  status: GreetingStatus;
  created_at: string;
  opens_at: string | null;
  /** the timezone the sender chose the moment in */
  opens_tz: string | null;
  opened_at: string | null;
  accepted_at: string | null;
}

const locale = (lang: string) => (lang === 'en' ? 'en-GB' : 'ru-RU');

/**
 * A moment as people say it: "12 марта в 09:00" / "12 March at 09:00" (the year only when it is not
 * this year's). `timeZone` is the reader's unless given.
 */
export function formatMoment(iso: string, lang: string, o: { now?: Date; timeZone?: string } = {}): string {
  const d = new Date(iso);
  const now = o.now ?? new Date();
  const yearOf = (x: Date) => new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: o.timeZone }).format(x);
  const date = new Intl.DateTimeFormat(locale(lang), {
    day: 'numeric',
    month: 'long',
    ...(yearOf(d) !== yearOf(now) ? { year: 'numeric' as const } : {}),
    timeZone: o.timeZone,
  }).format(d);
  const time = new Intl.DateTimeFormat(locale(lang), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: o.timeZone }).format(d);
  // "12 марта 2027 г." reads better without the abbreviation inside a sentence
  return lang === 'en' ? `${date} at ${time}` : `${date.replace(/\s?г\.$/, '')} в ${time}`;
}

/** A timezone `Intl` knows, else undefined (the reader's). */
export function knownZone(zone: string | null | undefined): string | undefined {
  if (!zone) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

/**
 * The moment a status line names, written for the sender: a scheduled moment in the zone they
 * chose it in (the page names that zone beside it), any other in the reader's.
 */
export function formatStatusMoment(g: StatusFacts, at: string, lang: string): string {
  return formatMoment(at, lang, { timeZone: g.status === 'scheduled' ? knownZone(g.opens_tz) : undefined });
}

/** The moment a status line names: when it was scheduled to open, sent, first opened or accepted. */
export function statusMoment(g: StatusFacts): string | null {
  switch (g.status) {
    case 'scheduled':
      return g.opens_at;
    case 'opened':
      return g.opened_at;
    case 'accepted':
      return g.accepted_at;
    case 'collecting':
    case 'awaiting_payment':
      // held back: no moment to tell yet
      return null;
    default:
      // a scheduled greeting is "sent" at its moment, an ordinary one when it was made
      return g.opens_at ?? g.created_at;
  }
}

/** Days, hours, minutes and seconds left (never negative). */
export function countdownParts(ms: number): { days: number; hours: number; minutes: number; seconds: number } {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/** The browser cannot hold a timer longer than this (2^31-1 ms); longer waits rely on re-checks. */
export const MAX_TIMER_MS = 2_147_483_647;

/** The sender's IANA timezone ("Europe/Moscow"). */
export const senderTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const pad = (n: number) => String(n).padStart(2, '0');

/** A Date as a `datetime-local` value in the device's timezone ("2027-03-12T09:00"). */
export function toLocalInput(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value as an ISO timestamp with the device's offset ("2027-03-12T09:00:00+03:00"); null if unreadable. */
export function localInputToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const d = new Date(value); // a date-time without an offset is read as local time
  if (Number.isNaN(d.getTime())) return null;
  const off = -d.getTimezoneOffset();
  const sign = off >= 0 ? '+' : '-';
  return `${toLocalInput(d)}:${pad(d.getSeconds())}${sign}${pad(Math.floor(Math.abs(off) / 60))}:${pad(Math.abs(off) % 60)}`;
}

/** The bounds of the schedule input: from 5 minutes ahead (rounded up to the minute) to a year ahead. */
export function scheduleBounds(now = new Date()): { min: Date; max: Date } {
  const min = new Date(Math.ceil((now.getTime() + GREETING_TRACKING.scheduleMinAheadMs) / 60_000) * 60_000);
  const max = new Date(Math.floor((now.getTime() + GREETING_TRACKING.scheduleMaxAheadMs) / 60_000) * 60_000);
  return { min, max };
}

/** Why a chosen moment cannot be sent, or null when it can (the server checks again). */
export function scheduleProblem(value: string, now = new Date()): 'required' | 'tooSoon' | 'tooLate' | null {
  const iso = value ? localInputToIso(value) : null;
  if (!iso) return 'required';
  const at = Date.parse(iso);
  if (at < now.getTime() + GREETING_TRACKING.scheduleMinAheadMs) return 'tooSoon';
  if (at > now.getTime() + GREETING_TRACKING.scheduleMaxAheadMs) return 'tooLate';
  return null;
}

/** A default for the schedule input: tomorrow at 09:00. */
export function defaultScheduleValue(now = new Date()): string {
  const d = new Date(now);
  d.setDate(d.getDate() + 1);
  d.setHours(9, 0, 0, 0);
  return toLocalInput(d);
}

/** Counted as the server counts: after trimming. */
export const replyLength = (text: string) => text.trim().length;

/** Why a reply cannot be sent yet, or null: it needs a reaction or a text, and the text fits. */
export function replyProblem(reaction: GreetingReplyReaction | null, text: string): 'empty' | 'tooLong' | null {
  if (replyLength(text) > GREETING_TRACKING.replyTextMax) return 'tooLong';
  if (!reaction && replyLength(text) === 0) return 'empty';
  return null;
}

/** A reply can be edited until its `editable_until`, never after. */
export const replyEditable = (reply: { editable_until: string }, now = Date.now()) => now < Date.parse(reply.editable_until);
