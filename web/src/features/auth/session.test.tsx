import { act, screen, waitFor } from '@testing-library/react';
import { type ReactNode, useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as TelegramModule from '@/telegram';
import { renderInApp, stubApi, testUser } from '@/app/test-utils';
import { onAuthRequired } from '@/lib/api';
import { tokenStore } from '@/lib/token';
import { authRedirectSuppressed, type Session, useSession } from './session';

const tg = vi.hoisted(() => ({ isTelegramApp: false, initData: null as string | null }));
vi.mock('@/telegram', async (importOriginal) => {
  const real = await importOriginal<typeof TelegramModule>();
  return {
    ...real,
    TelegramProvider: ({ children }: { children: ReactNode }) => children,
    useTelegram: () => ({ isTelegramApp: tg.isTelegramApp, telegramUser: null, isReady: true, telegramTheme: 'light' }),
    telegramInitData: () => tg.initData,
  };
});

const user = (over: Parameters<typeof testUser>[0] = {}) =>
  testUser({ id: 7, login: 'anna', email: 'anna@example.com', created_at: '2025-01-01T00:00:00Z', ...over });
const authOk = (u = user()) => ({ status: 200, body: { access_token: 'fresh', token_type: 'bearer', expires_at: '2030-01-01T00:00:00Z', user: u } });
const refused = { status: 401, body: { detail: 'Not authenticated', code: 'AUTH_REQUIRED' } };

let session: Session;
const expose = (value: Session) => {
  session = value;
};
function Probe() {
  const value = useSession();
  useEffect(() => expose(value));
  return <p data-testid="who">{value.loading ? 'loading' : (value.user?.login ?? value.user?.first_name ?? 'visitor')}</p>;
}
const who = () => screen.getByTestId('who').textContent;

beforeEach(() => {
  tg.isTelegramApp = false;
  tg.initData = null;
  tokenStore.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('startup sign-in', () => {
  it('a visitor without a token is a visitor at once, without asking the server', async () => {
    const calls = stubApi(() => undefined);
    await renderInApp(<Probe />);
    expect(who()).toBe('visitor');
    expect(calls.filter((c) => c.url.startsWith('/api/auth'))).toHaveLength(0);
  });

  it('a stored token is checked with GET /api/auth/me', async () => {
    tokenStore.set('stored', true);
    stubApi((c) => (c.url === '/api/auth/me' ? { status: 200, body: user() } : undefined));
    await renderInApp(<Probe />);
    expect(who()).toBe('loading');
    await waitFor(() => expect(who()).toBe('anna'));
  });

  it('a token the server refuses is removed, quietly (no redirect to /auth)', async () => {
    tokenStore.set('stale', true);
    stubApi((c) => (c.url === '/api/auth/me' ? refused : undefined));
    const seen: boolean[] = [];
    const off = onAuthRequired(() => seen.push(authRedirectSuppressed()));
    await renderInApp(<Probe />);
    await waitFor(() => expect(who()).toBe('visitor'));
    off();
    expect(tokenStore.get()).toBeNull();
    expect(seen).toEqual([true]);
  });

  it('inside Telegram it signs in with the raw initData first, for this launch only', async () => {
    tg.isTelegramApp = true;
    tg.initData = 'query_id=1&user=%7B%22id%22%3A5%7D&auth_date=1&hash=abc';
    tokenStore.set('old-browser-token', true);
    const calls = stubApi((c) => (c.url === '/api/auth/telegram' ? authOk(user({ login: null, first_name: 'Мария', auth_type: 'telegram' })) : undefined));
    await renderInApp(<Probe />);
    await waitFor(() => expect(who()).toBe('Мария'));
    expect(calls.find((c) => c.url === '/api/auth/telegram')?.body).toEqual({ init_data: tg.initData });
    expect(calls.some((c) => c.url === '/api/auth/me')).toBe(false);
    expect(sessionStorage.getItem('access_token')).toBe('fresh');
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('if Telegram sign-in fails it falls back to the stored token', async () => {
    tg.isTelegramApp = true;
    tg.initData = 'expired';
    tokenStore.set('stored', true);
    stubApi((c) =>
      c.url === '/api/auth/telegram'
        ? { status: 401, body: { detail: 'Telegram sign-in refused: initData has expired', code: 'INVALID_INIT_DATA' } }
        : c.url === '/api/auth/me'
          ? { status: 200, body: user() }
          : undefined,
    );
    await renderInApp(<Probe />);
    // the stored token's user may show at once (saved beside the token): the refusal is said once the sign-in has been tried
    await waitFor(() => expect(session.error).toContain('expired'));
    await waitFor(() => expect(who()).toBe('anna'));
  });
});

describe('logout', () => {
  it('revokes the session on the server and forgets the token', async () => {
    tokenStore.set('stored', true);
    document.cookie = 'saved_password=legacy; path=/';
    const calls = stubApi((c) => (c.url === '/api/auth/me' ? { status: 200, body: user() } : c.url === '/api/auth/logout' ? { status: 200, body: { success: true } } : undefined));
    await renderInApp(<Probe />);
    await waitFor(() => expect(who()).toBe('anna'));
    let told: boolean | undefined;
    await act(async () => {
      told = await session.logout();
    });
    expect(told).toBe(true);
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/auth/logout')).toBe(true);
    expect(who()).toBe('visitor');
    expect(tokenStore.get()).toBeNull();
    expect(document.cookie).not.toContain('saved_password');
  });

  it('signs out here even when the server cannot be told, and says so', async () => {
    tokenStore.set('stored', true);
    stubApi((c) => (c.url === '/api/auth/me' ? { status: 200, body: user() } : c.url === '/api/auth/logout' ? { status: 500, body: { detail: 'x', code: 'INTERNAL_ERROR' } } : undefined));
    await renderInApp(<Probe />);
    await waitFor(() => expect(who()).toBe('anna'));
    let told: boolean | undefined;
    await act(async () => {
      told = await session.logout();
    });
    expect(told).toBe(false);
    expect(who()).toBe('visitor');
    expect(tokenStore.get()).toBeNull();
  });
});

describe('more than one tab', () => {
  it('signing out in another tab signs this one out at once; signing in there as someone else switches this one', async () => {
    tokenStore.set('anna-token', true);
    stubApi((c) => {
      if (c.url !== '/api/auth/me') return undefined;
      return tokenStore.get() === 'boris-token' ? { status: 200, body: user({ id: 8, login: 'boris' }) } : { status: 200, body: user() };
    });
    await renderInApp(<Probe />);
    await waitFor(() => expect(who()).toBe('anna'));
    // what the other tab's logout leaves in the shared storage, then the event this tab hears
    localStorage.removeItem('access_token');
    act(() => void window.dispatchEvent(new StorageEvent('storage', { key: 'access_token', oldValue: 'anna-token', newValue: null })));
    expect(who()).toBe('visitor');
    localStorage.setItem('access_token', 'boris-token');
    act(() => void window.dispatchEvent(new StorageEvent('storage', { key: 'access_token', oldValue: null, newValue: 'boris-token' })));
    await waitFor(() => expect(who()).toBe('boris'));
  });
});
