import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freezeClock } from './factories/game';
import { createTestApp, signUp, type TestApp } from './helpers';
import { SESSION_TTL_MS } from '../src/modules/auth/service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Services read the clock through deps when they run, so a clock swapped in after start reaches every rule. */
describe('a test clock swapped in after the app was built', () => {
  it('dates a new account and expires its session by that clock', async () => {
    const clock = freezeClock(t, '2031-05-01T10:00:00.000Z');
    const u = await signUp(t.app);
    const me = await u.get('/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().created_at).toBe('2031-05-01T10:00:00.000Z');
    clock.advance(SESSION_TTL_MS.remember + 1000);
    expect((await u.get('/api/auth/me')).statusCode).toBe(401);
  });
});
