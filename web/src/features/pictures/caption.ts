import {
  CAPTION_DEFAULTS,
  CAPTION_LIMITS,
  type CaptionData,
  type CaptionFontId,
  captionLength,
  captionLines,
} from '@otkrytka/contract/rules/caption';

export type CaptionValue = CaptionData;
export { CAPTION_LIMITS };

/** A new caption: the contract's defaults (white, centred, low on the card, with a shadow) in the first font. */
export const newCaption = (font: CaptionFontId = 'lobster', text = ''): CaptionValue => ({ ...CAPTION_DEFAULTS, font, text });

/** Steps of the size slider: the em height as a fraction of the card's width. */
export const SIZE_STEP = 0.005;

/** A text held to the limits as it is typed: at most 3 lines and 120 characters (an emoji counts as one). */
export function fitCaptionText(text: string): string {
  let lines = captionLines(text).slice(0, CAPTION_LIMITS.maxLines).join('\n');
  if (captionLength(lines) <= CAPTION_LIMITS.maxChars) return lines;
  const Seg = (Intl as { Segmenter?: typeof Intl.Segmenter }).Segmenter;
  const chars = Seg ? [...new Seg(undefined, { granularity: 'grapheme' }).segment(lines)].map((s) => s.segment) : Array.from(lines);
  lines = chars.slice(0, CAPTION_LIMITS.maxChars).join('');
  return lines;
}

/** Why a caption cannot be sent (a key of the `pictures` texts), or null. */
export function captionProblem(c: CaptionValue): 'sign.empty' | null {
  return c.text.trim() ? null : 'sign.empty';
}

/** The anchor kept on the card (0..1 both ways). */
export const clampPosition = (x: number, y: number) => ({ x: Math.min(1, Math.max(0, x)), y: Math.min(1, Math.max(0, y)) });

/** What the API takes: the text with its lines' ends trimmed (the server trims the same way). */
export const captionBody = (c: CaptionValue): CaptionValue => ({
  ...c,
  text: captionLines(c.text)
    .map((l) => l.trimEnd())
    .join('\n')
    .trim(),
});
