import { screen, waitFor } from '@testing-library/react';
import { type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as TelegramModule from '@/telegram';
import { renderInApp, stubApi, testUser } from '@/app/test-utils';
import { tokenStore } from '@/lib/token';
import { useSession } from './session';

/** the saved user is shown at once; /api/auth/me confirms it in the background. */
const tg = vi.hoisted(() => ({ isTelegramApp: false }));
vi.mock('@/telegram', async (importOriginal) => {
  const real = await importOriginal<typeof TelegramModule>();
  return {
    ...real,
    TelegramProvider: ({ children }: { children: ReactNode }) => children,
    useTelegram: () => ({ isTelegramApp: tg.isTelegramApp, telegramUser: null, isReady: true, telegramTheme: 'light' }),
    telegramInitData: () => null,
  };
});

const user = (login: string) => testUser({ id: 7, login, email: 'anna@example.com', created_at: '2025-01-01T00:00:00Z' });

function Probe() {
  const s = useSession();
  return <p data-testid="who">{s.loading ? 'loading' : (s.user?.login ?? 'visitor')}</p>;
}
const who = () => screen.getByTestId('who').textContent;

beforeEach(() => {
  tg.isTelegramApp = false;
  tokenStore.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('the saved user', () => {
  it('is shown at once, then replaced by what /api/auth/me answers', async () => {
    tokenStore.set('stored', true);
    tokenStore.setUser(user('anna'));
    stubApi((c) => (c.url === '/api/auth/me' ? { status: 200, body: user('anna-renamed') } : undefined));
    await renderInApp(<Probe />);
    expect(who()).toBe('anna');
    await waitFor(() => expect(who()).toBe('anna-renamed'));
    expect(tokenStore.getUser<{ login: string }>()?.login).toBe('anna-renamed');
  });

  it('is cleared when the server refuses the token', async () => {
    tokenStore.set('revoked', true);
    tokenStore.setUser(user('anna'));
    stubApi((c) => (c.url === '/api/auth/me' ? { status: 401, body: { detail: 'Not authenticated', code: 'AUTH_REQUIRED' } } : undefined));
    await renderInApp(<Probe />);
    expect(who()).toBe('anna');
    await waitFor(() => expect(who()).toBe('visitor'));
    expect(tokenStore.get()).toBeNull();
    expect(tokenStore.getUser()).toBeNull();
  });

  it('is not used inside Telegram, which signs in afresh', async () => {
    tg.isTelegramApp = true;
    tokenStore.set('stored', true);
    tokenStore.setUser(user('anna'));
    stubApi((c) => (c.url === '/api/auth/me' ? { status: 200, body: user('anna') } : undefined));
    await renderInApp(<Probe />);
    expect(who()).toBe('loading');
  });
});
