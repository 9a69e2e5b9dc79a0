import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, LOAD_RETRIES, loadBundle, MAX_PARALLEL_LOADS, type TextKey, type TOptions, translate as appTranslate } from './runtime';

// these tests translate texts of their own (`cards:count`, `notes:sent`), which the app's keys do not name
const translate = (key: string, opts?: TOptions) => appTranslate(key as TextKey, opts);

i18n.addResourceBundle('ru', 'common', { hello: 'Привет, {{name}}!', nested: { deep: 'Глубоко' } });
i18n.addResourceBundle('ru', 'cards', { count_one: '{{count}} открытка', count_few: '{{count}} открытки', count_many: '{{count}} открыток', only: 'Только ru' });
i18n.addResourceBundle('en', 'cards', { count_one: '{{count}} postcard', count_other: '{{count}} postcards' });

describe('translation runtime', () => {
  it('interpolates and reads nested keys', () => {
    i18n.setLanguage('ru', 'ru');
    expect(translate('hello', { name: 'Аня' })).toBe('Привет, Аня!');
    expect(translate('nested.deep')).toBe('Глубоко');
  });

  it('picks Russian plural forms by count', () => {
    i18n.setLanguage('ru', 'ru');
    expect([1, 3, 5, 21, 22, 25].map((count) => translate('cards:count', { count }))).toEqual([
      '1 открытка',
      '3 открытки',
      '5 открыток',
      '21 открытка',
      '22 открытки',
      '25 открыток',
    ]);
  });

  it('uses English plurals and falls back to Russian for a missing key', () => {
    i18n.setLanguage('en', 'ru');
    expect(translate('cards:count', { count: 1 })).toBe('1 postcard');
    expect(translate('cards:count', { count: 7 })).toBe('7 postcards');
    expect(translate('cards:only')).toBe('Только ru');
  });

  it('picks a context variant, nests texts and never reads a value as a text', () => {
    i18n.setLanguage('ru', 'ru');
    i18n.addResourceBundle('ru', 'notes', {
      sent: 'Отправлено {{n}}',
      sent_gift: 'Отправлено {{n}} с подарком: $t(cards:count, {"count": {{gift}}})',
      named: '«$t(cards:names.{{card}})» от {{who}}',
    });
    i18n.addResourceBundle('ru', 'cards', { count_one: '{{count}} открытка', count_few: '{{count}} открытки', count_many: '{{count}} открыток', names: { rose: 'Роза' } });
    expect(translate('notes:sent', { n: 1 })).toBe('Отправлено 1');
    expect(translate('notes:sent', { n: 1, context: 'gift', gift: 3 })).toBe('Отправлено 1 с подарком: 3 открытки');
    expect(translate('notes:named', { card: 'rose', who: '$t(notes:sent) {{n}}', n: 5 })).toBe('«Роза» от $t(notes:sent) {{n}}');
  });

  it('answers the key itself when no text exists', () => {
    expect(translate('cards:nope')).toBe('nope');
  });
});

describe('loading texts', () => {
  afterEach(() => vi.useRealTimers());

  it('retries a failed load five times, from 350 ms on, then gives up', async () => {
    vi.useFakeTimers();
    let calls = 0;
    i18n.setNamespaceLoader(async () => {
      calls += 1;
      if (calls < 4) throw new Error('chunk failed');
      return { hello: 'Привет' };
    });
    const done = loadBundle('ru', 'retry-test');
    await vi.advanceTimersByTimeAsync(349);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1 + 700 + 1400);
    await done;
    expect(calls).toBe(4);
    expect(translate('retry-test:hello')).toBe('Привет');

    calls = -100; // never succeeds now
    const failed = loadBundle('ru', 'never-loads').catch((e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(350 * (1 + 2 + 4 + 8 + 16));
    expect(await failed).toBe('chunk failed');
    expect(calls).toBe(-100 + 1 + LOAD_RETRIES);
  });

  it('runs at most ten loads at once', async () => {
    let active = 0;
    let peak = 0;
    i18n.setNamespaceLoader(async () => {
      active += 1;
      peak = Math.max(peak, active);
      await new Promise((r) => setTimeout(r, 5));
      active -= 1;
      return {};
    });
    await Promise.all(Array.from({ length: 25 }, (_, i) => loadBundle('ru', `parallel-${i}`)));
    expect(peak).toBe(MAX_PARALLEL_LOADS);
  });
});
