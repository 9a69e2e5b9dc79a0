import type { TestApp } from '../helpers';
import { insertNotification, type NotificationType } from '../../src/modules/notifications/notify';
import { nextSeq } from './seq';

/** Factory: a stored notification of any type for a player, dated `at` (default now). */
export async function makeNotification(t: TestApp, userId: number, over: { type?: NotificationType; at?: string; read?: boolean } = {}) {
  const n = nextSeq();
  const id = await insertNotification(
    t.db,
    { userId, type: over.type ?? 'gift', title: `Уведомление ${n}`, message: `Текст уведомления ${n}` },
    over.at ?? t.deps.clock.now().toISOString(),
  );
  if (over.read) await t.db.updateTable('notifications').set({ is_read: 1 }).where('id', '=', id).execute();
  return id;
}
