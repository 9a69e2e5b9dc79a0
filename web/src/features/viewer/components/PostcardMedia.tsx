import { useEffect, useRef } from 'react';
import { cx } from '../../../ui/cx';
import { type MediaKind, mediaKindOf } from '../media';

export interface PostcardMediaProps {
  src: string;
  kind?: MediaKind | null;
  /** a still shown until a video can play */
  poster?: string | undefined;
  alt: string;
  /** the card on screen: its video plays; others stay paused (but loaded) */
  active?: boolean;
  /** play with sound (the user's choice); falls back to muted when the browser refuses */
  sound?: boolean;
  /** how eagerly to load (neighbours of the card on screen are loaded at once) */
  eager?: boolean;
  className?: string;
  /** extra attributes for tests and styling */
  fit?: 'contain' | 'cover';
}

/**
 * One postcard's picture, gif or video. Videos autoplay and loop, `muted playsinline` so iOS
 * plays them inline; sound is turned on only for the active card when the user asked for it.
 */
export function PostcardMedia({ src, kind, poster, alt, active = true, sound = false, eager = true, className, fit = 'contain' }: PostcardMediaProps) {
  const video = useRef<HTMLVideoElement>(null);
  const resolved = mediaKindOf(src, kind);

  useEffect(() => {
    const el = video.current;
    if (!el) return;
    if (!active) {
      el.pause();
      return;
    }
    el.muted = !sound;
    el.play().catch(() => {
      // autoplay with sound needs a gesture; keep playing silently instead of stopping
      if (!el.muted) {
        el.muted = true;
        el.play().catch(() => undefined);
      }
    });
  }, [active, sound, src]);

  const fitClass = fit === 'contain' ? 'object-contain' : 'object-cover';
  if (resolved === 'video') {
    return (
      <video
        ref={video}
        src={src}
        poster={poster}
        className={cx('h-full w-full', fitClass, className)}
        autoPlay={active}
        loop
        muted
        playsInline
        preload={eager ? 'auto' : 'metadata'}
        aria-label={alt}
        data-media="video"
      />
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      className={cx('h-full w-full select-none', fitClass, className)}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      draggable={false}
      data-media={resolved}
    />
  );
}
