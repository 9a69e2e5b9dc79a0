import type { SettingsMap } from '@otkrytka/contract';
import { api } from '@/lib/api';
import { CACHE } from '@/app/query';

/** Query key of the signed-in user's settings (GET /api/settings/). */
export const settingsKeys = { all: ['settings'] as const };

export const settingsQuery = {
  queryKey: settingsKeys.all,
  queryFn: (): Promise<SettingsMap> => api('GET /api/settings/'),
  ...CACHE.default,
};

/** The settings the app keeps for a user, by the API's names. */
export const SETTING = {
  darkMode: 'darkMode',
  language: 'language',
  sound: 'shorts_sound_enabled',
} as const;
