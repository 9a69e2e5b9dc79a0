import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTION_FONTS, type CaptionData, captionFontFamily, type FooterContent } from '@otkrytka/contract';
import { drawLayer, footerOf } from '../src/modules/pictures';
import { fontPath } from '../src/modules/pictures/fonts';
import { onPostgres } from './helpers';

/**
 * The phone's live preview and the rendered picture are one drawing function (contract
 * rules/caption.ts) on two canvases: Chromium's and the server's Skia. Drawn in a real browser with
 * the fonts loaded as the web app loads them, the preview matches the server's layer pixel for
 * pixel within a small tolerance (antialiasing may differ by a fraction of a pixel).
 */
const WIDTH = 540;
const HEIGHT = 720;
let browser: Awaited<ReturnType<typeof chromium.launch>>;
let page: Awaited<ReturnType<Awaited<ReturnType<typeof chromium.launch>>['newPage']>>;

beforeAll(async () => {
  if (onPostgres) return;
  const source = fs.readFileSync(path.join(import.meta.dirname, '../../contract/src/rules/caption.ts'), 'utf8');
  const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText;
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  page = await browser.newPage();
  await page.setContent('<!doctype html><html><body></body></html>');
  await page.addScriptTag({ content: `(() => { const exports = {}; ${js}; window.Caption = exports; })();` });
  const fonts = CAPTION_FONTS.map((f) => ({ family: captionFontFamily(f.id), b64: fs.readFileSync(fontPath(f.id)).toString('base64') }));
  // page code as text: the server's TypeScript knows no DOM
  await page.evaluate(`(async (list) => {
    for (const f of list) document.fonts.add(await new FontFace(f.family, 'url(data:font/ttf;base64,' + f.b64 + ')').load());
  })(${JSON.stringify(fonts)})`);
});
afterAll(() => browser?.close());

async function preview(caption: CaptionData, footer: FooterContent | null): Promise<Buffer> {
  const url = await page.evaluate<string>(`(() => {
    const canvas = document.createElement('canvas');
    canvas.width = ${WIDTH};
    canvas.height = ${HEIGHT};
    window.Caption.drawPictureLayer(canvas.getContext('2d'), ${WIDTH}, ${HEIGHT}, ${JSON.stringify(caption)}, ${JSON.stringify(footer)});
    return canvas.toDataURL('image/png');
  })()`);
  return Buffer.from(url.split(',')[1]!, 'base64');
}

/** Both layers over the same card colour, softened by one pixel; the share of pixels that differ clearly, and the mean difference. */
async function compare(a: Buffer, b: Buffer) {
  const flat = (png: Buffer) => sharp(png).flatten({ background: '#557799' }).blur(1).raw().toBuffer();
  const [pa, pb] = await Promise.all([flat(a), flat(b)]);
  let sum = 0;
  let clear = 0;
  for (let i = 0; i < pa.length; i += 3) {
    const d = Math.max(Math.abs(pa[i]! - pb[i]!), Math.abs(pa[i + 1]! - pb[i + 1]!), Math.abs(pa[i + 2]! - pb[i + 2]!));
    sum += d;
    if (d > 48) clear += 1;
  }
  return { clearShare: clear / (pa.length / 3), mean: sum / (pa.length / 3) };
}

const base: CaptionData = { text: 'С днём рождения!\nHappy birthday 🎉', font: 'lobster', color: '#ffffff', size: 0.08, align: 'center', x: 0.5, y: 0.4, effect: 'outline' };

// no database here: the PostgreSQL run of the server suites skips it
describe.skipIf(onPostgres)('the live preview matches the rendered caption', () => {
  const cases: [string, CaptionData, FooterContent | null][] = [
    ['script face with an outline', base, null],
    ['serif face with a shadow, left-aligned and wrapped', { ...base, font: 'pt-serif', effect: 'shadow', align: 'left', x: 0.1, y: 0.7, color: '#ffeb3b', text: 'Пусть всё задуманное сбудется, a wish come true 🌷' }, null],
    ['playful face over the footer with its QR code', { ...base, font: 'caveat', effect: 'none', y: 0.95, color: '#222222' }, footerOf('Вам подарок! Откройте по QR-коду, чтобы принять', 'https://otkrytka.example/greeting/AbCdEf0123456789abcdef')],
  ];
  for (const [name, caption, footer] of cases) {
    it(name, async () => {
      const [browserLayer, serverLayer] = await Promise.all([preview(caption, footer), drawLayer(WIDTH, HEIGHT, caption, footer)]);
      const diff = await compare(browserLayer, serverLayer.png);
      expect(diff.clearShare).toBeLessThan(0.002);
      expect(diff.mean).toBeLessThan(1.5);
    });
  }
});
