/**
 * The sender's caption on a card, laid out and drawn by ONE piece of code for both the phone's live
 * preview (a browser <canvas>) and the server's rendered picture (Skia through @napi-rs/canvas), so
 * the two match (docs/PRODUCT-RULES.md, Pictures). Zod-free and DOM-free: the web app imports it at
 * run time, the server too. Every length is relative to the card, so a 360 px preview and a 1080 px
 * picture differ only by scale.
 */

/** The bundled caption fonts (files and licences: server/assets/fonts/SOURCES.md). All cover Cyrillic and Latin. */
export const CAPTION_FONTS = [
  { id: 'lobster', name: 'Lobster', style: 'script', licence: 'SIL Open Font License 1.1' },
  { id: 'marck-script', name: 'Marck Script', style: 'script', licence: 'SIL Open Font License 1.1' },
  { id: 'pt-serif', name: 'PT Serif', style: 'serif', licence: 'SIL Open Font License 1.1' },
  { id: 'pt-sans', name: 'PT Sans', style: 'sans', licence: 'SIL Open Font License 1.1' },
  { id: 'comfortaa', name: 'Comfortaa', style: 'playful', licence: 'SIL Open Font License 1.1' },
  { id: 'caveat', name: 'Caveat', style: 'playful', licence: 'SIL Open Font License 1.1' },
] as const;
export type CaptionFontId = (typeof CAPTION_FONTS)[number]['id'];
export const CAPTION_FONT_IDS = CAPTION_FONTS.map((f) => f.id) as [CaptionFontId, ...CaptionFontId[]];
export const CAPTION_FONT_STYLES = ['script', 'serif', 'sans', 'playful'] as const;
/** The font of the footer's line (not chosen by the sender). */
export const FOOTER_FONT: CaptionFontId = 'pt-sans';

/**
 * The family name a caption font is registered under, on both sides (a browser FontFace, the
 * server's GlobalFonts): prefixed, so a font of the same name installed on the device never stands in.
 */
export const captionFontFamily = (id: CaptionFontId) => `otk-${id}`;
/** The file of a font under `GET /api/caption/fonts/{file}`. */
export const captionFontFile = (id: CaptionFontId) => `${id}.ttf`;
/**
 * Where characters the font lacks (emoji) come from: Noto Color Emoji on the server and on
 * Android; the device's colour emoji font elsewhere.
 */
export const CAPTION_FALLBACK_FAMILIES = ['Noto Color Emoji', 'Apple Color Emoji', 'Segoe UI Emoji'] as const;

export const CAPTION_ALIGNS = ['left', 'center', 'right'] as const;
export type CaptionAlign = (typeof CAPTION_ALIGNS)[number];
export const CAPTION_EFFECTS = ['none', 'outline', 'shadow'] as const;
export type CaptionEffect = (typeof CAPTION_EFFECTS)[number];

export const CAPTION_LIMITS = {
  /** lines the sender types (a longer line is wrapped to the card, which does not count) */
  maxLines: 3,
  /** characters as a reader counts them: an emoji, even one made of several code points, is one */
  maxChars: 120,
  /** font size: the em height as a fraction of the card's width */
  sizeMin: 0.04,
  sizeMax: 0.16,
  sizeDefault: 0.08,
} as const;

export const CAPTION_DEFAULTS = {
  color: '#ffffff',
  size: CAPTION_LIMITS.sizeDefault,
  align: 'center' as CaptionAlign,
  x: 0.5,
  y: 0.8,
  effect: 'shadow' as CaptionEffect,
} as const;

/** A caption as stored with the greeting (`caption` of the API). */
export interface CaptionData {
  text: string;
  font: CaptionFontId;
  /** `#rrggbb` */
  color: string;
  /** em height / card width, CAPTION_LIMITS.sizeMin..sizeMax */
  size: number;
  align: CaptionAlign;
  /** the anchor, 0..1 of the card's width: the left edge, centre or right edge of the lines by `align` */
  x: number;
  /** the anchor, 0..1 of the card's height: the vertical middle of the lines */
  y: number;
  effect: CaptionEffect;
}

/** A caption's text as typed: Windows line ends become plain ones. */
export const captionLines = (text: string): string[] => text.replace(/\r\n?/g, '\n').split('\n');

/** Characters as a reader counts them (grapheme clusters). */
export function captionLength(text: string): number {
  const Seg = (Intl as { Segmenter?: typeof Intl.Segmenter }).Segmenter;
  if (!Seg) return Array.from(text).length;
  let n = 0;
  for (const _ of new Seg(undefined, { granularity: 'grapheme' }).segment(text)) n += 1;
  return n;
}

/** The part of a 2D canvas context the drawing uses: a browser's CanvasRenderingContext2D and @napi-rs/canvas's both fit. */
export interface CaptionCanvas {
  font: string;
  fillStyle: unknown;
  strokeStyle: unknown;
  lineWidth: number;
  lineJoin: string;
  textAlign: string;
  textBaseline: string;
  shadowColor: string;
  shadowBlur: number;
  shadowOffsetX: number;
  shadowOffsetY: number;
  measureText(text: string): { width: number };
  fillText(text: string, x: number, y: number): void;
  strokeText(text: string, x: number, y: number): void;
  fillRect(x: number, y: number, w: number, h: number): void;
  save(): void;
  restore(): void;
}

/** A rectangle in pixels of the card. */
export interface CaptionBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface CaptionLine {
  text: string;
  /** where fillText draws it (textAlign = align, textBaseline = middle) */
  x: number;
  y: number;
  width: number;
}

export interface CaptionLayout {
  font: string;
  px: number;
  lineHeight: number;
  align: CaptionAlign;
  lines: CaptionLine[];
  /** the lines' own box (advance widths × line heights) */
  block: CaptionBox;
  /** everything the caption may paint, its effect and the swashes of script faces included */
  paintBox: CaptionBox;
}

/** Margin kept free at the card's edges, as a fraction of its width. */
const EDGE = 0.04;
const LINE_HEIGHT = 1.25;
/** At most this many lines after wrapping; more, and the font shrinks. */
const MAX_WRAPPED_LINES = 6;

/** The CSS font shorthand of a caption font at a size. */
export const captionFont = (id: CaptionFontId, px: number) =>
  `${Math.round(px * 100) / 100}px "${captionFontFamily(id)}", ${CAPTION_FALLBACK_FAMILIES.map((f) => `"${f}"`).join(', ')}`;

function wrap(ctx: CaptionCanvas, lines: string[], maxWidth: number): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const words = line.trim().split(/\s+/).filter(Boolean);
    if (!words.length) {
      out.push('');
      continue;
    }
    let cur = words[0]!;
    for (const w of words.slice(1)) {
      const next = `${cur} ${w}`;
      if (ctx.measureText(next).width <= maxWidth) cur = next;
      else {
        out.push(cur);
        cur = w;
      }
    }
    out.push(cur);
  }
  return out;
}

/**
 * Where each line of a caption goes on a card of `width`×`height` pixels: typed lines wrapped at
 * word boundaries to the card's width; the font shrinks (never below half its size) while a word
 * is wider than the card or the lines are more than six; the block is kept inside the card's
 * margins and above `reservedBottom` pixels (the footer). Sets `ctx.font` (measuring needs it).
 */
export function layoutCaption(ctx: CaptionCanvas, caption: CaptionData, width: number, height: number, reservedBottom = 0): CaptionLayout {
  const maxWidth = width * (1 - 2 * EDGE);
  const typed = captionLines(caption.text);
  let px = caption.size * width;
  const minPx = px / 2;
  let lines: string[] = [];
  let widths: number[] = [];
  for (;;) {
    ctx.font = captionFont(caption.font, px);
    lines = wrap(ctx, typed, maxWidth);
    widths = lines.map((l) => ctx.measureText(l).width);
    const widest = Math.max(0, ...widths);
    if ((widest <= maxWidth && lines.length <= MAX_WRAPPED_LINES) || px <= minPx) break;
    px = Math.max(minPx, px * Math.min(0.9, widest > maxWidth ? maxWidth / widest : 0.9));
  }
  const lineHeight = px * LINE_HEIGHT;
  const bw = Math.min(maxWidth, Math.max(0, ...widths));
  const bh = lines.length * lineHeight;
  const ax = caption.x * width;
  const ay = caption.y * height;
  let left = caption.align === 'left' ? ax : caption.align === 'right' ? ax - bw : ax - bw / 2;
  let top = ay - bh / 2;
  const edge = width * EDGE;
  const bottom = height - Math.max(edge, reservedBottom);
  left = Math.min(Math.max(left, edge), width - edge - bw);
  top = Math.max(edge, Math.min(top, bottom - bh));
  const lx = caption.align === 'left' ? left : caption.align === 'right' ? left + bw : left + bw / 2;
  const out = lines.map((text, i) => ({ text, x: lx, y: top + lineHeight * (i + 0.5), width: widths[i]! }));
  // script faces draw swashes outside their advance; the outline and shadow reach further still
  const pad = px * 0.45;
  return {
    font: ctx.font,
    px,
    lineHeight,
    align: caption.align,
    lines: out,
    block: { x: left, y: top, width: bw, height: bh },
    paintBox: { x: left - pad, y: top - pad, width: bw + 2 * pad, height: bh + 2 * pad },
  };
}

/** `#rrggbb` → its relative luminance (0 black, 1 white). */
function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const c = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
}

/** The outline's or shadow's colour: dark behind a light text, light behind a dark one. */
export const captionContrast = (color: string) => (luminance(color) > 0.35 ? '#1a1a1a' : '#ffffff');

/** Draws a laid-out caption: the outline (stroke under the fill) or the shadow, then the text. */
export function drawCaption(ctx: CaptionCanvas, caption: CaptionData, layout: CaptionLayout): void {
  ctx.save();
  ctx.font = layout.font;
  ctx.textAlign = layout.align;
  ctx.textBaseline = 'middle';
  const contrast = captionContrast(caption.color);
  if (caption.effect === 'outline') {
    ctx.lineWidth = layout.px * 0.12;
    ctx.lineJoin = 'round';
    ctx.strokeStyle = contrast;
    for (const l of layout.lines) ctx.strokeText(l.text, l.x, l.y);
  } else if (caption.effect === 'shadow') {
    ctx.shadowColor = contrast === '#ffffff' ? 'rgba(255,255,255,0.7)' : 'rgba(0,0,0,0.6)';
    ctx.shadowBlur = layout.px * 0.12;
    ctx.shadowOffsetX = layout.px * 0.04;
    ctx.shadowOffsetY = layout.px * 0.05;
  }
  ctx.fillStyle = caption.color;
  for (const l of layout.lines) ctx.fillText(l.text, l.x, l.y);
  ctx.restore();
}

/** The footer's height on a card `width` wide (a band across the bottom). */
export const footerHeight = (width: number, height: number) => Math.round(Math.min(width, height) * 0.16);

export interface FooterContent {
  /** the short line (e.g. «Откройте поздравление по QR-коду») */
  line: string;
  /** the second, smaller line: the greeting's address without the scheme */
  link: string;
  /** the QR code's modules, row by row (true: dark), quiet zone excluded */
  qr: boolean[][];
}

/**
 * The footer: a light band across the bottom with the QR code of the interactive greeting at the
 * right and the short line with the address at the left. Answers the band's box.
 */
export function drawFooter(ctx: CaptionCanvas, footer: FooterContent, width: number, height: number): CaptionBox {
  const bh = footerHeight(width, height);
  const top = height - bh;
  ctx.save();
  ctx.shadowColor = 'rgba(0,0,0,0)';
  ctx.fillStyle = 'rgba(255,255,255,0.94)';
  ctx.fillRect(0, top, width, bh);
  const n = Math.max(1, footer.qr.length);
  // the QR code keeps the standard quiet zone of 4 modules around it, inside the band
  const cell = bh / (n + 8);
  const qrSide = cell * n;
  const pad = 4 * cell;
  const qx = width - pad - qrSide;
  ctx.fillStyle = '#111111';
  footer.qr.forEach((row, y) =>
    row.forEach((dark, x) => {
      // cells overlap by a hair so no seam shows between them when scaled
      if (dark) ctx.fillRect(qx + x * cell, top + pad + y * cell, cell + 0.5, cell + 0.5);
    }),
  );
  const textMax = qx - pad - bh * 0.2;
  const fit = (text: string, px: number) => {
    let size = px;
    ctx.font = captionFont(FOOTER_FONT, size);
    const w = ctx.measureText(text).width;
    if (w > textMax) {
      size = Math.max(px * 0.5, (px * textMax) / w);
      ctx.font = captionFont(FOOTER_FONT, size);
    }
  };
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#111111';
  fit(footer.line, bh * 0.24);
  ctx.fillText(footer.line, bh * 0.2, top + bh * 0.38);
  ctx.fillStyle = '#555555';
  fit(footer.link, bh * 0.17);
  ctx.fillText(footer.link, bh * 0.2, top + bh * 0.7);
  ctx.restore();
  return { x: 0, y: top, width, height: bh };
}

/**
 * The whole layer over the card: the footer (when given), then the caption kept above it.
 * Answers the caption's layout (null without a caption) and the footer's box.
 */
export function drawPictureLayer(
  ctx: CaptionCanvas,
  width: number,
  height: number,
  caption: CaptionData | null,
  footer: FooterContent | null,
): { caption: CaptionLayout | null; footer: CaptionBox | null } {
  const footerBox = footer ? drawFooter(ctx, footer, width, height) : null;
  if (!caption) return { caption: null, footer: footerBox };
  const layout = layoutCaption(ctx, caption, width, height, footerBox ? footerBox.height + width * 0.02 : 0);
  drawCaption(ctx, caption, layout);
  return { caption: layout, footer: footerBox };
}

/** The footer's short line in the greeting's language (the gift's wording when it carries one). */
export const FOOTER_LINES = {
  ru: { plain: 'Откройте поздравление по QR-коду', gift: 'Вам подарок! Откройте по QR-коду, чтобы принять' },
  en: { plain: 'Scan the QR code to open the greeting', gift: 'A gift for you! Scan the QR code to accept it' },
} as const;
export const footerLine = (language: string | null | undefined, gift: boolean) =>
  FOOTER_LINES[language === 'en' ? 'en' : 'ru'][gift ? 'gift' : 'plain'];
