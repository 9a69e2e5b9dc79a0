import fs from 'node:fs';
import path from 'node:path';
import { CAPTION_FONTS, type CaptionFont, captionFontFamily, captionFontFile, type CaptionFontId } from '@otkrytka/contract';

/**
 * The bundled caption fonts (server/assets/fonts, with their licences and SOURCES.md). Found from
 * the source tree (src/modules/pictures) and from the build (dist/main.mjs) alike.
 */
export const FONT_DIR = [
  path.resolve(import.meta.dirname, '../../../assets/fonts'),
  path.resolve(import.meta.dirname, '../assets/fonts'),
].find((d) => fs.existsSync(path.join(d, 'SOURCES.md'))) ?? path.resolve(import.meta.dirname, '../../../assets/fonts');

/** Noto Color Emoji as Debian installs it (fonts-noto-color-emoji; scripts/system-deps.sh). */
export const EMOJI_FONT_FILE = '/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf';

export const fontPath = (id: CaptionFontId) => path.join(FONT_DIR, captionFontFile(id));

/** `GET /api/caption/fonts`: every font with its licence and its file's address. */
export const fontList = (): CaptionFont[] =>
  CAPTION_FONTS.map((f) => ({ id: f.id, name: f.name, licence: f.licence, style: f.style, url: `/api/caption/fonts/${captionFontFile(f.id)}` }));

/** The font file a `GET /api/caption/fonts/{file}` names, or null. */
export function fontFileOf(file: string): string | null {
  const font = CAPTION_FONTS.find((f) => captionFontFile(f.id) === file);
  return font ? fontPath(font.id) : null;
}

/** Registers every caption font (under captionFontFamily) and the emoji font with a canvas library's font registry. */
export function registerFonts(registry: { registerFromPath(file: string, family?: string): unknown }): void {
  for (const f of CAPTION_FONTS) {
    if (!registry.registerFromPath(fontPath(f.id), captionFontFamily(f.id))) throw new Error(`caption font ${f.id} could not be loaded`);
  }
  // without it emoji draw as empty boxes: the system-deps script installs it
  if (fs.existsSync(EMOJI_FONT_FILE)) registry.registerFromPath(EMOJI_FONT_FILE, 'Noto Color Emoji');
}
