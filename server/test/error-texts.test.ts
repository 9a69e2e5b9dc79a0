import fs from 'node:fs';
import path from 'node:path';
import { ERROR_PARAMS, ErrorCode } from '@otkrytka/contract';
import { describe, expect, it } from 'vitest';

const file = (lang: string, ns: string) => JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../../web/src/i18n/${lang}/${ns}.json`), 'utf8'));
/** the codes' texts: the `errors` namespace, and in `common` those shown with no answer (offline) or for a server error */
const texts = (lang: string): Record<string, string> => ({ ...(file(lang, 'common') as { errorCodes: Record<string, string> }).errorCodes, ...file(lang, 'errors') });

describe('error codes', () => {
  it.each(['ru', 'en'])('every code the contract declares has a %s text in the web app', (lang) => {
    const have = texts(lang);
    const missing = Object.values(ErrorCode).filter((code) => !have[code]?.trim());
    expect(missing).toEqual([]);
  });

  it.each(['ru', 'en'])('a code with params has a %s text naming every one of them', (lang) => {
    const have = texts(lang);
    for (const [code, params] of Object.entries(ERROR_PARAMS)) {
      const text = have[`${code}_params`] ?? '';
      for (const p of params) expect(text, `${code}_params`).toContain(`{{${p}}}`);
    }
  });
});
