import type { Channel } from '@otkrytka/contract';
import { GALLERY_COLLECTION_ID } from '@otkrytka/contract/rules/postcards';
import type { TFunction } from '@/i18n';

/** The app's own words for the public gallery's channel, in the reader's language. */
export interface GalleryWords {
  name: string;
  description?: string;
}

/**
 * A channel's name and description as shown. The public gallery is the app's own channel: it shows
 * the app's words (its stored ones are the seed's Russian). Every other channel shows what its
 * owner wrote. The recipient's greeting page passes words from its own texts, as it loads no others.
 */
export function shownChannel<C extends Pick<Channel, 'id' | 'name'> & { description?: string | null }>(channel: C, words: GalleryWords): C {
  if (channel.id !== GALLERY_COLLECTION_ID) return channel;
  return 'description' in channel && words.description !== undefined
    ? { ...channel, name: words.name, description: words.description }
    : { ...channel, name: words.name };
}

/** The gallery's words from the app's common texts. */
export const galleryWords = (t: TFunction): GalleryWords => ({
  name: t('pages.gallery', { ns: 'common' }),
  description: t('galleryChannel.description', { ns: 'common' }),
});
