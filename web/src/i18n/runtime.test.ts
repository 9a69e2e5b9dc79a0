import { describe, expect, it } from 'vitest';
import { i18n, translate } from './runtime';

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

  it('answers the key itself when no text exists', () => {
    expect(translate('cards:nope')).toBe('nope');
  });
});
