import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrations } from '../src/db/migrations';
import { client, createTestApp, onPostgres, signUp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('database', () => {
  it(`runs every migration on ${onPostgres ? 'PostgreSQL' : 'SQLite'}`, async () => {
    const done = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(t.db);
    expect(done.rows.map((r) => r.name)).toEqual(Object.keys(migrations).sort());
    expect((await client(t.app).get('/api/health')).json()).toMatchObject({
      status: 'ok',
      database: onPostgres ? 'postgres' : 'sqlite',
    });
  });

  it('enforces foreign keys', async () => {
    await expect(
      t.db
        .insertInto('sessions')
        .values({ user_id: 999999, token_hash: 'x', created_at: '', expires_at: '', last_used_at: '' })
        .execute(),
    ).rejects.toThrow();
  });
});

describe('errors', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const res = await client(t.app).get('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found: GET /api/nope', code: 'NOT_FOUND' });
  });

  it('answers malformed JSON with 400 in the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"login":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BAD_REQUEST');
  });

  it('sends security headers with a CSP that lets Telegram embed the app', async () => {
    const res = await client(t.app).get('/api/health');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self' https://web.telegram.org https://*.telegram.org");
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-site');
    // refusals and unknown routes carry them too
    for (const refused of [await client(t.app).get('/api/auth/me'), await client(t.app).get('/api/no-such-route')]) {
      expect(refused.statusCode).toBeGreaterThanOrEqual(400);
      expect(refused.headers['content-security-policy']).toBe(res.headers['content-security-policy']);
      expect(refused.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('publishes the OpenAPI document generated from the contract', async () => {
    const res = await client(t.app).get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/register', '/api/settings/{key}']));
  });
});

describe('settings', () => {
  it('round-trips single and batch settings per user', async () => {
    const u = await signUp(t.app);
    expect((await u.get('/api/settings/')).json()).toEqual({});
    expect((await u.put('/api/settings/theme', { value: 'dark' })).json()).toEqual({ theme: 'dark' });
    const batch = await u.post('/api/settings/batch', { settings: { language: 'en', sound: false, theme: 'light' } });
    expect(batch.json()).toEqual({ language: 'en', sound: false, theme: 'light' });
    expect((await u.get('/api/settings/')).json()).toEqual({ language: 'en', sound: false, theme: 'light' });
    const other = await signUp(t.app);
    expect((await other.get('/api/settings/')).json()).toEqual({});
  });

  it('refuses visitors and bad keys', async () => {
    expect((await client(t.app).get('/api/settings/')).statusCode).toBe(401);
    const u = await signUp(t.app);
    const bad = await u.put('/api/settings/bad key!', { value: 1 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().field).toBe('key');
  });
});
