import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInitData } from '../src/platform/telegram';
import { client, createTestApp, signUp, TEST_BOT_TOKEN, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const reg = (body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
const valid = (over: Record<string, unknown> = {}) => ({
  email: `a${Math.random().toString(36).slice(2)}@example.com`,
  login: `l${Math.random().toString(36).slice(2, 10)}`,
  password: 'long-enough',
  agreement: true,
  ...over,
});

describe('registration', () => {
  it('creates the account, signs in and answers the token with the user', async () => {
    const body = valid({ username: '  Аня ' });
    const res = await reg(body);
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(json.token_type).toBe('bearer');
    expect(json.user).toMatchObject({ login: body.login, email: body.email, username: 'Аня', is_moderator: false });
    const me = await client(t.app, json.access_token).get('/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(json.user.id);
  });

  it('stores an empty username as null', async () => {
    const res = await reg(valid({ username: '' }));
    expect(res.json().user.username).toBeNull();
  });

  it.each([
    [{ email: 'not-an-email' }, 'email', 'auth.errors.emailInvalid'],
    [{ login: 'ab' }, 'login', 'auth.errors.loginTooShort'],
    [{ login: 'x'.repeat(51) }, 'login', 'auth.errors.loginTooLong'],
    [{ password: '1234567' }, 'password', 'auth.errors.passwordTooShort'],
    [{ password: ' '.repeat(8) }, 'password', 'auth.errors.passwordBlank'],
    [{ password: 'p'.repeat(129) }, 'password', 'auth.errors.passwordTooLong'],
    [{ username: 'N'.repeat(101) }, 'username', 'auth.errors.usernameTooLong'],
    [{ agreement: false }, 'agreement', 'auth.errors.agreementRequired'],
  ])('refuses %o with 422 naming the field', async (over, field, message) => {
    const res = await reg(valid(over));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: `${field}: ${message}`, code: 'VALIDATION_ERROR', field });
  });

  it('accepts logins of exactly 3 and 50 characters and a password of exactly 8', async () => {
    expect((await reg(valid({ login: 'abc' }))).statusCode).toBe(201);
    expect((await reg(valid({ login: 'y'.repeat(50) }))).statusCode).toBe(201);
    expect((await reg(valid({ password: '12345678' }))).statusCode).toBe(201);
  });

  it('refuses a missing email', async () => {
    const { email: _e, ...rest } = valid();
    const res = await reg(rest);
    expect(res.statusCode).toBe(422);
    expect(res.json().field).toBe('email');
  });

  it('answers 400 "Email already registered" for a duplicate email, in any letter case', async () => {
    const body = valid();
    expect((await reg(body)).statusCode).toBe(201);
    const res = await reg(valid({ email: body.email.toUpperCase() }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Email already registered', code: 'EMAIL_TAKEN' });
  });

  it('answers 400 "Login already taken" for a duplicate login', async () => {
    const body = valid();
    await reg(body);
    const res = await reg(valid({ login: body.login }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Login already taken', code: 'LOGIN_TAKEN' });
  });

  it('never stores the password in clear', async () => {
    const body = valid({ password: 'very-secret-words' });
    await reg(body);
    const row = await t.db.selectFrom('users').select('password_hash').where('login', '=', body.login).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain('very-secret-words');
  });

  it('gives a new account its starting energy through the ledger', async () => {
    const u = await signUp(t.app);
    const rows = await t.db.selectFrom('ledger').selectAll().where('user_id', '=', u.user.id).execute();
    expect(rows.map((r) => [r.asset, r.delta, r.reason]).sort()).toEqual([
      ['yang', 20, 'welcome'],
      ['yin', 20, 'welcome'],
    ]);
  });
});

describe('login and logout', () => {
  it('signs in by login or by email and returns the user', async () => {
    const u = await signUp(t.app, { password: 'my-password-1' });
    const byLogin = await client(t.app).post('/api/auth/login', { login: u.login, password: 'my-password-1' });
    expect(byLogin.statusCode).toBe(200);
    expect(byLogin.json().user.id).toBe(u.user.id);
    const email = (await u.get('/api/auth/me')).json().email;
    const byEmail = await client(t.app).post('/api/auth/login', { login: email, password: 'my-password-1' });
    expect(byEmail.statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown login alike', async () => {
    const u = await signUp(t.app);
    const wrong = await client(t.app).post('/api/auth/login', { login: u.login, password: 'nope-nope-nope' });
    const unknown = await client(t.app).post('/api/auth/login', { login: 'nobody-here', password: 'nope-nope-nope' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Incorrect login or password', code: 'INVALID_CREDENTIALS' });
    }
  });

  it('requires login and password', async () => {
    const res = await client(t.app).post('/api/auth/login', { login: '', password: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe('login: auth.errors.loginRequired');
  });

  it('refuses the token after logout', async () => {
    const u = await signUp(t.app);
    expect((await u.get('/api/auth/me')).statusCode).toBe(200);
    expect((await u.post('/api/auth/logout')).json()).toEqual({ success: true });
    const after = await u.get('/api/auth/me');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ detail: 'Not authenticated', code: 'AUTH_REQUIRED' });
  });

  it('logging out one session keeps the others', async () => {
    const u = await signUp(t.app);
    const second = await client(t.app).post('/api/auth/login', { login: u.login, password: u.password });
    await u.post('/api/auth/logout');
    expect((await client(t.app, second.json().access_token).get('/api/auth/me')).statusCode).toBe(200);
  });

  it('answers AUTH_REQUIRED without a token and with a made-up one', async () => {
    expect((await client(t.app).get('/api/auth/me')).json().code).toBe('AUTH_REQUIRED');
    expect((await client(t.app, 'made-up').get('/api/auth/me')).statusCode).toBe(401);
  });

  it('expires a short session after a day and a remembered one only after months', async () => {
    const u = await signUp(t.app);
    const short = (await client(t.app).post('/api/auth/login', { login: u.login, password: u.password, remember: false })).json();
    const long = (await client(t.app).post('/api/auth/login', { login: u.login, password: u.password })).json();
    t.clock.advance(25 * 3600_000);
    expect((await client(t.app, short.access_token).get('/api/auth/me')).statusCode).toBe(401);
    expect((await client(t.app, long.access_token).get('/api/auth/me')).statusCode).toBe(200);
  });

  it('stores only a hash of the session token', async () => {
    const u = await signUp(t.app);
    const rows = await t.db.selectFrom('sessions').select('token_hash').where('user_id', '=', u.user.id).execute();
    expect(rows.length).toBe(1);
    expect(rows[0]!.token_hash).not.toBe(u.token);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('telegram sign-in', () => {
  const tgUser = { id: 777000111, username: 'ivan_tg', first_name: 'Иван', last_name: 'Петров' };
  const tg = (init_data: string) => client(t.app).post('/api/auth/telegram', { init_data });

  it('creates the user from valid initData, then finds the same user again', async () => {
    const first = await tg(signInitData({ user: tgUser }, TEST_BOT_TOKEN, t.clock.now()));
    expect(first.statusCode).toBe(200);
    expect(first.json().user).toMatchObject({
      telegram_id: '777000111',
      username: 'ivan_tg',
      first_name: 'Иван',
      last_name: 'Петров',
      auth_type: 'telegram',
    });
    const again = await tg(signInitData({ user: { ...tgUser, username: 'ivan_new' } }, TEST_BOT_TOKEN, t.clock.now()));
    expect(again.json().user.id).toBe(first.json().user.id);
    expect(again.json().user.username).toBe('ivan_new');
  });

  it('refuses initData signed with another bot token', async () => {
    const res = await tg(signInitData({ user: tgUser }, '999:other-token', t.clock.now()));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Telegram sign-in refused: initData signature is invalid', code: 'INVALID_INIT_DATA' });
  });

  it('refuses tampered initData (user id changed after signing)', async () => {
    const signed = signInitData({ user: tgUser }, TEST_BOT_TOKEN, t.clock.now());
    const tampered = signed.replace(encodeURIComponent('777000111'), encodeURIComponent('1'));
    expect(tampered).not.toBe(signed);
    const res = await tg(tampered);
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toContain('signature is invalid');
  });

  it('refuses initData older than 24 hours', async () => {
    const old = new Date(t.clock.now().getTime() - 24 * 3600_000 - 60_000);
    const res = await tg(signInitData({ user: tgUser }, TEST_BOT_TOKEN, old));
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('Telegram sign-in refused: initData has expired');
  });

  it('refuses initData without a hash', async () => {
    const res = await tg('user=%7B%22id%22%3A1%7D&auth_date=1');
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toContain('no hash');
  });

  it('says it is not configured when BOT_TOKEN is unset', async () => {
    const bare = await createTestApp({ BOT_TOKEN: '' });
    try {
      const res = await client(bare.app).post('/api/auth/telegram', { init_data: 'x=1' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        detail: 'Telegram sign-in is not configured on this server (BOT_TOKEN is not set)',
        code: 'NOT_CONFIGURED',
      });
    } finally {
      await bare.close();
    }
  });
});

describe('rate limit', () => {
  it('answers 429 with {detail, code} after too many sign-in attempts from one address', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await client(limited.app).post('/api/auth/login', { login: 'x', password: 'y' });
        codes.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json().code).toBe('RATE_LIMITED');
      }
      expect(codes).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});
