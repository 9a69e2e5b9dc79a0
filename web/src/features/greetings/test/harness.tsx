import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from '@/router';
import type { Greeting, User } from '@otkrytka/contract';
import { afterEach, vi } from 'vitest';
import { createQueryClient } from '@/app/query';
import { initI18n } from '@/i18n';
import { tokenStore } from '@/lib/token';
import { ToastProvider } from '@/ui/toast';
import { TelegramProvider } from '@/telegram';
import { AuthModalProvider } from '@/features/auth/modal';
import { SessionProvider } from '@/features/auth/session';
import { PreferencesProvider } from '@/features/settings/preferences';
import { openGreeting } from './trackingFixtures';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

await initI18n('ru', 'all');

export const USER: User = {
  id: 7,
  login: 'anya',
  email: 'anya@example.com',
  username: 'Аня',
  first_name: null,
  last_name: null,
  telegram_id: null,
  auth_type: 'local',
  is_moderator: false,
  created_at: '2026-01-01T00:00:00.000Z',
};

type Handler = (req: { method: string; url: URL; body: unknown }) => { status?: number; body?: unknown } | undefined;

/** A fake server: every fetch goes through `handler` ("METHOD /path" → answer); unknown calls answer 404. */
export function fakeServer(handler: Handler) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path: url.pathname, body });
      if (method === 'GET' && url.pathname === '/api/auth/me') return json(200, USER);
      const res = handler({ method, url, body }) ?? { status: 404, body: { detail: 'Not found', code: 'NOT_FOUND' } };
      return json(res.status ?? 200, res.body ?? {});
    }),
  );
  return calls;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Shows where the app navigated to. */
function Location() {
  const l = useLocation();
  return <div data-testid="location">{`${l.pathname}${l.search}`}</div>;
}

/** Renders a page at `url` (matched by `path`) with the app's providers; signed in unless `visitor`. */
export function renderPage(page: ReactNode, o: { path: string; url: string; visitor?: boolean }) {
  if (typeof window.matchMedia !== 'function') {
    window.matchMedia = (query: string) =>
      ({ matches: false, media: query, addEventListener: () => {}, removeEventListener: () => {}, addListener: () => {}, removeListener: () => {} }) as unknown as MediaQueryList;
  }
  if (o.visitor) tokenStore.clear();
  else tokenStore.set('test-token');
  // a fresh page: the browser's history entry keeps a greeting's stage (GreetingPage)
  window.history.replaceState(null, '');
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <TelegramProvider fallback={null}>
          <MemoryRouter initialEntries={[o.url]}>
            <SessionProvider>
              <PreferencesProvider>
                <AuthModalProvider>
                  <Routes>
                    <Route path={o.path} element={page} />
                    <Route path="*" element={null} />
                  </Routes>
                  <Location />
                </AuthModalProvider>
              </PreferencesProvider>
            </SessionProvider>
          </MemoryRouter>
        </TelegramProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

/** The sender's own greeting with a gift, typed by the contract (see trackingFixtures). */
export function greeting(over: Partial<Greeting> = {}): Greeting {
  return openGreeting({ energy: 5, is_own: true, ...over });
}
