import ical, { ICalAlarmType, ICalCalendarMethod, ICalEventRepeatingFreq } from 'ical-generator';
import type { HolidayKind, PersonDateKind } from '@otkrytka/contract';
import { DateTime } from 'luxon';
import { holidaysBetween } from '../../platform/holidays';
import { remindDaysOf } from './reminders';
import type { PersonDateRow } from './repo';

const KIND_NAMES: Record<'ru' | 'en', Record<PersonDateKind, string>> = {
  ru: { birthday: 'День рождения', anniversary: 'Годовщина', name_day: 'Именины', other: 'Памятная дата' },
  en: { birthday: 'Birthday', anniversary: 'Anniversary', name_day: 'Name day', other: 'Special day' },
};

/**
 * A user's private calendar (RFC 5545): each date a yearly all-day event with an alarm per
 * reminder (days before, at the local time), 29 February on the last day of February in other
 * years; plus the holidays of the kinds asked for, this year and the next.
 */
export function calendarFeed(o: {
  host: string;
  lang: 'ru' | 'en';
  dates: PersonDateRow[];
  holidayKinds: HolidayKind[];
  now: Date;
}): string {
  const cal = ical({
    name: o.lang === 'ru' ? 'Открытка — мои даты' : 'Otkrytka — my dates',
    prodId: { company: 'Otkrytka', product: 'Dates', language: o.lang.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
  });
  for (const d of o.dates) {
    const first = DateTime.fromObject({ year: d.year ?? 2000, month: d.month, day: d.day });
    const [hour, minute] = d.remind_time.split(':').map(Number) as [number, number];
    const summary = `${KIND_NAMES[o.lang][d.kind as PersonDateKind] ?? d.kind}: ${d.person_name}`;
    const event = cal.createEvent({
      id: `date-${d.id}@${o.host}`,
      start: first.toJSDate(),
      allDay: true,
      summary,
      description: d.note ?? undefined,
      stamp: new Date(d.updated_at),
      repeating:
        d.month === 2 && d.day === 29
          ? { freq: ICalEventRepeatingFreq.YEARLY, byMonth: [2], byMonthDay: [-1] }
          : { freq: ICalEventRepeatingFreq.YEARLY },
    });
    // an all-day event starts at local midnight: the alarm is `days` before it, then forward to the time
    for (const days of remindDaysOf(d)) event.createAlarm({ type: ICalAlarmType.display, trigger: days * 86_400 - hour * 3600 - minute * 60, description: summary });
  }
  if (o.holidayKinds.length) {
    const year = DateTime.fromJSDate(o.now).year;
    for (const h of holidaysBetween(`${year}-01-01`, `${year + 1}-12-31`, o.lang)) {
      if (!o.holidayKinds.includes(h.kind)) continue;
      cal.createEvent({
        id: `holiday-${h.id}-${h.date}@${o.host}`,
        start: DateTime.fromISO(h.date).toJSDate(),
        end: DateTime.fromISO(h.end_date).plus({ days: 1 }).toJSDate(),
        allDay: true,
        summary: h.name,
        stamp: o.now,
      });
    }
  }
  return cal.toString();
}
