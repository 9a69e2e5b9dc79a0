import { type CaptionBox, type CaptionData, drawPictureLayer, type FooterContent } from '@otkrytka/contract/rules/caption';

export type Box = CaptionBox;

/**
 * A still picture is drawn at most 1080 px on its long side, never enlarged (docs/PRODUCT-RULES.md,
 * Pictures): the preview takes the same size, so its pixels can be held against the picture's.
 */
export const PICTURE_MAX_SIDE = 1080;
export function pictureSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, PICTURE_MAX_SIDE / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Draws the card and its caption on `canvas` at the picture's size, with the contract's drawing
 * function (the one the server draws the picture with): the preview is the picture. Answers the
 * size drawn and the box of the caption's lines (null without words). With `footer`, the band
 * across the bottom too, the caption kept above it as on the picture.
 */
export function drawPicture(
  canvas: HTMLCanvasElement,
  image: HTMLImageElement,
  caption: CaptionData,
  footer: FooterContent | null = null,
): { width: number; height: number; box: Box | null } {
  const { width, height } = pictureSize(image.naturalWidth, image.naturalHeight);
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return { width, height, box: null };
  ctx.clearRect(0, 0, width, height);
  // the server scales the card with a Lanczos filter: the browser's best comes nearest
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, 0, 0, width, height);
  const drawn = drawPictureLayer(ctx, width, height, caption.text.trim() ? caption : null, footer);
  return { width, height, box: drawn.caption?.block ?? null };
}
