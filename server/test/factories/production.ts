import type { TestApp } from '../helpers';
import { now } from './seq';

/** Factory: a player who has already had their free first run (a collected wisdom run a day ago). */
export async function useFreeRun(t: TestApp, userId: number) {
  const at = new Date(Date.parse(now()) - 24 * 3600_000).toISOString();
  await t.db
    .insertInto('production_runs')
    .values({ user_id: userId, card_type: 'wisdom', card_level: 1, resource_type: 'wisdom', quantity: 5, started_at: at, ready_at: at, collected_at: at, notified_at: at })
    .execute();
}
