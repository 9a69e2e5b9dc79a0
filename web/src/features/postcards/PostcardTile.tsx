import type { Postcard } from '@otkrytka/contract';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from '@/i18n';
import { Link } from '@/router';
import { cx } from '@/ui/cx';
import { IconPlay } from './icons-first';
import { mediaKindOf } from './media';
import { KindBadge, StatusBadge } from './PostcardBadges';
import { takeReturnFocus } from './returnFocus';

type TilePostcard = Pick<Postcard, 'id' | 'title' | 'description' | 'image_url' | 'thumbnail_url' | 'preview_78x101_url' | 'is_approved' | 'is_banned' | 'media_kind'>;

/**
 * A postcard preview (80:110) linking to its viewer page: the gallery thumbnail image, the kind
 * badge, optionally the moderation badge and an options menu in the corner.
 */
export function PostcardTile({
  postcard,
  to,
  showStatus,
  options,
  eager,
  priority,
  className,
}: {
  postcard: TilePostcard;
  to: string;
  showStatus?: boolean;
  options?: ReactNode;
  /** load at once (above the fold) */
  eager?: boolean;
  /** fetch before other images (the first few, likely the largest paint) */
  priority?: boolean;
  className?: string;
}) {
  const src = postcard.thumbnail_url ?? postcard.preview_78x101_url;
  const { t } = useTranslation('postcards');
  // the tile's link is named by its picture: one without a title or description still says what it is
  const alt = postcard.title || postcard.description || t('untitled');
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    // after the layout's scroll to the top of the page, so the focus brings the tile into view
    if (takeReturnFocus(postcard.id)) requestAnimationFrame(() => link.current?.focus());
  }, [postcard.id]);
  return (
    <div className={cx('group relative', className)} data-postcard-id={postcard.id}>
      <Link
        ref={link}
        to={to}
        className="block aspect-[80/110] overflow-hidden rounded-xl bg-surface-3 shadow-card outline-offset-2 transition-transform duration-200 group-hover:-translate-y-0.5 active:scale-[0.98]"
      >
        {src ? (
          <img
            src={src}
            alt={alt}
            width={160}
            height={220}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            {...(priority ? { fetchPriority: 'high' as const } : {})}
            className="h-full w-full object-cover"
          />
        ) : mediaKindOf(postcard) === 'video' ? (
          <span className="relative flex h-full w-full items-center justify-center bg-gradient-to-br from-accent/50 to-primary/50 text-white">
            <video src={`${postcard.image_url}#t=0.1`} preload="metadata" muted playsInline className="absolute inset-0 h-full w-full object-cover" aria-label={alt} />
            <IconPlay size={26} className="relative drop-shadow" />
          </span>
        ) : (
          <img src={postcard.image_url} alt={alt} loading="lazy" className="h-full w-full object-cover" />
        )}
      </Link>
      <div className="pointer-events-none absolute left-1.5 top-1.5 flex gap-1">{showStatus && <StatusBadge postcard={postcard} />}</div>
      <div className="pointer-events-none absolute bottom-1.5 left-1.5">
        <KindBadge postcard={postcard} />
      </div>
      {options && <div className="absolute right-0.5 top-0.5">{options}</div>}
    </div>
  );
}

/** The grid postcards are laid out in; `size` sets the smallest tile width. */
export function PostcardGrid({ children, size = 'md', className }: { children: ReactNode; size?: 'sm' | 'md'; className?: string }) {
  return (
    <div
      role="list"
      className={cx(
        'grid gap-2 sm:gap-3',
        size === 'sm' ? 'grid-cols-[repeat(auto-fill,minmax(80px,1fr))]' : 'grid-cols-[repeat(auto-fill,minmax(104px,1fr))] sm:grid-cols-[repeat(auto-fill,minmax(140px,1fr))]',
        className,
      )}
    >
      {children}
    </div>
  );
}
