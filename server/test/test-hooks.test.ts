import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

const URL = '/api/test-hooks/telegram-init-data';
const user = { id: 700123, username: 'tg_anna', first_name: 'Анна', last_name: 'Петрова' };

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('test hooks', () => {
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

  it('does not exist in production even when ENABLE_TEST_HOOKS is on', async () => {
    t = await createTestApp({ ENABLE_TEST_HOOKS: 'true', NODE_ENV: 'production', LOG_LEVEL: 'silent' });
    const res = await t.app.inject({ method: 'POST', url: URL, payload: { user } });
    expect(res.statusCode).toBe(404);
  });

  it('stays out of the API document', async () => {
    t = await createTestApp({ ENABLE_TEST_HOOKS: 'true' });
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.body).toContain('/api/auth/telegram');
    expect(doc.body).not.toContain('test-hooks');
  });
});
