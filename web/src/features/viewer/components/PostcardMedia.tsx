import { useEffect, useRef, useState } from 'react';
import { cx } from '@/ui/cx';
import { type MediaKind, mediaKindOf, VIEWER_SIZES } from '../media';

export interface PostcardMediaProps {
  src: string;
  /** a picture's screen-size renditions (`url 480w, …`), drawn at the viewer box's size */
  srcSet?: string | undefined;
  /** a video's short silent preview: it starts the video, then the file itself goes on (at once when sound is asked for) */
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
 * One postcard's picture, gif or video. Videos autoplay, `muted playsinline` so iOS plays them
 * inline; sound is turned on only for the active card when the user asked for it.
 */
export function PostcardMedia({ src, srcSet, preview, kind, poster, alt, active = true, sound = false, eager = true, className, fit = 'contain', placeholder }: PostcardMediaProps) {
  const resolved = mediaKindOf(src, kind);
  // a slow line takes seconds for the viewer-size file: the small one stands in, blurred, meanwhile
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const loaded = loadedSrc === src;
  const onLoaded = () => setLoadedSrc(src);
  const standIn = placeholder && !loaded && (
    <img src={placeholder} alt="" aria-hidden="true" className="absolute inset-0 h-full w-full scale-110 object-cover blur-lg" data-testid="media-placeholder" />
  );

  const fitClass = fit === 'contain' ? 'object-contain' : 'object-cover';
  if (resolved === 'video') {
    return (
      <>
        {standIn}
        {/* a new file starts over: from its preview, if it has one */}
        <VideoMedia key={src} src={src} preview={preview} poster={poster} alt={alt} active={active} sound={sound} eager={eager} className={cx(fitClass, className)} onLoaded={onLoaded} />
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

interface VideoProps {
  src: string;
  preview: string | undefined;
  poster: string | undefined;
  alt: string;
  active: boolean;
  sound: boolean;
  eager: boolean;
  className: string;
  onLoaded: () => void;
}

/** The frame a video shows now, as a picture (none when there is no frame or the browser cannot draw it). */
function frameOf(el: HTMLVideoElement): string | undefined {
  if (!el.videoWidth || !el.videoHeight) return undefined;
  try {
    const canvas = document.createElement('canvas');
    canvas.width = el.videoWidth;
    canvas.height = el.videoHeight;
    const ctx = canvas.getContext('2d');
    if (!ctx) return undefined;
    ctx.drawImage(el, 0, 0);
    return canvas.toDataURL('image/jpeg', 0.8);
  } catch {
    return undefined;
  }
}

/**
 * A video. With sound off it starts on its short silent preview (the first seconds, small: a fast
 * start on a slow line); when the preview ends, the file itself goes on from that moment, muted,
 * and loops, so the whole video plays. Sound asked for moves to the file at once, from the moment
 * shown. While the file loads, the preview's last frame stays on screen.
 */
function VideoMedia({ src, preview, poster, alt, active, sound, eager, className, onLoaded }: VideoProps) {
  const video = useRef<HTMLVideoElement>(null);
  // the preview has handed over to the file, with the frame to show until the file plays
  const [handover, setHandover] = useState<{ frame: string | undefined } | null>(null);
  // the file would not load: the preview loops instead, as before there was more to play
  const [fileFailed, setFileFailed] = useState(false);
  // where the preview is: the file goes on from there
  const position = useRef(0);
  if (preview && sound && active && !handover && !fileFailed) setHandover({ frame: undefined });
  const onFile = !preview || (handover !== null && !fileFailed);
  const videoSrc = onFile ? src : preview;

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

  useEffect(() => {
    // the file takes over where the preview was (a file shorter than that loops back to its start)
    if (preview && onFile && video.current) video.current.currentTime = position.current;
  }, [preview, onFile]);

  return (
    <video
      ref={video}
      src={videoSrc}
      poster={handover?.frame ?? poster}
      onLoadedData={onLoaded}
      onError={() => {
        if (preview && onFile) setFileFailed(true);
        else onLoaded();
      }}
      onTimeUpdate={(e) => {
        if (!onFile) position.current = e.currentTarget.currentTime;
      }}
      onEnded={(e) => {
        if (onFile) return;
        position.current = e.currentTarget.currentTime;
        setHandover({ frame: frameOf(e.currentTarget) });
      }}
      className={cx('relative h-full w-full', className)}
      autoPlay={active}
      // the preview plays once, then hands over; the file (or a preview whose file failed) loops
      loop={onFile || fileFailed}
      muted
      playsInline
      preload={eager ? 'auto' : 'metadata'}
      aria-label={alt}
      data-media="video"
      data-playing={onFile ? 'file' : 'preview'}
    />
  );
}
