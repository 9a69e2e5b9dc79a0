import { cx } from '@/ui/cx';
import { EnvelopeHeartIcon } from '@/ui/icons-greeting';

export interface MediaSource {
  media_kind: 'image' | 'gif' | 'video';
  image_url: string;
  /** a large still (the poster of a video) */
  viewer_url?: string | null;
  /** a still picture's screen-size renditions */
  viewer_srcset?: string | null;
  title?: string | null;
}

/** The box's width on screen: the screen less its padding, at most 420 px. */
const SIZES = '(min-width: 452px) 420px, calc(100vw - 32px)';
/** The still PostcardMedia shows: a gif itself, else the viewer-size preview (a video's poster). */
const stillOf = (card: MediaSource) => (card.media_kind === 'gif' ? card.image_url : (card.viewer_url ?? card.image_url));
const srcsetOf = (card: MediaSource) => (card.media_kind === 'image' ? (card.viewer_srcset ?? undefined) : undefined);

/**
 * Fetches, at low priority, the picture PostcardMedia will show for `card` — the same candidate of
 * its srcset — so it is there when its stage opens instead of a dark frame filling in.
 */
export function preloadPostcard(card: MediaSource): HTMLImageElement {
  const img = new Image();
  img.fetchPriority = 'low';
  img.decoding = 'async';
  img.sizes = SIZES;
  const srcset = srcsetOf(card);
  if (srcset) img.srcset = srcset;
  img.src = stillOf(card);
  return img;
}

/**
 * A postcard image, gif or video, contained in the 384:590 postcard box.
 * Videos autoplay muted and loop, as in the viewer.
 */
export function PostcardMedia({ card, className, alt }: { card: MediaSource; className?: string; alt: string }) {
  return (
    <div className={cx('relative aspect-[384/590] w-full overflow-hidden rounded-3xl bg-black/20 shadow-2xl', className)}>
      {card.media_kind === 'video' ? (
        <video
          className="h-full w-full object-contain"
          src={card.image_url}
          poster={card.viewer_url ?? undefined}
          autoPlay
          muted
          loop
          playsInline
          controls={false}
          aria-label={alt}
        />
      ) : (
        <img
          className="h-full w-full object-contain"
          src={stillOf(card)}
          srcSet={srcsetOf(card)}
          sizes={SIZES}
          alt={alt}
          decoding="async"
        />
      )}
    </div>
  );
}

/**
 * The preview of a list row (spec: the 36 px preview); drawn as a small portrait card from the
 * 78x101 preview when there is one, so it stays sharp on high-density phone screens.
 */
export function Thumb({ src, sharp, alt, className }: { src: string | null; sharp?: string | null; alt: string; className?: string }) {
  // the original app: greeting lists show the 36 px preview, drawn 36 px wide so it is sharp at 1x; denser
  // screens take the 78 px one
  const url = src ?? sharp ?? null;
  const srcSet = src && sharp ? `${src} 1x, ${sharp} 2x` : undefined;
  return (
    <div className={cx('h-[55px] w-9 shrink-0 overflow-hidden rounded-lg bg-surface-3 shadow-sm', className)}>
      {url ? (
        <img src={url} srcSet={srcSet} width={36} height={55} alt={alt} className="h-full w-full object-cover" loading="lazy" decoding="async" />
      ) : (
        <div className="flex h-full w-full items-center justify-center text-muted" aria-hidden="true">
          <EnvelopeHeartIcon size={20} />
        </div>
      )}
    </div>
  );
}
