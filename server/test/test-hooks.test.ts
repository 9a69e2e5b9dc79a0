import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from './helpers';
import { buildApp } from '../src/app';
import { ManualClock } from '../src/platform/clock';

describe('test clock hook', () => {
  let on: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    on = await createTestApp({ ENABLE_TEST_HOOKS: 'true' });
    off = await createTestApp();
  });
  afterAll(async () => {
    await on.close();
    await off.close();
  });

  it('is absent unless ENABLE_TEST_HOOKS is on', async () => {
    const res = await off.app.inject({ method: 'POST', url: '/api/test/clock/advance', payload: { ms: 1000 } });
    expect(res.statusCode).toBe(404);
  });

  it('is never on in production', async () => {
    const { loadConfig } = await import('../src/config');
    expect(loadConfig({ NODE_ENV: 'production', ENABLE_TEST_HOOKS: 'true' }).testHooks).toBe(false);
  });

  it('moves the server clock: an hour of yin regeneration without waiting', async () => {
    const u = await signUp(on.app);
    await u.get('/api/user-game-data/energy-status');
    const before = on.deps.clock.now().getTime();
    const res = await on.app.inject({ method: 'POST', url: '/api/test/clock/advance', payload: { ms: 3600_000 } });
    expect(res.statusCode).toBe(200);
    expect(Date.parse(res.json().now) - before).toBeGreaterThanOrEqual(3600_000);
    expect((await u.get('/api/user-game-data/energy-status')).json().yin_energy).toBe(100);
  });

  it('validates the amount', async () => {
    const res = await on.app.inject({ method: 'POST', url: '/api/test/clock/advance', payload: { ms: -5 } });
    expect(res.statusCode).toBe(422);
  });

  it('gives an app built without a clock a movable one when test hooks are on', async () => {
    const { app, deps } = await buildApp({ config: on.config, db: on.db, dialect: on.deps.dialect });
    try {
      expect(deps.clock).toBeInstanceOf(ManualClock);
    } finally {
      await app.close();
    }
  });
});
