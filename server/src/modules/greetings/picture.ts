import crypto from 'node:crypto';
import type { Caption } from '@otkrytka/contract';
import type { Queryable } from '../../db';
import './picture-columns';

/**
 * What the greetings module keeps of a greeting's picture (docs/PRODUCT-RULES.md, Pictures): the
 * caption as JSON, the footer choice, and the address of the picture, which the pictures module
 * draws and serves. The address changes whenever what is drawn does.
 */

export const storedCaption = (c: Caption | null | undefined): string | null => (c ? JSON.stringify(c) : null);
export const storedFooter = (f: boolean | null | undefined): number | null => (f === true ? 1 : f === false ? 0 : null);

export function readCaption(json: string | null): Caption | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as Caption;
  } catch {
    return null;
  }
}

/**
 * Whether the picture has the footer: a picture without a caption always has it (else it would be
 * the bare card); otherwise the sender's choice, by default on when the greeting carries a gift.
 */
export function pictureFooterOn(g: { caption: string | null; picture_footer: number | null; energy: number }): boolean {
  if (!g.caption) return true;
  return g.picture_footer === null ? g.energy > 0 : g.picture_footer === 1;
}

/** The picture's address, versioned by what is drawn on it (so a new caption is a new address). */
export function pictureUrl(
  g: { public_id: string; caption: string | null; picture_footer: number | null; energy: number },
  cardKey: string,
): string {
  const v = crypto
    .createHash('sha256')
    .update(JSON.stringify([cardKey, g.caption, pictureFooterOn(g), g.energy > 0]))
    .digest('base64url')
    .slice(0, 12);
  return `/api/greetings/${g.public_id}/picture?v=${v}`;
}

/**
 * What the pictures module draws a greeting's picture from, and decides who may see it with: the
 * greeting, its card and its sender's language (the footer's words). Undefined: no such greeting.
 */
export function greetingPictureSource(db: Queryable, publicId: string) {
  return db
    .selectFrom('greetings as g')
    .innerJoin('image_relations as ir', 'ir.id', 'g.image_relation_id')
    .leftJoin('settings as s', (j) => j.onRef('s.user_id', '=', 'g.user_id').on('s.key', '=', 'language'))
    .select([
      'g.id',
      'g.public_id',
      'g.user_id',
      'g.opens_at',
      'g.held_for',
      'g.caption',
      'g.picture_footer',
      'g.energy',
      'g.image_relation_id',
      'ir.storage_key',
      'ir.media_kind',
      'ir.is_banned',
      's.value as language_json',
    ])
    .where('g.public_id', '=', publicId)
    .executeTakeFirst();
}
export type GreetingPictureSource = NonNullable<Awaited<ReturnType<typeof greetingPictureSource>>>;
