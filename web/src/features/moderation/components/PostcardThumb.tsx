import type { Postcard } from '@otkrytka/contract';
import { PostcardMedia } from '../../viewer/components/PostcardMedia';

/** A small still of a postcard for lists: its stored preview, or the media itself when there is none. */
export function PostcardThumb({ postcard }: { postcard: Postcard }) {
  const still = postcard.thumbnail_url ?? postcard.viewer_url;
  if (still) {
    return <img src={still} alt={postcard.title ?? postcard.file_name ?? ''} loading="lazy" decoding="async" className="h-full w-full object-cover" />;
  }
  return <PostcardMedia src={postcard.image_url} kind={postcard.media_kind} alt={postcard.title ?? ''} active={false} eager={false} fit="cover" />;
}
