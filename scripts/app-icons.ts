/**
 * Draws the installable app's icons from web/public/favicon.svg (run once after the logo changes:
 * `npx tsx scripts/app-icons.ts`). The maskable icon keeps the logo inside the 80 % safe zone on a
 * full-bleed background, so launchers may crop it to any shape.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const web = path.resolve(import.meta.dirname, '../web/public');
const logo = fs.readFileSync(path.join(web, 'favicon.svg'));
const out = (name: string) => path.join(web, 'icons', name);
const BACKGROUND = '#fff7f3';

for (const size of [192, 512]) {
  await sharp(logo, { density: (72 * size) / 64 }).resize(size, size).png({ compressionLevel: 9 }).toFile(out(`icon-${size}.png`));
}
const inner = Math.round(512 * 0.66);
const mark = await sharp(logo, { density: (72 * inner) / 64 }).resize(inner, inner).png().toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: BACKGROUND } })
  .composite([{ input: mark, gravity: 'center' }])
  .png({ compressionLevel: 9 })
  .toFile(out('maskable-512.png'));
console.log('icons written to web/public/icons');
