import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
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
    const res = await off.app.inject({ method: 'POST', url: '/api/test-hooks/clock/advance', payload: { ms: 1000 } });
    expect(res.statusCode).toBe(404);
  });

  it('is refused in production: the server will not start with it', async () => {
    const { loadConfig } = await import('../src/config');
    expect(() => loadConfig({ NODE_ENV: 'production', ENABLE_TEST_HOOKS: 'true' })).toThrow(/ENABLE_TEST_HOOKS=true is refused in production/);
    // production is the default: leaving NODE_ENV out does not open the hooks either
    expect(() => loadConfig({ ENABLE_TEST_HOOKS: 'true' })).toThrow(/refused in production/);
  });

  it('moves the server clock: an hour of yin regeneration without waiting', async () => {
    const u = await signUp(on.app);
    await u.get('/api/user-game-data/energy-status');
    const before = on.deps.clock.now().getTime();
    const res = await on.app.inject({ method: 'POST', url: '/api/test-hooks/clock/advance', payload: { ms: 3600_000 } });
    expect(res.statusCode).toBe(200);
    expect(Date.parse(res.json().now) - before).toBeGreaterThanOrEqual(3600_000);
    expect((await u.get('/api/user-game-data/energy-status')).json().yin_energy).toBe(100);
  });

  it('validates the amount', async () => {
    const res = await on.app.inject({ method: 'POST', url: '/api/test-hooks/clock/advance', payload: { ms: -5 } });
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

const URL = '/api/test-hooks/telegram-init-data';
const user = { id: 700123, username: 'tg_anna', first_name: 'Анна', last_name: 'Петрова' };

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('Telegram initData signing hook', () => {
  it('signs initData that the real Telegram sign-in accepts', async () => {
    t = await createTestApp({ ENABLE_TEST_HOOKS: 'true' });
    const signed = await t.app.inject({ method: 'POST', url: URL, payload: { user } });
    expect(signed.statusCode).toBe(200);
    const initData = signed.json().init_data as string;
    const fields = new URLSearchParams(initData);
    expect(fields.get('hash')).toMatch(/^[0-9a-f]{64}$/);
    // what the Telegram SDK in the browser requires of initData
    expect(fields.get('signature')).toMatch(/^[\w-]{40,}$/);
    expect(fields.get('auth_date')).toBe(String(Math.floor(t.clock.now().getTime() / 1000)));

    const res = await t.app.inject({ method: 'POST', url: '/api/auth/telegram', payload: { init_data: initData } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      telegram_id: '700123',
      username: 'tg_anna',
      first_name: 'Анна',
      last_name: 'Петрова',
      auth_type: 'telegram',
    });
  });

  it('signs with the server clock, so initData expires 24 h later like a real one', async () => {
    t = await createTestApp({ ENABLE_TEST_HOOKS: 'true' });
    const initData = (await t.app.inject({ method: 'POST', url: URL, payload: { user } })).json().init_data as string;
    t.clock.advance(24 * 3600_000 + 1000);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/telegram', payload: { init_data: initData } });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toMatch(/expired/);
  });

  it('covers the signature field with the hash: changing it is refused', async () => {
    t = await createTestApp({ ENABLE_TEST_HOOKS: 'true' });
    const fields = new URLSearchParams((await t.app.inject({ method: 'POST', url: URL, payload: { user } })).json().init_data as string);
    fields.set('signature', 'forged');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/telegram', payload: { init_data: fields.toString() } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_INIT_DATA');
  });

  it('refuses a body without a valid user id', async () => {
    t = await createTestApp({ ENABLE_TEST_HOOKS: 'true' });
    const res = await t.app.inject({ method: 'POST', url: URL, payload: { user: { id: -1 } } });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('VALIDATION_ERROR');
  });

  it('answers "not configured" without a bot token', async () => {
    t = await createTestApp({ ENABLE_TEST_HOOKS: 'true', BOT_TOKEN: '' });
    const res = await t.app.inject({ method: 'POST', url: URL, payload: { user } });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('NOT_CONFIGURED');
  });

  it('does not exist unless ENABLE_TEST_HOOKS is on', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'POST', url: URL, payload: { user } });
    expect(res.statusCode).toBe(404);
  });

  it('cannot be switched on in production: the settings are refused before anything is built', async () => {
    const { loadConfig } = await import('../src/config');
    expect(() => loadConfig({ ENABLE_TEST_HOOKS: 'true', NODE_ENV: 'production', BOT_TOKEN: 'x:y' })).toThrow(/refused in production/);
  });

  it('stays out of the API document', async () => {
    t = await createTestApp({ ENABLE_TEST_HOOKS: 'true' });
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.body).toContain('/api/auth/telegram');
    expect(doc.body).not.toContain('test-hooks');
  });
});
