/**
 * Rendering helpers for component tests: the app's providers around a component, Russian texts
 * loaded, and a fetch stub answering API calls. Import only from *.test.tsx files.
 */
import type { User } from '@otkrytka/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from '../router';
import { afterEach, vi } from 'vitest';
import { AuthModalProvider } from '../features/auth/modal';
import { SessionProvider } from '../features/auth/session';
import { PreferencesProvider } from '../features/settings/preferences';
import { initI18n, type Language } from '../i18n';
import { TelegramProvider } from '../telegram';
import { ToastProvider } from '../ui/toast';
import { createQueryClient } from './query';
import { SidebarProvider } from './shell/ShellContext';

// without vitest globals Testing Library cannot clean up by itself
afterEach(() => {
  cleanup();
  document.body.style.overflow = '';
});

/** jsdom has no matchMedia; the app asks it for breakpoints. */
function stubMatchMedia() {
  if (typeof window.matchMedia === 'function') return;
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

export interface ApiCall {
  method: string;
  url: string;
  body: unknown;
}
type Answer = { status: number; body?: unknown };

/**
 * Replaces fetch: `answer(call)` decides each API answer. Returns the list of calls made.
 */
export function stubApi(answer: (call: ApiCall) => Answer | undefined): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = { method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const a = answer(call) ?? { status: 404, body: { detail: 'Not found', code: 'NOT_FOUND' } };
      return new Response(a.body === undefined ? null : JSON.stringify(a.body), {
        status: a.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** A user as `/api/auth/me` answers (typed with the contract, so a drifted fixture fails to compile). */
export const testUser = (over: Partial<User> = {}): User => ({
  id: 1,
  login: 'u',
  email: null,
  username: null,
  first_name: null,
  last_name: null,
  telegram_id: null,
  auth_type: 'local',
  is_moderator: false,
  created_at: '',
  ...over,
});

/** `stubApi` for a signed-in `user`: a stored token, `/api/auth/me` answered, the rest by `answer`. */
export function stubSignedInApi(answer: (call: ApiCall) => Answer | undefined, user: User = testUser()): ApiCall[] {
  localStorage.setItem('access_token', 'tok');
  return stubApi((c) => (c.url === '/api/auth/me' ? { status: 200, body: user } : answer(c)));
}

export async function renderInApp(ui: ReactElement, { route = '/', language = 'ru' }: { route?: string; language?: Language } = {}): Promise<RenderResult> {
  stubMatchMedia();
  await initI18n(language, 'all');
  const qc = createQueryClient();
  return render(
    <QueryClientProvider client={qc}>
      <ToastProvider>
        <TelegramProvider fallback={null}>
          <MemoryRouter initialEntries={[route]}>
            <SessionProvider>
              <PreferencesProvider>
                <SidebarProvider>
                  <AuthModalProvider>{ui}</AuthModalProvider>
                </SidebarProvider>
              </PreferencesProvider>
            </SessionProvider>
          </MemoryRouter>
        </TelegramProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
}
