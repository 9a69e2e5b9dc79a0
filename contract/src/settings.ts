import { z } from 'zod';
import { defineRoutes } from './route';

/** A user's settings: a key-value map of JSON values (spec: theme, language, sound, …). */
export const SettingKey = z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9_.-]+$/);
export const SettingValue = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]);
export const SettingsMap = z.record(z.string(), SettingValue);
export type SettingsMap = z.infer<typeof SettingsMap>;

export const settingsRoutes = defineRoutes({
  'GET /api/settings/': { access: 'user', summary: 'All settings of the signed-in user', response: SettingsMap },
  'PUT /api/settings/{key}': {
    access: 'user',
    summary: 'Set one setting',
    params: z.object({ key: SettingKey }),
    body: z.object({ value: SettingValue }),
    response: SettingsMap,
  },
  'POST /api/settings/batch': {
    access: 'user',
    summary: 'Set several settings at once',
    body: z.object({
      settings: z.record(SettingKey, SettingValue).refine((m) => Object.keys(m).length <= 50, 'at most 50 settings'),
    }),
    response: SettingsMap,
  },
});
