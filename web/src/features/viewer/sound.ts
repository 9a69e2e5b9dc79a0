import { useCallback, useSyncExternalStore } from 'react';

/** Remembered in the browser as 'true' / 'false' (spec 001 §3). */
export const SOUND_KEY = 'shorts_sound_enabled';

const listeners = new Set<() => void>();
const read = () => {
  try {
    return localStorage.getItem(SOUND_KEY) === 'true';
  } catch {
    return false;
  }
};

/** Whether videos play with sound; off by default so autoplay works everywhere. */
export function useSoundEnabled(): [boolean, () => void] {
  const enabled = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    read,
    () => false,
  );
  const toggle = useCallback(() => {
    try {
      localStorage.setItem(SOUND_KEY, String(!read()));
    } catch {
      /* storage unavailable: the choice lasts until reload */
    }
    listeners.forEach((l) => l());
  }, []);
  return [enabled, toggle];
}
