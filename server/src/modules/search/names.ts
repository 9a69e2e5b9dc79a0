import type { FastifyInstance } from 'fastify';
import { type HolidayList } from '@otkrytka/contract';
import { sql } from 'kysely';
import type { Deps } from '../../deps';
import type { Queryable } from '../../db';
import { words } from './text';

export type Lang = 'ru' | 'en';

/** A name a postcard is found by through its category: a category's, its group's or a holiday's. */
export interface NamedThing {
  kind: 'category' | 'group' | 'holiday';
  /** the categories whose postcards the name finds */
  categoryIds: number[];
  text: Record<Lang, string>;
  /** the words of both names */
  words: string[];
  holidayId?: string;
  /** a holiday's next day, YYYY-MM-DD, and for one on a fixed date its day of the month and month (1–12): a query of that date finds it */
  date?: string;
  day?: { day: number; month: number };
}

/** The categories and groups of a listing's owner, with both names. */
export async function ownerNames(db: Queryable, collectionId: number): Promise<NamedThing[]> {
  const r = await sql<{ id: number; name: string; name_en: string | null; group_id: number | null; group_name: string | null; group_name_en: string | null }>`
    select c.id, c.name, c.name_en, c.group_id, g.name as group_name, g.name_en as group_name_en
    from categories as c left join category_groups as g on g.id = c.group_id
    where c.user_id = (select user_id from collections where id = ${collectionId})
    order by c.position, c.id`.execute(db);
  const things: NamedThing[] = [];
  const groups = new Map<number, NamedThing>();
  for (const c of r.rows) {
    const text = { ru: c.name, en: c.name_en ?? c.name };
    things.push({ kind: 'category', categoryIds: [c.id], text, words: [...words(text.ru), ...words(text.en)] });
    if (c.group_id !== null && c.group_name !== null) {
      let g = groups.get(c.group_id);
      if (!g) {
        const gt = { ru: c.group_name, en: c.group_name_en ?? c.group_name };
        groups.set(c.group_id, (g = { kind: 'group', categoryIds: [], text: gt, words: [...words(gt.ru), ...words(gt.en)] }));
        things.push(g);
      }
      g.categoryIds.push(c.id);
    }
  }
  return things;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const HOLIDAYS_KEEP_MS = 10 * 60_000;
const DAY_MS = 86_400_000;

/**
 * The calendar's holidays of the coming year with both names and their gallery categories, read
 * through the calendar's own API (GET /api/holidays), kept ten minutes.
 */
export function holidaySource(app: FastifyInstance, deps: Deps) {
  let kept: { day: string; at: number; holidays: NamedThing[] } | undefined;
  async function read(lang: Lang, from: string, to: string): Promise<HolidayList['holidays']> {
    const res = await app.inject({ method: 'GET', url: `/api/holidays?from=${from}&to=${to}&lang=${lang}` });
    if (res.statusCode !== 200) throw new Error(`holidays: ${res.statusCode}`);
    return (res.json() as HolidayList).holidays;
  }
  return async function holidays(): Promise<NamedThing[]> {
    const now = deps.clock.now();
    const day = isoDay(now);
    if (kept && kept.day === day && now.getTime() - kept.at < HOLIDAYS_KEEP_MS) return kept.holidays;
    const to = isoDay(new Date(now.getTime() + 364 * DAY_MS));
    const nextFrom = isoDay(new Date(now.getTime() + 365 * DAY_MS));
    const nextTo = isoDay(new Date(now.getTime() + 729 * DAY_MS));
    const [ru, en, next] = await Promise.all([read('ru', day, to), read('en', day, to), read('ru', nextFrom, nextTo)]);
    const english = new Map(en.map((h) => [h.id, h.name]));
    // a holiday on the same day of the year in the year after is on a fixed date: a query of that date finds it
    const nextDay = new Map(next.map((h) => [h.id, h.date.slice(5)]));
    const seen = new Set<string>();
    const list: NamedThing[] = [];
    for (const h of ru) {
      // a holiday lasting several days, or falling twice in the year ahead, is named once (its next day)
      if (seen.has(h.id)) continue;
      seen.add(h.id);
      const text = { ru: h.name, en: english.get(h.id) ?? h.name };
      const fixed = nextDay.get(h.id) === h.date.slice(5);
      list.push({
        kind: 'holiday',
        categoryIds: h.category_ids,
        text,
        words: [...words(text.ru), ...words(text.en)],
        holidayId: h.id,
        date: h.date,
        ...(fixed ? { day: { day: Number(h.date.slice(8, 10)), month: Number(h.date.slice(5, 7)) } } : {}),
      });
    }
    kept = { day, at: now.getTime(), holidays: list };
    return list;
  };
}
