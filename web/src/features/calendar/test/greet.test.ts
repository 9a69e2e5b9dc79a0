import { describe, expect, it } from 'vitest';
import { addDays, localToday } from '../core';
import { clearIntent, intentFromSearch, loadIntent, openingValue, pickingPath, saveIntent } from '../extra';

describe('a greeting started for a day', () => {
  it('reads a reminder’s gallery address (the server writes it) and writes the same', () => {
    const path = '/gallery?to=%D0%9C%D0%B0%D0%BC%D0%B0&opens=2027-03-14&date=12';
    expect(intentFromSearch(new URLSearchParams(path.split('?')[1]))).toEqual({ toWhom: 'Мама', opens: '2027-03-14', dateId: 12, holidayId: undefined });
    expect(pickingPath({ toWhom: 'Мама', opens: '2027-03-14', dateId: 12 })).toBe(path);
    expect(pickingPath({ opens: '2027-03-08', holidayId: 'womens-day', category: 4 })).toBe('/gallery?opens=2027-03-08&holiday=womens-day&category=4');
  });

  it('ignores what is not a day, an id or a holiday’s id', () => {
    expect(intentFromSearch(new URLSearchParams('category=3'))).toBeNull();
    expect(intentFromSearch(new URLSearchParams('opens=14.03.2027&date=abc&holiday=<b>'))).toBeNull();
  });

  it('is kept for the tab for an hour', () => {
    saveIntent({ toWhom: 'Мама', opens: '2027-03-14' }, 1_000_000);
    expect(loadIntent(1_000_000 + 59 * 60_000)).toMatchObject({ toWhom: 'Мама', opens: '2027-03-14' });
    expect(loadIntent(1_000_000 + 61 * 60_000)).toBeNull();
    clearIntent();
    expect(loadIntent(1_000_000)).toBeNull();
  });

  it('opens at 09:00 on the day, unless that moment has passed or is more than a year ahead', () => {
    const tomorrow = addDays(localToday(), 1);
    expect(openingValue(tomorrow)).toBe(`${tomorrow}T09:00`);
    expect(openingValue(addDays(localToday(), -1))).toBeNull();
    expect(openingValue(addDays(localToday(), 400))).toBeNull();
    // today at 09:00 from 10:00 on: the greeting goes at once
    const now = new Date();
    now.setHours(10, 0, 0, 0);
    expect(openingValue(localToday(now), now)).toBeNull();
  });
});
