import type { Postcard } from '@otkrytka/contract';
import { PostcardMedia } from '@/features/viewer/components/PostcardMedia';
import { useTranslation } from '@/i18n';

/**
 * A small still of a postcard for lists: its stored preview, or the media itself when there is none.
 * `contain` shows all of it (a moderator judges the edges too), with bars where the box is wider.
 */
export function PostcardThumb({ postcard, fit = 'cover' }: { postcard: Postcard; fit?: 'cover' | 'contain' }) {
  const { t } = useTranslation();
  // its title, never the uploaded file's name
  const alt = postcard.title || t('pages.viewer');
  const still = postcard.thumbnail_url ?? postcard.viewer_url;
  if (still) {
    // the small preview on phones; the viewer-size one where tiles are wide (no blurry upscaling)
    const srcSet = postcard.thumbnail_url && postcard.viewer_url ? `${postcard.thumbnail_url} 160w, ${postcard.viewer_url} 768w` : undefined;
    return (
      <img
        src={still}
        srcSet={srcSet}
        sizes={srcSet ? '(min-width: 640px) 360px, 50vw' : undefined}
        alt={alt}
        loading="lazy"
        decoding="async"
        className={fit === 'contain' ? 'h-full w-full object-contain' : 'h-full w-full object-cover'}
      />
    );
  }
  return <PostcardMedia src={postcard.image_url} kind={postcard.media_kind} alt={alt} active={false} eager={false} fit={fit} />;
}
