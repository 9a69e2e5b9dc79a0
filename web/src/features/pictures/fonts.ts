import { type CaptionFontId, captionFontFamily } from '@otkrytka/contract/rules/caption';
import { useSyncExternalStore } from 'react';

/**
 * The caption fonts as browser FontFaces, from the same files the server draws with, under the
 * same family names (`captionFontFamily`): the preview measures and wraps as the server does.
 */
const faces = new Map<string, Promise<FontFace>>();
let loaded = 0;
const listeners = new Set<() => void>();

export function loadCaptionFont(f: { id: CaptionFontId; url: string }): Promise<FontFace> {
  let face = faces.get(f.id);
  // a browser without the CSS Font Loading API draws with its own fonts
  if (typeof FontFace === 'undefined') return Promise.reject(new Error('no FontFace'));
  if (!face) {
    const ff = new FontFace(captionFontFamily(f.id), `url(${JSON.stringify(f.url)})`);
    document.fonts.add(ff);
    face = ff.load().then((done) => {
      loaded += 1;
      for (const l of listeners) l();
      return done;
    });
    // a failed load may be tried again (offline, then online)
    face.catch(() => faces.delete(f.id));
    faces.set(f.id, face);
  }
  return face;
}

/** A number that grows as caption fonts finish loading: the preview draws again. */
export function useFontsLoaded(): number {
  return useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    () => loaded,
  );
}
