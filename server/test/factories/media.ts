import crypto from 'node:crypto';
import sharp from 'sharp';

/**
 * An animated GIF of `frames` frames of `size`×`size` noisy pixels, made with sharp (each frame
 * different, so the encoder cannot fold them).
 */
export async function makeGif(frames: number, size: number): Promise<Buffer> {
  const raw = crypto.randomBytes(size * size * frames * 3);
  return sharp(raw, { raw: { width: size, height: size * frames, channels: 3, pageHeight: size } })
    .gif({ delay: 10, effort: 1 })
    .toBuffer();
}
