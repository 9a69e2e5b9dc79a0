import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrations } from '../src/db/migrations';
import { NOTIFICATION_STYLE } from '../src/modules/notifications/notify';
import { createTestApp, signUp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('0011 renames stored greeting_received templates to greeting_accepted, so they render in the reader language', async () => {
  const u = await signUp(t.app);
  await t.db
    .insertInto('notifications')
    .values({
      user_id: u.user.id,
      type: 'greeting_received',
      title: 'Ваше поздравление приняли',
      message: 'Коля принял(а) ваше поздравление «Вере»',
      bg_color: NOTIFICATION_STYLE.greeting_received.bg,
      color: NOTIFICATION_STYLE.greeting_received.color,
      actions: '[]',
      template: JSON.stringify({ key: 'greeting_received', params: { name: 'Коля', to: 'Вере', gift: 0 } }),
      is_read: 0,
      created_at: t.deps.clock.now().toISOString(),
    })
    .execute();
  await migrations['0011_notification_template_keys']!.up(t.db);
  await u.put('/api/settings/language', { value: 'en' });
  const n = (await u.get('/api/notifications')).json().notifications[0];
  expect(n.template).toEqual({ key: 'greeting_accepted', params: { name: 'Коля', to: 'Вере', gift: 0 } });
  expect(n).toMatchObject({ title: 'Your greeting was accepted', message: 'Коля accepted your greeting to Вере' });
});
