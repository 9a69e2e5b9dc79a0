import { createRequire } from 'node:module';
import type * as Canvas from '@napi-rs/canvas';
import { type CaptionCanvas, type CaptionData, drawPictureLayer, type FooterContent } from '@otkrytka/contract';
import { encode } from 'uqr';
import { registerFonts } from './fonts';

const load = createRequire(import.meta.url);
let lib: typeof Canvas | undefined;

/** Skia loads with the first picture, not with the server; the fonts are registered then, once. */
function canvasLib(): typeof Canvas {
  if (!lib) {
    const loaded = load('@napi-rs/canvas') as typeof Canvas;
    registerFonts(loaded.GlobalFonts);
    lib = loaded;
  }
  return lib;
}

/** The QR code of a link, as rows of dark/light modules without the quiet zone. */
export function qrModules(link: string): boolean[][] {
  return encode(link, { ecc: 'M', border: 0 }).data;
}

/** A footer of a link: its short line, the address without its scheme and the QR code. */
export const footerOf = (line: string, link: string): FooterContent => ({ line, link: link.replace(/^https?:\/\//, ''), qr: qrModules(link) });

/**
 * The layer laid over the card: a transparent PNG of the card's size with the footer and the
 * caption, drawn by the contract's drawPictureLayer (the function the web preview runs too).
 * Answers the PNG and where the caption went.
 */
export async function drawLayer(width: number, height: number, caption: CaptionData | null, footer: FooterContent | null) {
  const { createCanvas } = canvasLib();
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d') as unknown as CaptionCanvas;
  const placed = drawPictureLayer(ctx, width, height, caption, footer);
  return { png: await canvas.encode('png'), ...placed };
}
