import { describe, expect, it } from 'vitest';
import { backTarget, cardPath, nearestAfterRemoval, startIndex } from './navigation';

const q = (s: string) => new URLSearchParams(s);

describe('viewer back navigation', () => {
  it('sends the sandbox to /gallery?sandbox=1', () => {
    expect(backTarget('sandbox', q('from=bookmarks&category=3'), null)).toBe('/gallery?sandbox=1');
  });
  it('sends bookmarks mode and from=bookmarks to /bookmarks', () => {
    expect(backTarget('bookmarks', q(''), null)).toBe('/bookmarks');
    expect(backTarget('channel', q('from=bookmarks'), 9)).toBe('/bookmarks');
  });
  it('otherwise returns to the gallery with the category, else the group, else plain', () => {
    expect(backTarget('channel', q('from=gallery&category=4&group=2'), 9)).toBe('/gallery?category=4');
    expect(backTarget('channel', q('from=gallery&category=&group=2'), 9)).toBe('/gallery?group=2');
    expect(backTarget('channel', q(''), 9)).toBe('/gallery');
    expect(backTarget('channel', q('from=gallery'), 12)).toBe('/gallery');
  });

  it('returns to the gallery in the sort it was browsed in', () => {
    expect(backTarget('channel', q('from=gallery&category=4&sort=popular'), 9)).toBe('/gallery?category=4&sort=popular');
    expect(backTarget('channel', q('from=gallery&category=&group=&sort=newest24h'), 9)).toBe('/gallery?sort=newest24h');
    expect(backTarget('channel', q('from=gallery&sort=newest'), 9)).toBe('/gallery');
  });
  it('returns to the results of the search it was opened from', () => {
    expect(backTarget('channel', q('q=%D1%82%D1%8E%D0%BB%D1%8C%D0%BF%D0%B0%D0%BD%D1%8B&from=gallery'), 9)).toBe('/gallery?q=%D1%82%D1%8E%D0%BB%D1%8C%D0%BF%D0%B0%D0%BD%D1%8B');
    expect(backTarget('channel', q('category=5&q=roses'), 12)).toBe('/mychannels/12?category=5&q=roses');
  });
  it('returns to a channel other than the gallery when opened from its page', () => {
    expect(backTarget('channel', q('category=5'), 12)).toBe('/mychannels/12?category=5');
    expect(backTarget('channel', q(''), 12)).toBe('/mychannels/12');
  });
});

describe('moving between cards', () => {
  it('keeps the query string and the mode', () => {
    expect(cardPath('channel', 7, 9, '?category=1&from=gallery')).toBe('/mychannels/9/7?category=1&from=gallery');
    expect(cardPath('bookmarks', 7, null, '')).toBe('/bookmarks/7');
    expect(cardPath('sandbox', 7, null, '?x=1')).toBe('/sandbox/7?x=1');
  });
  it('starts at the card of the route, or at the first', () => {
    expect(startIndex([5, 6, 7], 7)).toBe(2);
    expect(startIndex([5, 6, 7], 99)).toBe(-1);
  });
  it('after a delete moves to the nearest remaining card, or to none', () => {
    expect(nearestAfterRemoval(3, 1)).toBe(1);
    expect(nearestAfterRemoval(3, 3)).toBe(2);
    expect(nearestAfterRemoval(0, 0)).toBeNull();
  });
});
