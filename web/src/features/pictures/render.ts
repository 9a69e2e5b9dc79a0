import { type CaptionBox, type CaptionData, drawPictureLayer } from '@otkrytka/contract/rules/caption';

export type Box = CaptionBox;

/**
 * Draws the card and its caption on `canvas` at the card's own size, with the contract's drawing
 * function (the one the server draws the picture with): the preview is the picture. Answers the
 * size drawn and the box of the caption's lines (null without words).
 */
export function drawPicture(canvas: HTMLCanvasElement, image: HTMLImageElement, caption: CaptionData): { width: number; height: number; box: Box | null } {
  const width = image.naturalWidth;
  const height = image.naturalHeight;
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return { width, height, box: null };
  ctx.clearRect(0, 0, width, height);
  ctx.drawImage(image, 0, 0, width, height);
  const drawn = drawPictureLayer(ctx, width, height, caption.text.trim() ? caption : null, null);
  return { width, height, box: drawn.caption?.block ?? null };
}
