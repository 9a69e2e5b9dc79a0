import type { SettingsMap } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { iso } from '../../platform/clock';
import { settingsRepo } from './repo';

export function settingsService(deps: Deps) {
  const { db } = deps;
  const all = async (userId: number): Promise<SettingsMap> => {
    const rows = await settingsRepo.all(db, userId);
    return Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value) as SettingsMap[string]]));
  };
  return {
    all,
    async set(userId: number, settings: SettingsMap): Promise<SettingsMap> {
      const entries = Object.entries(settings).map(([key, value]) => ({ key, value: JSON.stringify(value) }));
      if (entries.length) await settingsRepo.upsert(db, userId, entries, iso(deps.clock.now()));
      return all(userId);
    },
  };
}
