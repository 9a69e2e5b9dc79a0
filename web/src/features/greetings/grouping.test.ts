import { describe, expect, it } from 'vitest';
import { dayLabel, groupByDay } from './grouping';

const labels = { today: 'Сегодня', yesterday: 'Вчера' };
const local = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min).toISOString();

describe('groupByDay', () => {
  it('groups newest-first items by local calendar day and keeps their order', () => {
    const items = [
      { id: 1, at: local(2026, 3, 10, 23, 59) },
      { id: 2, at: local(2026, 3, 10, 0, 1) },
      { id: 3, at: local(2026, 3, 9, 18) },
      { id: 4, at: local(2026, 2, 28, 9) },
    ];
    const groups = groupByDay(items, (i) => i.at);
    expect(groups.map((g) => [g.day, g.items.map((i) => i.id)])).toEqual([
      ['2026-03-10', [1, 2]],
      ['2026-03-09', [3]],
      ['2026-02-28', [4]],
    ]);
  });

  it('gives no groups for no items', () => {
    expect(groupByDay([], () => '')).toEqual([]);
  });
});

describe('dayLabel', () => {
  const now = new Date(2026, 2, 10, 15, 0);
  it('names today and yesterday', () => {
    expect(dayLabel('2026-03-10', 'ru', labels, now)).toBe('Сегодня');
    expect(dayLabel('2026-03-09', 'ru', labels, now)).toBe('Вчера');
  });

  it('gives other days as a long ru-RU date, or en-GB in English', () => {
    expect(dayLabel('2026-03-08', 'ru', labels, now)).toBe('8 марта 2026 г.');
    expect(dayLabel('2026-03-08', 'en', labels, now)).toBe('8 March 2026');
  });

  it('knows yesterday across a month boundary', () => {
    expect(dayLabel('2026-02-28', 'ru', labels, new Date(2026, 2, 1, 9))).toBe('Вчера');
  });
});
