import type { Channel } from '@otkrytka/contract';
import { GALLERY_COLLECTION_ID } from '@otkrytka/contract/rules/postcards';
import type { TFunction } from '../../i18n';

/**
 * A channel's name and description as shown. The public gallery is the app's own channel: its name
 * and description are the app's words in the reader's language (the stored ones are the seed's
 * Russian). Every other channel shows what its owner wrote.
 */
export function shownChannel<C extends Pick<Channel, 'id' | 'name'> & { description?: string | null }>(channel: C, t: TFunction): C {
  if (channel.id !== GALLERY_COLLECTION_ID) return channel;
  const name = t('pages.gallery', { ns: 'common' });
  return 'description' in channel ? { ...channel, name, description: t('galleryChannel.description', { ns: 'common' }) } : { ...channel, name };
}
