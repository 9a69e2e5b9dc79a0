import type { Postcard } from '@otkrytka/contract';
import { PostcardMedia } from '../../viewer/components/PostcardMedia';

/** A small still of a postcard for lists: its stored preview, or the media itself when there is none. */
export function PostcardThumb({ postcard }: { postcard: Postcard }) {
  const still = postcard.thumbnail_url ?? postcard.viewer_url;
  if (still) {
    // the small preview on phones; the viewer-size one where tiles are wide (no blurry upscaling)
    const srcSet = postcard.thumbnail_url && postcard.viewer_url ? `${postcard.thumbnail_url} 160w, ${postcard.viewer_url} 768w` : undefined;
    return (
      <img
        src={still}
        srcSet={srcSet}
        sizes={srcSet ? '(min-width: 640px) 360px, 50vw' : undefined}
        alt={postcard.title ?? postcard.file_name ?? ''}
        loading="lazy"
        decoding="async"
        className="h-full w-full object-cover"
      />
    );
  }
  return <PostcardMedia src={postcard.image_url} kind={postcard.media_kind} alt={postcard.title ?? ''} active={false} eager={false} fit="cover" />;
}
