import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// the web app's own texts, and the contract's (the ones the server writes too)
const DIRS = [import.meta.dirname, path.resolve(import.meta.dirname, '../../../contract/src/texts')];
const keysOf = (obj: unknown, prefix = ''): string[] =>
  Object.entries(obj as Record<string, unknown>).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keysOf(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
/** the namespace files of `lang` (`game.json`, …) */
const namespaces = (lang: string) => DIRS.flatMap((dir) => fs.readdirSync(path.join(dir, lang))).sort();
const read = (lang: string, file: string) => {
  const dir = DIRS.find((d) => fs.existsSync(path.join(d, lang, file)))!;
  return JSON.parse(fs.readFileSync(path.join(dir, lang, file), 'utf8'));
};

describe('translations', () => {
  const ru = namespaces('ru');
  const en = namespaces('en');

  it('have the same namespaces in ru and en, each in one place', () => {
    expect(en).toEqual(ru);
    expect(new Set(ru).size).toBe(ru.length);
  });

  it.each(ru)('%s has the same keys in ru and en, none empty', (file) => {
    const r = read('ru', file);
    const e = read('en', file);
    expect(keysOf(e).sort()).toEqual(keysOf(r).sort());
    for (const k of keysOf(r)) expect(k.split('.').reduce((o: any, p) => o[p], r), `ru ${file} ${k}`).not.toBe('');
  });
});

describe('the premium currency', () => {
  // «Кристаллы» are the 14 collectable crystals; a text that counts {{gems}} calls them by one name
  const textsWithGems = (lang: string) =>
    namespaces(lang)
      .flatMap((file) => {
        const json = read(lang, file);
        return keysOf(json).map((k) => [`${file} ${k}`, String(k.split('.').reduce((o: any, p) => o[p], json))] as const);
      })
      .filter(([, text]) => text.includes('{{gems}}'));

  it.each([
    // directly, or through the plural forms of `units.gems` (notifications) or `dailyUnits.gems` (game)
    ['ru', /самоцвет|\$t\((units|dailyUnits)\.gems/i, /крист/i],
    ['en', /gems|\$t\((units|dailyUnits)\.gems/i, /crystal/i],
  ])('is called one thing wherever it is counted (%s)', (lang, name, other) => {
    const texts = textsWithGems(lang);
    expect(texts.length).toBeGreaterThan(0);
    for (const [where, text] of texts) {
      expect(text, where).toMatch(name);
      expect(text, where).not.toMatch(other);
    }
  });
});
