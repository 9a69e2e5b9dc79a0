import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FIRST_YEAR,
  GALLERY_CATEGORIES,
  HOLIDAYS,
  holidaysBetween,
  LAST_YEAR,
  MAX_RANGE_DAYS,
  nthWeekdayOf,
  orthodoxEaster,
  rangeDays,
  westernEaster,
  type Holiday,
  type HolidayLang,
  type Weekday,
} from '../src/platform/holidays';
import { dayNumber, formatDayNumber, fromDayNumber, julianDayNumber, julianToGregorian, parseCalendarDate, weekdayOf } from '../src/platform/holidays/dates';
import { ruleDaysIn } from '../src/platform/holidays/rules';
import { orthodoxEasterDay } from '../src/platform/holidays/computus';
import { DEMO_GROUPS, DEMO_LOOSE_CATEGORIES } from '../src/seed/catalogue';

const YEARS = Array.from({ length: LAST_YEAR - FIRST_YEAR + 1 }, (_, i) => FIRST_YEAR + i);
const weekdayOfDate = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay();
const monthDay = (date: string): string => date.slice(5);
const addDays = (date: string, days: number): string => formatDayNumber(parseCalendarDate(date)! + days);
/** the one date a holiday falls on in a year, through the public function */
const dateOf = (id: string, year: number, lang: HolidayLang = 'ru'): string[] =>
  holidaysBetween(`${year}-01-01`, `${year}-12-31`, lang)
    .filter((h) => h.id === id)
    .map((h) => h.date);

/**
 * Gauss's Easter formulas, written independently of the Meeus algorithms the code uses. The Julian
 * result is moved to the Gregorian calendar by the century rule (valid for March–December dates).
 */
function gaussOrthodoxEaster(year: number): string {
  const d = (19 * (year % 19) + 15) % 30;
  const e = (2 * (year % 4) + 4 * (year % 7) + 6 * d + 6) % 7;
  const julianToGregorianDays = Math.floor(year / 100) - Math.floor(year / 400) - 2;
  return new Date(Date.UTC(year, 2, 22 + d + e + julianToGregorianDays)).toISOString().slice(0, 10);
}
function gaussWesternEaster(year: number): string {
  const k = Math.floor(year / 100);
  const p = Math.floor((13 + 8 * k) / 25);
  const q = Math.floor(k / 4);
  const m = (15 - p + k - q) % 30;
  const n = (4 + k - q) % 7;
  const d = (19 * (year % 19) + m) % 30;
  const e = (2 * (year % 4) + 4 * (year % 7) + 6 * d + n) % 7;
  let day = 22 + d + e;
  if (d === 29 && e === 6) day = 31 + 19;
  else if (d === 28 && e === 6 && (11 * m + 11) % 30 < 19) day = 31 + 18;
  return new Date(Date.UTC(year, 2, day)).toISOString().slice(0, 10);
}

/** Orthodox moving feasts from the published 2012–2020 table named in SOURCES.md. */
const PUBLISHED_ORTHODOX = [
  // year, Forgiveness Sunday, Palm Sunday, Easter, Trinity
  [2012, '02-26', '04-08', '04-15', '06-03'],
  [2013, '03-17', '04-28', '05-05', '06-23'],
  [2014, '03-02', '04-13', '04-20', '06-08'],
  [2015, '02-22', '04-05', '04-12', '05-31'],
  [2016, '03-13', '04-24', '05-01', '06-19'],
  [2017, '02-26', '04-09', '04-16', '06-04'],
  [2018, '02-18', '04-01', '04-08', '05-27'],
  [2019, '03-10', '04-21', '04-28', '06-16'],
  [2020, '03-01', '04-12', '04-19', '06-07'],
] as const;

describe('Orthodox Easter', () => {
  it.each([
    [2025, '2025-04-20'],
    [2026, '2026-04-12'],
    [2027, '2027-05-02'],
    [2024, '2024-05-05'],
    [2000, '2000-04-30'],
    [1900, '1900-04-22'],
    // the latest possible dates in 1900–2100, and an earliest one
    [1983, '1983-05-08'],
    [2078, '2078-05-08'],
    [2010, '2010-04-04'],
  ])('falls in %i on %s', (year, date) => {
    expect(orthodoxEaster(year)).toBe(date);
  });

  it.each(PUBLISHED_ORTHODOX)('matches the published table for %i', (year, _forgiveness, _palm, easter) => {
    expect(orthodoxEaster(year)).toBe(`${year}-${easter}`);
  });

  it('is a Sunday from 4 April to 8 May (Gregorian) in every year 1900–2100, as Gauss’s formula gives it', () => {
    for (const year of YEARS) {
      const date = orthodoxEaster(year);
      expect(weekdayOfDate(date), date).toBe(0);
      expect(monthDay(date) >= '04-04' && monthDay(date) <= '05-08', date).toBe(true);
      expect(date).toBe(gaussOrthodoxEaster(year));
    }
  });

  it('never comes before Western Easter', () => {
    for (const year of YEARS) expect(orthodoxEaster(year) >= westernEaster(year), String(year)).toBe(true);
  });

  it.each([1899, 2101, 2025.5, Number.NaN])('refuses the year %s', (year) => {
    expect(() => orthodoxEaster(year)).toThrow(RangeError);
    expect(() => westernEaster(year)).toThrow(RangeError);
  });
});

describe('Western Easter', () => {
  it.each([
    [2027, '2027-03-28'],
    [2025, '2025-04-20'],
    [2024, '2024-03-31'],
    [2000, '2000-04-23'],
    [1900, '1900-04-15'],
    // the earliest and latest dates in 1900–2100
    [1913, '1913-03-23'],
    [2008, '2008-03-23'],
    [1943, '1943-04-25'],
    [2038, '2038-04-25'],
  ])('falls in %i on %s', (year, date) => {
    expect(westernEaster(year)).toBe(date);
  });

  it('is a Sunday from 22 March to 25 April in every year 1900–2100, as Gauss’s formula gives it', () => {
    for (const year of YEARS) {
      const date = westernEaster(year);
      expect(weekdayOfDate(date), date).toBe(0);
      expect(monthDay(date) >= '03-22' && monthDay(date) <= '04-25', date).toBe(true);
      expect(date).toBe(gaussWesternEaster(year));
    }
  });
});

describe('the Julian calendar', () => {
  it.each([
    [1900, 2, 28, '1900-03-12'],
    [1900, 2, 29, '1900-03-13'],
    [1900, 3, 1, '1900-03-14'],
    [1918, 1, 31, '1918-02-13'],
    [2100, 2, 28, '2100-03-13'],
    [2100, 2, 29, '2100-03-14'],
    [2100, 3, 1, '2100-03-15'],
  ])('%i-%i-%i (Julian) is %s (Gregorian)', (y, m, d, gregorian) => {
    expect(julianToGregorian(y, m, d)).toBe(gregorian);
  });

  it('runs 13 days behind from 1 March 1900 to 28 February 2100 (Julian), 12 before and 14 after', () => {
    const offset = (y: number, m: number, d: number): number => julianDayNumber(y, m, d) - dayNumber(y, m, d);
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2100 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }), (y, m, d) => {
        const expected = y === 1900 && m <= 2 ? 12 : y === 2100 && m >= 3 ? 14 : 13;
        expect(offset(y, m, d)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('plain calendar dates', () => {
  const anyDate = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true });

  it('count days as UTC dates do, both ways, with the same weekday', () => {
    fc.assert(
      fc.property(anyDate, (instant) => {
        const text = instant.toISOString().slice(0, 10);
        const n = parseCalendarDate(text)!;
        expect(n).toBe(Math.floor(instant.getTime() / 86_400_000));
        expect(formatDayNumber(n)).toBe(text);
        expect(weekdayOf(n)).toBe(instant.getUTCDay());
      }),
      { numRuns: 2000 },
    );
  });

  it.each(['2025-02-29', '2100-02-29', '2025-13-01', '2025-04-31', '2025-4-1', '20250401', ' 2025-04-01', ''])('refuses %j', (text) => {
    expect(parseCalendarDate(text)).toBeNull();
  });

  it('accepts 29 February of a leap year, and of 2000', () => {
    expect(parseCalendarDate('2024-02-29')).not.toBeNull();
    expect(fromDayNumber(parseCalendarDate('2000-02-29')!)).toEqual({ year: 2000, month: 2, day: 29 });
  });
});

describe('nthWeekdayOf', () => {
  it.each([
    [2026, 11, 0, -1, '2026-11-29'],
    [2025, 11, 0, -1, '2025-11-30'],
    [2025, 6, 0, 3, '2025-06-15'],
    [2026, 8, 0, 2, '2026-08-09'],
    [2026, 7, 6, 4, '2026-07-25'],
    [2026, 2, 1, 1, '2026-02-02'],
    [2026, 3, 1, 5, '2026-03-30'],
    [2026, 2, 1, 5, null],
  ] as const)('%i-%i, weekday %i, n = %i: %s', (year, month, weekday, n, expected) => {
    expect(nthWeekdayOf(year, month, weekday, n)).toBe(expected);
  });

  it('gives the asked weekday in the asked week of the month', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: FIRST_YEAR, max: LAST_YEAR }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 6 }),
        fc.constantFrom(1, 2, 3, 4, -1),
        (year, month, weekday, n) => {
          const date = nthWeekdayOf(year, month, weekday as Weekday, n)!;
          expect(weekdayOfDate(date)).toBe(weekday);
          expect(date.slice(0, 7)).toBe(`${year}-${String(month).padStart(2, '0')}`);
          const day = Number(date.slice(8));
          if (n === -1) expect(addDays(date, 7).slice(0, 7)).not.toBe(date.slice(0, 7));
          else expect(day > 7 * (n - 1) && day <= 7 * n).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it.each([
    [2026, 0, 0, 1],
    [2026, 13, 0, 1],
    [2026, 1, 7, 1],
    [2026, 1, 0, 0],
    [2026, 1, 0, 6],
    [1899, 1, 0, 1],
  ])('refuses year %i, month %i, weekday %i, n = %i', (year, month, weekday, n) => {
    expect(() => nthWeekdayOf(year, month, weekday as Weekday, n)).toThrow(RangeError);
  });
});

describe('the holiday data', () => {
  const sources = fs.readFileSync(path.resolve(import.meta.dirname, '../src/platform/holidays/SOURCES.md'), 'utf8');

  it('gives every holiday a unique slug, a Russian and an English name, and a cited source', () => {
    const ids = HOLIDAYS.map((h) => h.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const holiday of HOLIDAYS) {
      expect(holiday.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(holiday.name.ru.trim(), holiday.id).not.toBe('');
      expect(holiday.name.en.trim(), holiday.id).not.toBe('');
      expect(holiday.name.ru, holiday.id).toMatch(/[а-яё]/i);
      for (const citation of [holiday.source, ...(holiday.alsoCited ?? [])]) {
        expect(citation.title.trim(), holiday.id).not.toBe('');
        expect(sources, `SOURCES.md lists «${citation.title}»`).toContain(citation.title);
      }
    }
  });

  it('files holidays under the demo gallery’s categories, by their names', () => {
    const seeded = [...DEMO_GROUPS.flatMap((group) => group.categories), ...DEMO_LOOSE_CATEGORIES];
    expect([...GALLERY_CATEGORIES].sort()).toEqual([...seeded].sort());
    for (const holiday of HOLIDAYS) for (const category of holiday.categories) expect(seeded, holiday.id).toContain(category);
  });

  it('has at least ten professional days', () => {
    expect(HOLIDAYS.filter((h) => h.kind === 'professional').length).toBeGreaterThanOrEqual(10);
  });

  it.each([
    ['new-year', '2026-01-01'],
    ['orthodox-christmas', '2026-01-07'],
    ['old-new-year', '2026-01-14'],
    ['tatiana-day', '2026-01-25'],
    ['valentines-day', '2026-02-14'],
    ['defender-of-the-fatherland-day', '2026-02-23'],
    ['international-womens-day', '2026-03-08'],
    ['cosmonautics-day', '2026-04-12'],
    ['spring-and-labour-day', '2026-05-01'],
    ['victory-day', '2026-05-09'],
    ['childrens-day', '2026-06-01'],
    ['russia-day', '2026-06-12'],
    ['family-love-and-fidelity-day', '2026-07-08'],
    ['international-day-of-friendship', '2026-07-30'],
    ['knowledge-day', '2026-09-01'],
    ['international-day-of-older-persons', '2026-10-01'],
    ['teachers-day', '2026-10-05'],
    ['national-unity-day', '2026-11-04'],
    ['mothers-day', '2026-11-29'],
    ['medical-workers-day', '2026-06-21'],
    ['builders-day', '2026-08-09'],
    ['accountants-day', '2026-11-21'],
    ['police-day', '2026-11-10'],
    ['metallurgists-day', '2026-07-19'],
    ['miners-day', '2026-08-30'],
    ['trade-workers-day', '2026-07-25'],
    ['navy-day', '2026-07-26'],
    ['airborne-forces-day', '2026-08-02'],
    ['programmers-day', '2026-09-13'],
    ['forgiveness-sunday', '2026-02-22'],
    ['palm-sunday', '2026-04-05'],
    ['orthodox-easter', '2026-04-12'],
    ['radonitsa', '2026-04-21'],
    ['trinity', '2026-05-31'],
    ['maslenitsa', '2026-02-16'],
  ])('puts %s on %s in 2026', (id, date) => {
    expect(dateOf(id, 2026)).toEqual([date]);
  });

  it.each([
    ['mothers-day', 2025, '2025-11-30'],
    ['programmers-day', 2024, '2024-09-12'],
    ['programmers-day', 2025, '2025-09-13'],
    ['orthodox-christmas', 1900, '1900-01-06'],
    ['orthodox-christmas', 1901, '1901-01-07'],
    ['orthodox-christmas', 2100, '2100-01-07'],
    ['old-new-year', 1900, '1900-01-13'],
    ['old-new-year', 2100, '2100-01-14'],
    ['epiphany', 2026, '2026-01-19'],
    ['intercession', 2026, '2026-10-14'],
  ])('puts %s of %i on %s', (id, year, date) => {
    expect(dateOf(id, year)).toEqual([date]);
  });

  it.each(PUBLISHED_ORTHODOX)('places the moving feasts of %i as the published table does', (year, forgiveness, palm, easter, trinity) => {
    expect(dateOf('forgiveness-sunday', year)).toEqual([`${year}-${forgiveness}`]);
    expect(dateOf('palm-sunday', year)).toEqual([`${year}-${palm}`]);
    expect(dateOf('orthodox-easter', year)).toEqual([`${year}-${easter}`]);
    expect(dateOf('trinity', year)).toEqual([`${year}-${trinity}`]);
  });

  it('lists Maslenitsa 2026 as the seven days ending with Forgiveness Sunday', () => {
    const [maslenitsa] = holidaysBetween('2026-02-20', '2026-02-20', 'ru');
    expect(maslenitsa).toMatchObject({ id: 'maslenitsa', date: '2026-02-16', end_date: '2026-02-22', name: 'Масленица', kind: 'folk' });
    // sorted by first day: Maslenitsa (from 16 February) before Forgiveness Sunday
    const lastDay = holidaysBetween('2026-02-22', '2026-02-22', 'ru').map((h) => h.id);
    expect(lastDay).toEqual(['maslenitsa', 'forgiveness-sunday']);
  });

  /** where each rule may land, checked for every holiday in every year 1900–2100 */
  const fitsRule = (holiday: Holiday, date: string, year: number): void => {
    const rule = holiday.rule;
    const [, m, d] = date.split('-').map(Number);
    switch (rule.type) {
      case 'fixed':
        expect([m, d]).toEqual([rule.month, rule.day]);
        break;
      case 'julian': {
        const julianYear = date.slice(5) < '03-01' && rule.month >= 11 ? year - 1 : year;
        expect(date).toBe(julianToGregorian(julianYear, rule.month, rule.day));
        break;
      }
      case 'nthWeekday':
        expect(weekdayOfDate(date)).toBe(rule.weekday);
        expect(m).toBe(rule.month);
        if (rule.n === -1) expect(Number(addDays(date, 7).slice(5, 7))).not.toBe(rule.month);
        else expect(d! > 7 * (rule.n - 1) && d! <= 7 * rule.n).toBe(true);
        break;
      case 'dayOfYear':
        expect(parseCalendarDate(date)! - dayNumber(year, 1, 1) + 1).toBe(rule.day);
        break;
      case 'easter':
        expect(date).toBe(addDays(rule.church === 'orthodox' ? orthodoxEaster(year) : westernEaster(year), rule.offset));
        break;
    }
  };

  it('places every holiday once a year, inside that year, where its rule says, 1900–2100', () => {
    for (const year of YEARS) {
      for (const holiday of HOLIDAYS) {
        const days = ruleDaysIn(holiday.rule, year);
        expect(days.length, `${holiday.id} ${year}`).toBe(1);
        const date = formatDayNumber(days[0]!);
        const last = formatDayNumber(days[0]! + (holiday.days ?? 1) - 1);
        expect(date.slice(0, 4), holiday.id).toBe(String(year));
        expect(last.slice(0, 4), holiday.id).toBe(String(year));
        fitsRule(holiday, date, year);
      }
    }
  });

  it.each([
    ['forgiveness-sunday', 0, '02-14', '03-20'],
    ['maslenitsa', 1, '02-08', '03-14'],
    ['palm-sunday', 0, '03-28', '05-01'],
    ['orthodox-easter', 0, '04-04', '05-08'],
    ['radonitsa', 2, '04-13', '05-17'],
    ['trinity', 0, '05-23', '06-26'],
  ])('keeps %s on its weekday (%i) from %s to %s, 1900–2100', (id, weekday, earliest, latest) => {
    const holiday = HOLIDAYS.find((h) => h.id === id)!;
    for (const year of YEARS) {
      const date = formatDayNumber(ruleDaysIn(holiday.rule, year)[0]!);
      expect(weekdayOfDate(date), date).toBe(weekday);
      expect(monthDay(date) >= earliest && monthDay(date) <= latest, date).toBe(true);
    }
  });

  it('ends Maslenitsa on Forgiveness Sunday, 49 days before Easter', () => {
    const maslenitsa = HOLIDAYS.find((h) => h.id === 'maslenitsa')!;
    for (const year of YEARS) {
      const [first] = ruleDaysIn(maslenitsa.rule, year);
      expect(first! + maslenitsa.days! - 1).toBe(orthodoxEasterDay(year) - 49);
    }
  });
});

describe('holidaysBetween', () => {
  const anyDay = fc.integer({ min: dayNumber(FIRST_YEAR, 1, 1), max: dayNumber(LAST_YEAR, 12, 31) });
  const anyRange = fc
    .tuple(anyDay, fc.integer({ min: 0, max: MAX_RANGE_DAYS - 1 }))
    .map(([start, length]) => [start, Math.min(start + length, dayNumber(LAST_YEAR, 12, 31))] as const);
  const anyLang = fc.constantFrom<HolidayLang>('ru', 'en');

  it('lists, sorted by date, the holidays that touch the range, each with a name in the asked language', () => {
    fc.assert(
      fc.property(anyRange, anyLang, ([start, end], lang) => {
        const from = formatDayNumber(start);
        const to = formatDayNumber(end);
        const list = holidaysBetween(from, to, lang);
        for (const [i, h] of list.entries()) {
          expect(h.end_date >= from && h.date <= to, `${h.id} ${h.date}`).toBe(true);
          if (i > 0) expect(list[i - 1]!.date <= h.date).toBe(true);
          const holiday = HOLIDAYS.find((x) => x.id === h.id)!;
          expect(h.name).toBe(holiday.name[lang]);
          expect(h.kind).toBe(holiday.kind);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('gives, for a range cut in two, the holidays of both halves', () => {
    fc.assert(
      fc.property(anyRange, anyLang, fc.double({ min: 0, max: 1, noNaN: true }), ([start, end], lang, at) => {
        const cut = start + Math.floor((end - start) * at);
        const key = (h: { id: string; date: string }): string => `${h.date} ${h.id}`;
        const whole = holidaysBetween(formatDayNumber(start), formatDayNumber(end), lang).map(key);
        const halves = [
          ...holidaysBetween(formatDayNumber(start), formatDayNumber(cut), lang),
          ...(cut < end ? holidaysBetween(formatDayNumber(cut + 1), formatDayNumber(end), lang) : []),
        ].map(key);
        expect(whole).toEqual([...new Set(halves)].sort((a, b) => whole.indexOf(a) - whole.indexOf(b)));
        expect(new Set(halves)).toEqual(new Set(whole));
      }),
      { numRuns: 300 },
    );
  });

  it('lists every holiday of the language once in each whole year, 1900–2100', () => {
    const expected = (lang: HolidayLang): number => HOLIDAYS.filter((h) => !h.langs || h.langs.includes(lang)).length;
    for (const year of YEARS) {
      for (const lang of ['ru', 'en'] as const) {
        const ids = holidaysBetween(`${year}-01-01`, `${year}-12-31`, lang).map((h) => h.id);
        expect(new Set(ids).size, `${year} ${lang}`).toBe(ids.length);
        expect(ids.length, `${year} ${lang}`).toBe(expected(lang));
      }
    }
  });

  it('shows Western Easter and Christmas to the English interface only', () => {
    const ru = holidaysBetween('2027-03-01', '2027-12-31', 'ru').map((h) => h.id);
    const en = holidaysBetween('2027-03-01', '2027-12-31', 'en');
    expect(ru).not.toContain('western-easter');
    expect(ru).not.toContain('western-christmas');
    expect(en.find((h) => h.id === 'western-easter')).toMatchObject({ date: '2027-03-28', name: 'Easter', kind: 'religious' });
    expect(en.find((h) => h.id === 'western-christmas')).toMatchObject({ date: '2027-12-25', name: 'Christmas Day' });
    expect(en.find((h) => h.id === 'orthodox-easter')).toMatchObject({ date: '2027-05-02', name: 'Orthodox Easter' });
  });

  it('answers a range across New Year with both years’ holidays, and marks days off', () => {
    const list = holidaysBetween('2025-12-25', '2026-01-08', 'ru');
    expect(list.map((h) => [h.date, h.id, h.day_off])).toEqual([
      ['2026-01-01', 'new-year', true],
      ['2026-01-07', 'orthodox-christmas', true],
    ]);
    expect(list[0]).toEqual({
      id: 'new-year',
      date: '2026-01-01',
      end_date: '2026-01-01',
      name: 'Новый год',
      kind: 'public',
      day_off: true,
      categories: ['Новый год'],
    });
  });

  it('orders holidays of the same day by kind, then id', () => {
    expect(holidaysBetween('2026-04-12', '2026-04-12', 'ru').map((h) => h.id)).toEqual(['cosmonautics-day', 'orthodox-easter']);
    expect(holidaysBetween('2026-07-12', '2026-07-12', 'ru').map((h) => h.id)).toEqual(['fishermens-day', 'russian-post-day']);
  });

  it('answers an empty list when the range ends before it starts', () => {
    expect(holidaysBetween('2026-03-09', '2026-03-08', 'ru')).toEqual([]);
  });

  it.each([
    ['2025-02-30', '2025-03-01'],
    ['2025-1-1', '2025-03-01'],
    ['2025-01-01', 'tomorrow'],
    ['1899-12-31', '1900-01-31'],
    ['2100-12-01', '2101-01-01'],
  ])('refuses %s … %s', (from, to) => {
    expect(() => holidaysBetween(from, to, 'ru')).toThrow(RangeError);
  });

  it('counts a range’s days with both ends, so a leap year fits in MAX_RANGE_DAYS and a day more does not', () => {
    expect(MAX_RANGE_DAYS).toBe(366);
    expect(rangeDays('2024-01-01', '2024-12-31')).toBe(366);
    expect(rangeDays('2025-01-01', '2026-01-01')).toBe(366);
    expect(rangeDays('2025-01-01', '2026-01-02')).toBe(367);
    expect(rangeDays('2025-01-01', '2025-01-01')).toBe(1);
    expect(rangeDays('2025-02-30', '2025-03-01')).toBeNull();
  });
});
