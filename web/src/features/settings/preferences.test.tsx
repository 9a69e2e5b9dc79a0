import { act, screen, waitFor } from '@testing-library/react';
import { type ReactNode, useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as TelegramModule from '@/telegram';
import { renderInApp, stubApi } from '@/app/test-utils';
import { i18n } from '@/i18n';
import { tokenStore } from '@/lib/token';
import { type Preferences, usePreferences } from './preferences';

const tg = vi.hoisted(() => ({ isTelegramApp: false, theme: 'light' as 'light' | 'dark' }));
vi.mock('@/telegram', async (importOriginal) => {
  const real = await importOriginal<typeof TelegramModule>();
  return {
    ...real,
    TelegramProvider: ({ children }: { children: ReactNode }) => children,
    useTelegram: () => ({ isTelegramApp: tg.isTelegramApp, telegramUser: null, isReady: true, telegramTheme: tg.theme }),
    telegramInitData: () => null,
  };
});

const user = { id: 7, login: 'anna', email: 'a@example.com', username: null, first_name: null, last_name: null, telegram_id: null, auth_type: 'local', is_moderator: false, created_at: '2025-01-01T00:00:00Z' };
let prefs: Preferences;
const expose = (value: Preferences) => {
  prefs = value;
};
function Probe() {
  const value = usePreferences();
  useEffect(() => expose(value));
  return <p data-testid="prefs">{`${value.theme} ${value.language} ${value.soundEnabled} ${value.themeLocked}`}</p>;
}
const shown = () => screen.getByTestId('prefs').textContent;
const cookie = (name: string) => document.cookie.match(new RegExp(`(?:^|; )${name}=([^;]*)`))?.[1];

function clearAll() {
  for (const c of ['darkMode', 'language']) document.cookie = `${c}=; max-age=0; path=/`;
  document.documentElement.classList.remove('dark', 'tg-theme');
  localStorage.clear();
  sessionStorage.clear();
}

beforeEach(() => {
  tg.isTelegramApp = false;
  tg.theme = 'light';
  clearAll();
});
afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.clear();
});

describe('preferences of a visitor', () => {
  it('start light, Russian, sound off; are kept in 365-day cookies and local storage, not on the server', async () => {
    const calls = stubApi(() => undefined);
    await renderInApp(<Probe />);
    expect(shown()).toBe('light ru false false');
    const set = vi.spyOn(document, 'cookie', 'set');
    await act(async () => {
      prefs.setTheme('dark');
      await prefs.setLanguage('en');
      prefs.setSoundEnabled(true);
    });
    expect(shown()).toBe('dark en true false');
    expect(document.documentElement).toHaveClass('dark');
    expect(cookie('darkMode')).toBe('true');
    expect(cookie('language')).toBe('en');
    const written = set.mock.calls.map(([c]) => c).filter((c) => /^(darkMode|language)=/.test(c));
    expect(written.length).toBeGreaterThanOrEqual(2);
    for (const c of written) expect(c).toContain(`max-age=${365 * 24 * 3600}`);
    expect(localStorage.getItem('shorts_sound_enabled')).toBe('true');
    expect(calls.filter((c) => c.url.startsWith('/api/settings'))).toHaveLength(0);
    set.mockRestore();
    await act(() => prefs.setLanguage('ru'));
  });
});

describe('preferences of a signed-in user', () => {
  it('after sign-in the account’s settings apply', async () => {
    tokenStore.set('tok', true);
    stubApi((c) =>
      c.url === '/api/auth/me'
        ? { status: 200, body: user }
        : c.url === '/api/settings/'
          ? { status: 200, body: { darkMode: true, language: 'en', shorts_sound_enabled: 'true' } }
          : undefined,
    );
    await renderInApp(<Probe />);
    await waitFor(() => expect(shown()).toBe('dark en true false'));
    expect(i18n.language).toBe('en');
    expect(cookie('darkMode')).toBe('true');
    await act(() => prefs.setLanguage('ru'));
  });

  it('what the account does not have yet is saved to it in one batch', async () => {
    tokenStore.set('tok', true);
    document.cookie = 'darkMode=true; path=/';
    document.documentElement.classList.add('dark');
    const calls = stubApi((c) =>
      c.url === '/api/auth/me'
        ? { status: 200, body: user }
        : c.url === '/api/settings/'
          ? { status: 200, body: {} }
          : c.url === '/api/settings/batch'
            ? { status: 200, body: (c.body as { settings: object }).settings }
            : undefined,
    );
    await renderInApp(<Probe />);
    await waitFor(() => expect(calls.some((c) => c.url === '/api/settings/batch')).toBe(true));
    expect(calls.find((c) => c.url === '/api/settings/batch')?.body).toEqual({
      settings: { darkMode: true, language: 'ru', shorts_sound_enabled: 'false' },
    });
  });

  it('a change is saved with PUT /api/settings/{key}; a failure says "Failed to update setting: <status>"', async () => {
    tokenStore.set('tok', true);
    let fail = false;
    const calls = stubApi((c) => {
      if (c.url === '/api/auth/me') return { status: 200, body: user };
      if (c.url === '/api/settings/') return { status: 200, body: { darkMode: false, language: 'ru', shorts_sound_enabled: 'false' } };
      if (c.method === 'PUT') return fail ? { status: 500, body: { detail: 'x', code: 'INTERNAL_ERROR' } } : { status: 200, body: {} };
      return undefined;
    });
    await renderInApp(<Probe />);
    await waitFor(() => expect(calls.some((c) => c.url === '/api/settings/')).toBe(true));
    await act(async () => prefs.setTheme('dark'));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ url: '/api/settings/darkMode', body: { value: true } }));
    fail = true;
    await act(async () => prefs.setSoundEnabled(true));
    expect(await screen.findByText('Не удалось сохранить настройку: 500')).toBeInTheDocument();
  });

  it('a change made without a connection says so, not a status of 0, and is sent when the connection comes back', async () => {
    tokenStore.set('tok', true);
    let offline = false;
    const calls = stubApi((c) => {
      if (c.url === '/api/auth/me') return { status: 200, body: user };
      if (c.url === '/api/settings/') return { status: 200, body: { darkMode: false, language: 'ru', shorts_sound_enabled: 'false' } };
      if (c.method === 'PUT') {
        if (offline) throw new TypeError('Failed to fetch');
        return { status: 200, body: {} };
      }
      return undefined;
    });
    await renderInApp(<Probe />);
    await waitFor(() => expect(calls.some((c) => c.url === '/api/settings/')).toBe(true));
    offline = true;
    await act(async () => prefs.setTheme('dark'));
    expect(await screen.findByText('Нет соединения: настройка сохранится, когда связь вернётся')).toBeInTheDocument();
    expect(screen.queryByText(/: 0$/)).toBeNull();
    offline = false;
    await act(async () => window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT')[1]).toMatchObject({ url: '/api/settings/darkMode', body: { value: true } });
    // sent once: a second reconnect sends nothing more
    await act(async () => window.dispatchEvent(new Event('online')));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2);
  });

  it('a failed settings load says "Failed to fetch settings"', async () => {
    tokenStore.set('tok', true);
    stubApi((c) =>
      c.url === '/api/auth/me' ? { status: 200, body: user } : c.url === '/api/settings/' ? { status: 500, body: { detail: 'x', code: 'INTERNAL_ERROR' } } : undefined,
    );
    await renderInApp(<Probe />);
    // after the query client's retries of a 5xx
    expect(await screen.findByText('Не удалось загрузить настройки', undefined, { timeout: 6000 })).toBeInTheDocument();
  });
});

describe('theme inside Telegram', () => {
  it('on a narrow screen follows Telegram and cannot be switched', async () => {
    tg.isTelegramApp = true;
    tg.theme = 'dark';
    stubApi(() => undefined);
    const mm = vi.spyOn(window, 'matchMedia').mockImplementation(
      (q: string) => ({ matches: q.includes('max-width'), media: q, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList,
    );
    await renderInApp(<Probe />);
    expect(shown()).toBe('dark ru false true');
    expect(document.documentElement).toHaveClass('dark');
    act(() => prefs.setTheme('light'));
    expect(shown()).toBe('dark ru false true');
    expect(cookie('darkMode')).toBeUndefined();
    mm.mockRestore();
  });

  it('a new account made there keeps Telegram’s theme, not the light the page started with', async () => {
    tg.isTelegramApp = true;
    tg.theme = 'dark';
    tokenStore.set('tok', true);
    const calls = stubApi((c) =>
      c.url === '/api/auth/me'
        ? { status: 200, body: { ...user, telegram_id: 4242, auth_type: 'telegram' } }
        : c.url === '/api/settings/'
          ? { status: 200, body: {} }
          : c.url === '/api/settings/batch'
            ? { status: 200, body: (c.body as { settings: object }).settings }
            : undefined,
    );
    const mm = vi.spyOn(window, 'matchMedia').mockImplementation(
      (q: string) => ({ matches: q.includes('max-width'), media: q, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList,
    );
    await renderInApp(<Probe />);
    await waitFor(() => expect(calls.some((c) => c.url === '/api/settings/batch')).toBe(true));
    expect(calls.find((c) => c.url === '/api/settings/batch')?.body).toMatchObject({ settings: { darkMode: true } });
    expect(shown()).toBe('dark ru false true');
    mm.mockRestore();
  });

  it('on a wide screen the user’s choice holds', async () => {
    tg.isTelegramApp = true;
    tg.theme = 'dark';
    stubApi(() => undefined);
    await renderInApp(<Probe />);
    expect(shown()).toBe('light ru false false');
  });
});
