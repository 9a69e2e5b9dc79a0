import { useCallback } from 'react';
import { usePreferences } from '../settings/preferences';

/**
 * Whether videos play with sound: the `shorts_sound_enabled` preference (kept in the browser and,
 * when signed in, in the account). Off by default so autoplay works everywhere.
 */
export function useSoundEnabled(): [boolean, () => void] {
  const { soundEnabled, setSoundEnabled } = usePreferences();
  const toggle = useCallback(() => setSoundEnabled(!soundEnabled), [soundEnabled, setSoundEnabled]);
  return [soundEnabled, toggle];
}
