import type { Holiday, PersonDate } from '@otkrytka/contract';
import { addDays, localToday } from '../core';

/** A holiday `days` from today (typed by the contract, so a drifted fixture fails to compile). */
export const holiday = (days: number, over: Partial<Holiday> = {}): Holiday => {
  const date = addDays(localToday(), days);
  return { id: `h${days}`, date, end_date: date, name: `Праздник ${days}`, kind: 'public', category_ids: [5], ...over };
};

/** One of my dates, `days_until` from today. */
export const personDate = (over: Partial<PersonDate> = {}): PersonDate => {
  const days = over.days_until ?? 3;
  const next = addDays(localToday(), days);
  return {
    id: 1,
    person_name: 'Мама',
    kind: 'birthday',
    day: Number(next.slice(8)),
    month: Number(next.slice(5, 7)),
    year: 1966,
    note: null,
    remind_days_before: [1],
    remind_time: '10:00',
    time_zone: 'Europe/Moscow',
    next_date: next,
    days_until: days,
    turns: 60,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...over,
  };
};
