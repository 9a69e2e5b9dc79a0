import { formatDate } from '@/lib/format';

export interface DayGroup<T> {
  /** yyyy-mm-dd in the viewer's time zone */
  day: string;
  items: T[];
}

const dayKey = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** Groups items (already newest first) by the local calendar day of `dateOf(item)`, keeping their order. */
export function groupByDay<T>(items: T[], dateOf: (item: T) => string): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const day = dayKey(new Date(dateOf(item)));
    const last = groups[groups.length - 1];
    if (last && last.day === day) last.items.push(item);
    else groups.push({ day, items: [item] });
  }
  return groups;
}

/** A day heading: today and yesterday by name, other days as a long date (ru-RU, or en-GB in English). */
export function dayLabel(day: string, lang: string, labels: { today: string; yesterday: string }, now: Date = new Date()): string {
  const today = dayKey(now);
  const y = new Date(now);
  y.setDate(y.getDate() - 1);
  if (day === today) return labels.today;
  if (day === dayKey(y)) return labels.yesterday;
  const [yy, mm, dd] = day.split('-').map(Number) as [number, number, number];
  return formatDate(new Date(yy, mm - 1, dd, 12).toISOString(), lang);
}
