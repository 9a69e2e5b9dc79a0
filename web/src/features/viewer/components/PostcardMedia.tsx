import { useEffect, useRef, useState } from 'react';
import { cx } from '@/ui/cx';
import { type MediaKind, mediaKindOf, VIEWER_SIZES } from '../media';

export interface PostcardMediaProps {
  src: string;
  /** a picture's screen-size renditions (`url 480w, …`), drawn at the viewer box's size */
  srcSet?: string | undefined;
  /** a video's short silent preview, played until sound is asked for (then the file itself plays) */
  preview?: string | undefined;
  kind?: MediaKind | null;
  /** a still shown until a video can play */
  poster?: string | undefined;
  /** the grid's small thumbnail (already loaded there): shown blurred until the media itself has loaded */
  placeholder?: string | null | undefined;
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
export function PostcardMedia({ src, srcSet, preview, kind, poster, alt, active = true, sound = false, eager = true, className, fit = 'contain', placeholder }: PostcardMediaProps) {
  const video = useRef<HTMLVideoElement>(null);
  const resolved = mediaKindOf(src, kind);
  const videoSrc = sound || !preview ? src : preview;
  // a slow line takes seconds for the viewer-size file: the small one stands in, blurred, meanwhile
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const loaded = loadedSrc === src;
  const onLoaded = () => setLoadedSrc(src);
  const standIn = placeholder && !loaded && (
    <img src={placeholder} alt="" aria-hidden="true" className="absolute inset-0 h-full w-full scale-110 object-cover blur-lg" data-testid="media-placeholder" />
  );

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
  }, [active, sound, videoSrc]);

  const fitClass = fit === 'contain' ? 'object-contain' : 'object-cover';
  if (resolved === 'video') {
    return (
      <>
        {standIn}
        <video
          ref={video}
          src={videoSrc}
          poster={poster}
          onLoadedData={onLoaded}
          onError={onLoaded}
          className={cx('relative h-full w-full', fitClass, className)}
          autoPlay={active}
          loop
          muted
          playsInline
          preload={eager ? 'auto' : 'metadata'}
          aria-label={alt}
          data-media="video"
        />
      </>
    );
  }
  return (
    <>
      {standIn}
      <img
        src={src}
        srcSet={srcSet}
        sizes={srcSet ? VIEWER_SIZES : undefined}
        alt={alt}
        onLoad={onLoaded}
        // a picture that failed leaves the frame as it was: the stand-in would look like loading for ever
        onError={onLoaded}
        className={cx('relative h-full w-full select-none', fitClass, className)}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        draggable={false}
        data-media={resolved}
      />
    </>
  );
}
