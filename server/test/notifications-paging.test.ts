import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from './helpers';
import { makeNotification } from './factories/notifications';

/** hasMore follows the spec rule: a page that comes back full means there may be more. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('notifications hasMore', () => {
  it('is true for a full page even when it is the last one, false for a short page', async () => {
    const u = await signUp(t.app);
    for (let i = 0; i < 40; i += 1) await makeNotification(t, u.user.id, { at: new Date(Date.UTC(2025, 2, 1, 0, i)).toISOString() });
    const p2 = (await u.get('/api/notifications?page=2')).json();
    expect(p2.notifications).toHaveLength(20);
    expect(p2.hasMore).toBe(true);
    const p3 = (await u.get('/api/notifications?page=3')).json();
    expect(p3.notifications).toHaveLength(0);
    expect(p3.hasMore).toBe(false);
    const short = (await u.get('/api/notifications?limit=30&page=2')).json();
    expect(short.notifications).toHaveLength(10);
    expect(short.hasMore).toBe(false);
  });
});
