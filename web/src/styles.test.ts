import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const css = fs.readFileSync(path.join(import.meta.dirname, 'styles.css'), 'utf8');

/** The `--name: #rrggbb` tokens of one theme's block (`:root` or `.dark`). */
function tokens(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  const block = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries([...block.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6})\s*;/gi)].map((m) => [m[1]!, m[2]!.toLowerCase()]));
}

/** WCAG relative luminance of an sRGB colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

// a filled button or badge and the text written on it
const FILLS = [
  ['primary', 'on-primary'],
  ['danger', 'on-danger'],
  ['success', 'on-success'],
] as const;

describe('theme colours', () => {
  for (const [theme, selector] of [
    ['light', ':root'],
    ['dark', '.dark'],
  ] as const) {
    it(`text on every filled colour reads at WCAG AA (4.5:1) in the ${theme} theme`, () => {
      const t = tokens(selector);
      for (const [fill, text] of FILLS) {
        expect(t[fill], `--${fill}`).toBeDefined();
        expect(t[text], `--${text}`).toBeDefined();
        expect(contrast(t[fill]!, t[text]!), `--${text} on --${fill}`).toBeGreaterThanOrEqual(4.5);
      }
      expect(contrast(t.text!, t.surface!), 'text on surface').toBeGreaterThanOrEqual(4.5);
      expect(contrast(t.muted!, t.surface!), 'muted text on surface').toBeGreaterThanOrEqual(4.5);
    });
  }
});
