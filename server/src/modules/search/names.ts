import { sql } from 'kysely';
import type { Queryable } from '../../db';
import { holidaysBetween } from '../../platform/holidays';
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

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/** A holiday of the coming year as the search names it: both names, its next day, the categories by their built-in names. */
interface ComingHoliday {
  id: string;
  text: Record<Lang, string>;
  date: string;
  day?: { day: number; month: number };
  categories: readonly string[];
  words: string[];
}

/**
 * The calendar's holidays of the year from `day` (a pure function of the day, so kept for the day
 * it was computed for): a holiday lasting several days, or falling twice in the year ahead, is
 * named once (its next day); one on the same day of the year in the year after is on a fixed date.
 */
let coming: { day: string; holidays: ComingHoliday[] } | undefined;
function comingHolidays(day: string): ComingHoliday[] {
  if (coming?.day === day) return coming.holidays;
  const at = Date.parse(`${day}T00:00:00Z`);
  const to = isoDay(new Date(at + 364 * DAY_MS));
  const next = holidaysBetween(isoDay(new Date(at + 365 * DAY_MS)), isoDay(new Date(at + 729 * DAY_MS)), 'ru');
  const english = new Map(holidaysBetween(day, to, 'en').map((h) => [h.id, h.name]));
  const nextDay = new Map(next.map((h) => [h.id, h.date.slice(5)]));
  const seen = new Set<string>();
  const list: ComingHoliday[] = [];
  for (const h of holidaysBetween(day, to, 'ru')) {
    if (seen.has(h.id)) continue;
    seen.add(h.id);
    const fixed = nextDay.get(h.id) === h.date.slice(5);
    const text = { ru: h.name, en: english.get(h.id) ?? h.name };
    list.push({
      id: h.id,
      text,
      words: [...words(text.ru), ...words(text.en)],
      date: h.date,
      ...(fixed ? { day: { day: Number(h.date.slice(8, 10)), month: Number(h.date.slice(5, 7)) } } : {}),
      categories: h.categories,
    });
  }
  coming = { day, holidays: list };
  return list;
}

interface CategoryName {
  id: number;
  name: string;
  name_en: string | null;
  position: number | null;
  group_id: number | null;
  group_name: string | null;
  group_name_en: string | null;
  own: number;
  gallery: number;
}

/**
 * The names a listing's postcards are found by: the categories and groups of its owner (both
 * names), then the holidays of the year from `now` (UTC day) filed under the gallery's categories
 * of their built-in names, as GET /api/holidays files them (the gallery owner's categories in their
 * order, a later one of the same name winning). One read for both owners' categories.
 */
export async function listingNames(db: Queryable, collectionId: number, galleryCollectionId: number, now: Date): Promise<NamedThing[]> {
  const owner = (id: number) => sql`(select user_id from collections where id = ${id})`;
  const r = await sql<CategoryName>`
    select c.id, c.name, c.name_en, c.position, c.group_id, g.name as group_name, g.name_en as group_name_en,
      case when c.user_id = ${owner(collectionId)} then 1 else 0 end as own,
      case when c.user_id = ${owner(galleryCollectionId)} then 1 else 0 end as gallery
    from categories as c left join category_groups as g on g.id = c.group_id
    where c.user_id in (select user_id from collections where id in (${collectionId}, ${galleryCollectionId}))
    order by c.position, c.id`.execute(db);
  const rows = r.rows.map((c) => ({ ...c, id: Number(c.id), group_id: c.group_id === null ? null : Number(c.group_id) }));
  const things: NamedThing[] = [];
  const groups = new Map<number, NamedThing>();
  for (const c of rows) {
    if (!Number(c.own)) continue;
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
  const gallery = rows
    .filter((c) => Number(c.gallery))
    .sort((a, b) => Number(a.position === null) - Number(b.position === null) || (a.position ?? 0) - (b.position ?? 0) || a.id - b.id);
  const ids = new Map(gallery.map((c) => [c.name, c.id]));
  for (const h of comingHolidays(isoDay(now))) {
    things.push({
      kind: 'holiday',
      categoryIds: h.categories.map((name) => ids.get(name)).filter((id): id is number => id !== undefined),
      text: h.text,
      words: h.words,
      holidayId: h.id,
      date: h.date,
      ...(h.day ? { day: h.day } : {}),
    });
  }
  return things;
}
