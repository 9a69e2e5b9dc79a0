import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * icons are drawn (`ui/icons`), not emoji. Emoji stay only in user content (the
 * thank-you reactions) and in the texts the spec gives verbatim (share texts, «🎉 Смотреть открытку 🎉»,
 * «🎁 Мои подарки»). This fails when an emoji comes back as an icon in the code or the texts.
 */
const SRC = path.resolve(import.meta.dirname, '..');
const EMOJI = /[\u{1F300}-\u{1FAFF}\u{2600}-\u{27BF}\u{2B50}\u{2B06}\u{23E9}-\u{23FA}]/u;
/** texts the spec gives with their emoji, by key */
const SPEC_TEXTS = new Set(['shareText', 'congrats', 'watch', 'toGreeting', 'myGifts', 'inviteText', 'storyText']);

const files = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));
const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
const entries = (tree: unknown, at: string[] = []): [string[], string][] =>
  typeof tree === 'string' ? [[at, tree]] : Object.entries(tree as object).flatMap(([k, v]) => entries(v, [...at, k]));

describe('icons are drawn, not emoji', () => {
  it('no component or module draws an icon with an emoji', () => {
    const offenders = files(SRC)
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.includes(`${path.sep}test${path.sep}`))
      .flatMap((f) =>
        withoutComments(fs.readFileSync(f, 'utf8'))
          .split('\n')
          .filter((line) => EMOJI.test(line))
          .map((line) => `${path.relative(SRC, f)}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });

  it('no text carries an emoji, except user content and the texts the spec gives', () => {
    const offenders = [...files(path.join(SRC, 'i18n')), ...files(path.resolve(SRC, '../../contract/src/texts'))]
      .filter((f) => f.endsWith('.json'))
      .flatMap((f) =>
        entries(JSON.parse(fs.readFileSync(f, 'utf8')))
          .filter(([key, text]) => EMOJI.test(text) && !SPEC_TEXTS.has(key.at(-1)!) && !EMOJI.test(key.at(-1)!))
          .map(([key, text]) => `${path.relative(SRC, f)} ${key.join('.')}: ${text}`),
      );
    expect(offenders).toEqual([]);
  });
});
