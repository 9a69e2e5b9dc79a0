import type { OverlayOptions, Sharp } from 'sharp';
import { trimInvisible } from '@otkrytka/contract/rules/text';
import { sharp } from '../../platform/sharp';
import { SHARE_IMAGE, type ShareImageVariant } from '@otkrytka/contract/rules/share';

/**
 * Link preview pictures (OpenGraph), drawn with sharp: the postcard on a gradient with a line of
 * large text. Text is set by Pango (wrapping, autofit) in DejaVu Sans, which every machine we run
 * on has (Debian fonts-dejavu-core) and which covers Cyrillic. No emoji: a fresh machine has no
 * colour emoji font.
 */

/** The greeting gradients, the same stops as web/src/features/greetings/backgrounds.ts. */
export const GRADIENTS: Record<string, [string, string, string]> = {
  'pink-purple-indigo': ['#f472b6', '#a855f7', '#6366f1'],
  'blue-green-cyan': ['#3b82f6', '#10b981', '#06b6d4'],
  'orange-red-pink': ['#fb923c', '#ef4444', '#ec4899'],
  'yellow-orange': ['#fde047', '#fbbf24', '#f97316'],
  'dark-indigo-purple': ['#1e1b4b', '#312e81', '#581c87'],
  'dark-green-blue': ['#022c22', '#065f46', '#1e3a8a'],
  'dark-orange-red': ['#431407', '#9a3412', '#7f1d1d'],
  'dark-yellow-orange': ['#422006', '#854d0e', '#9a3412'],
};
const DARK_INK = new Set(['yellow-orange']);
export const DEFAULT_GRADIENT = 'pink-purple-indigo';

/** A story picture: Telegram's story size (9:16), for «Поделиться в историю». */
export const STORY_IMAGE = { width: 1080, height: 1920 } as const;
/** A story picture's bound: larger than a link preview's, it is a whole phone screen. */
export const STORY_MAX_BYTES = 800 * 1024;
/** The pictures of a page: its link previews (wide, square) and its story. */
export type PreviewVariant = ShareImageVariant | 'story';

/** Bump when the drawing changes: cached pictures are keyed by it. */
export const RENDER_VERSION = 2;

export interface PreviewDrawing {
  /** greeting background id (a gradient above) */
  background: string;
  /** the small line above the headline, e.g. "Поздравление" */
  kicker: string;
  /** the large line: the recipient's name, a postcard or channel title */
  headline: string;
  /** the small line at the bottom (the site's name) */
  footer: string;
  /** up to three pictures (raster bytes) shown as cards; none: the headline takes the whole width */
  pictures: Buffer[];
}

const escapeMarkup = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function backgroundSvg(width: number, height: number, stops: [string, string, string]): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="${stops[0]}"/><stop offset="0.5" stop-color="${stops[1]}"/><stop offset="1" stop-color="${stops[2]}"/>
      </linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#g)"/>
      <circle cx="${width * 0.92}" cy="${height * 0.1}" r="${height * 0.32}" fill="#ffffff" fill-opacity="0.10"/>
      <circle cx="${width * 0.06}" cy="${height * 0.95}" r="${height * 0.26}" fill="#ffffff" fill-opacity="0.08"/>
    </svg>`,
  );
}

/** Text in a box, wrapped and sized to fit (Pango autofit), at most `maxDpi`. */
async function textBlock(text: string, o: { width: number; height: number; color: string; bold?: boolean; maxDpi: number; align?: 'left' | 'centre' }) {
  // Pango draws nothing for a text of invisible characters, and sharp refuses the empty picture
  if (trimInvisible(text) === '') return blank();
  const markup = `<span foreground="${o.color}"${o.bold ? ' weight="bold"' : ''}>${escapeMarkup(text)}</span>`;
  const fit = await sharp({ text: { text: markup, font: 'DejaVu Sans', width: o.width, height: o.height, rgba: true, wrap: 'word-char', align: o.align ?? 'left' } })
    .png()
    .toBuffer({ resolveWithObject: true });
  const dpi = (fit.info as { textAutofitDpi?: number }).textAutofitDpi ?? o.maxDpi;
  if (dpi <= o.maxDpi) return fit;
  // a short text would be blown up to fill the box: cap its size
  return sharp({ text: { text: markup, font: 'DejaVu Sans', width: o.width, dpi: o.maxDpi, rgba: true, wrap: 'word-char', align: o.align ?? 'left' } })
    .png()
    .toBuffer({ resolveWithObject: true });
}

/** A transparent pixel: the place of a text that draws nothing. */
const blank = () =>
  sharp({ create: { width: 1, height: 1, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .png()
    .toBuffer({ resolveWithObject: true });

/** A picture as a card inside `box`: whole (contain), rounded corners, a white frame and a shadow. */
async function card(bytes: Buffer, box: { width: number; height: number }) {
  const frame = 10;
  const inner = await sharp(bytes, { animated: false, failOn: 'none' })
    .rotate()
    .resize({ width: box.width - frame * 2, height: box.height - frame * 2, fit: 'inside', withoutEnlargement: false })
    .toBuffer({ resolveWithObject: true });
  const w = inner.info.width + frame * 2;
  const h = inner.info.height + frame * 2;
  const mask = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${inner.info.width}" height="${inner.info.height}"><rect width="100%" height="100%" rx="14" ry="14"/></svg>`);
  const rounded = await sharp(inner.data).composite([{ input: mask, blend: 'dest-in' }]).png().toBuffer();
  const framed = await sharp({ create: { width: w, height: h, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([
      { input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" rx="22" ry="22" fill="#ffffff"/></svg>`) },
      { input: rounded, left: frame, top: frame },
    ])
    .png()
    .toBuffer();
  const pad = 24;
  const shadow = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w + pad * 2}" height="${h + pad * 2}"><rect x="${pad}" y="${pad + 8}" width="${w}" height="${h}" rx="22" fill="#000" fill-opacity="0.35"/></svg>`,
    ),
  )
    .blur(12)
    .png()
    .toBuffer();
  const out = await sharp(shadow).composite([{ input: framed, left: pad, top: pad }]).png().toBuffer();
  return { data: out, width: w + pad * 2, height: h + pad * 2, pad };
}

/** The picture of a neutral preview: a sealed envelope with a heart. */
export const ENVELOPE = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="760" viewBox="0 0 600 760">
    <rect width="600" height="760" fill="#fff1f2"/>
    <g transform="translate(60 200)">
      <rect width="480" height="330" rx="28" fill="#fb7185"/>
      <path d="M0 40 L240 200 L480 40 L480 28 Q480 0 452 0 L28 0 Q0 0 0 28 Z" fill="#f43f5e"/>
      <path d="M0 330 L190 170 M480 330 L290 170" stroke="#e11d48" stroke-width="8" fill="none"/>
      <path d="M240 250 C 200 215 150 185 150 140 C 150 110 175 90 200 90 C 220 90 235 102 240 115 C 245 102 260 90 280 90 C 305 90 330 110 330 140 C 330 185 280 215 240 250 Z" fill="#ffffff"/>
    </g>
  </svg>`,
);

/** Encodes as JPEG within `maxBytes` (lower quality until it fits). */
async function jpeg(img: Sharp, maxBytes: number = SHARE_IMAGE.maxBytes): Promise<Buffer> {
  const raw = await img.png().toBuffer();
  for (const quality of [84, 76, 68, 58, 48]) {
    const out = await sharp(raw).jpeg({ quality, mozjpeg: true, chromaSubsampling: '4:2:0' }).toBuffer();
    if (out.length <= maxBytes) return out;
  }
  const { width = 1000 } = await sharp(raw).metadata();
  return sharp(raw).resize({ width: Math.round(width * 0.8) }).jpeg({ quality: 50, mozjpeg: true }).toBuffer();
}

/**
 * A story picture, 1080×1920: the kicker, the card large in the middle and the headline under it,
 * the site at the bottom. Telegram lays its own controls over the top and bottom of a story, so
 * everything stays between 240 px from the top and 300 px from the bottom.
 */
async function drawStory(d: PreviewDrawing): Promise<Buffer> {
  const { width, height } = STORY_IMAGE;
  const stops = GRADIENTS[d.background] ?? GRADIENTS[DEFAULT_GRADIENT]!;
  const ink = DARK_INK.has(d.background) ? '#3b1d0a' : '#ffffff';
  const soft = DARK_INK.has(d.background) ? '#5b3414' : '#fdf2f8';
  const margin = 90;
  const textWidth = width - margin * 2;
  const layers: OverlayOptions[] = [];
  const kicker = await textBlock(d.kicker, { width: textWidth, height: 110, color: soft, maxDpi: 280, align: 'centre' });
  layers.push({ input: kicker.data, left: Math.round((width - kicker.info.width) / 2), top: 250 });
  const cardTop = 250 + kicker.info.height + 40;
  const cardBox = { width: 900, height: 1000 };
  const pictures = d.pictures.slice(0, 3);
  const cards = [];
  for (const bytes of pictures) {
    try {
      cards.push(await card(bytes, pictures.length > 1 ? { width: 520, height: 700 } : cardBox));
    } catch {
      // an unreadable picture leaves a gap rather than no story at all
    }
  }
  let cardBottom = cardTop;
  cards.forEach((c, i) => {
    const shift = cards.length === 1 ? 0 : (i - (cards.length - 1) / 2) * 200;
    const top = cardTop + Math.round((cardBox.height - c.height) / 2) + (cards.length > 1 && i !== (cards.length - 1) / 2 ? 40 : 0);
    layers.push({ input: c.data, left: Math.max(0, Math.round((width - c.width) / 2 + shift)), top });
    cardBottom = Math.max(cardBottom, top + c.height);
  });
  const headlineTop = cardBottom + 30;
  const headline = await textBlock(d.headline, { width: textWidth, height: Math.max(120, height - 300 - 80 - headlineTop), color: ink, bold: true, maxDpi: 460, align: 'centre' });
  layers.push({ input: headline.data, left: Math.round((width - headline.info.width) / 2), top: headlineTop });
  const footer = await textBlock(d.footer, { width: textWidth, height: 70, color: soft, maxDpi: 190, align: 'centre' });
  layers.push({ input: footer.data, left: Math.round((width - footer.info.width) / 2), top: height - 300 - footer.info.height });
  return jpeg(sharp(backgroundSvg(width, height, stops)).composite(layers), STORY_MAX_BYTES);
}

/** Draws one preview picture (JPEG) of the given variant. */
export async function drawPreview(d: PreviewDrawing, variant: PreviewVariant): Promise<Buffer> {
  if (variant === 'story') return drawStory(d);
  const { width, height } = SHARE_IMAGE[variant];
  const stops = GRADIENTS[d.background] ?? GRADIENTS[DEFAULT_GRADIENT]!;
  const ink = DARK_INK.has(d.background) ? '#3b1d0a' : '#ffffff';
  const soft = DARK_INK.has(d.background) ? '#5b3414' : '#fdf2f8';
  const layers: OverlayOptions[] = [];
  const cards = [];
  const wide = variant === 'wide';
  const hasPictures = d.pictures.length > 0;

  // pictures: one large card, or a fan of up to three
  const cardBox = wide ? { width: 430, height: 560 } : { width: 300, height: 340 };
  const many = d.pictures.length > 1;
  const box = many ? { width: Math.round(cardBox.width * 0.56), height: Math.round(cardBox.height * 0.72) } : cardBox;
  for (const bytes of d.pictures.slice(0, 3)) {
    try {
      cards.push(await card(bytes, box));
    } catch {
      // an unreadable picture leaves a gap rather than no preview at all
    }
  }
  const margin = wide ? 56 : 40;
  if (cards.length > 0) {
    const area = wide ? { left: 24, top: 0, width: cardBox.width + 60, height } : { left: 0, top: 6, width, height: cardBox.height + 48 };
    cards.forEach((c, i) => {
      const n = cards.length;
      const shift = n === 1 ? 0 : (i - (n - 1) / 2) * (wide ? 100 : 110);
      const left = Math.round(area.left + (area.width - c.width) / 2 + shift);
      const top = Math.round(area.top + (area.height - c.height) / 2 + (n > 1 && i !== (n - 1) / 2 ? 14 : 0));
      layers.push({ input: c.data, left: Math.max(0, left), top: Math.max(0, top) });
    });
  }

  // text
  const textLeft = wide ? (hasPictures && cards.length ? cardBox.width + 110 : margin) : margin;
  const textWidth = width - textLeft - margin;
  const textTop = cards.length ? cardBox.height + 64 : 0;
  const align = wide ? 'left' : 'centre';
  const kicker = await textBlock(d.kicker, { width: textWidth, height: wide ? 60 : 40, color: soft, maxDpi: wide ? 130 : 100, align });
  const headlineHeight = wide || !cards.length ? 300 : height - textTop - kicker.info.height - 70;
  const headline = await textBlock(d.headline, { width: textWidth, height: Math.max(60, headlineHeight), color: ink, bold: true, maxDpi: wide ? 340 : 200, align });
  const footer = await textBlock(d.footer, { width: textWidth, height: 34, color: soft, maxDpi: wide ? 96 : 80, align });
  const center = (w: number) => (wide ? textLeft : Math.round((width - w) / 2));
  const blockHeight = kicker.info.height + 14 + headline.info.height;
  const top = wide || !cards.length ? Math.round((height - blockHeight) / 2) - 10 : textTop;
  layers.push({ input: kicker.data, left: center(kicker.info.width), top });
  layers.push({ input: headline.data, left: center(headline.info.width), top: top + kicker.info.height + 14 });
  layers.push({ input: footer.data, left: center(footer.info.width), top: height - footer.info.height - (wide ? 40 : 22) });

  return jpeg(sharp(backgroundSvg(width, height, stops)).composite(layers));
}
