import type { AuthResponse, User } from '@otkrytka/contract';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { api, ApiError, onAuthRequired } from '@/lib/api';
import { deleteCookie } from '@/lib/cookies';
import { tokenStore } from '@/lib/token';
import { telegramInitData, useTelegram } from '@/telegram';

export interface Session {
  user: User | null;
  isAuthenticated: boolean;
  /** true until the startup sign-in has finished */
  loading: boolean;
  /** why the last automatic sign-in failed, if it did */
  error: string | null;
  /** stores a fresh sign-in answer (login, registration); `remember` keeps it across browser restarts */
  signedIn(res: AuthResponse, remember?: boolean): void;
  /** revokes the session on the server and forgets it here; false when the server could not be told */
  logout(): Promise<boolean>;
  refresh(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

// AUTH_REQUIRED answers to these calls are expected (checking a stored token, logging out) and must
// not send the user to /auth.
let quietCalls = 0;
async function quietly<T>(call: () => Promise<T>): Promise<T> {
  quietCalls += 1;
  try {
    return await call();
  } finally {
    quietCalls -= 1;
  }
}
/** True while the session layer makes a call whose AUTH_REQUIRED answer is no reason to redirect. */
export const authRedirectSuppressed = () => quietCalls > 0;

/** Cookies of the old app that stored credentials; we never write them and remove them on logout. */
const LEGACY_CREDENTIAL_COOKIES = ['saved_login', 'saved_password'];

/**
 * The signed-in user. Startup order: inside
 * Telegram sign in with the raw initData; otherwise (or if that fails) check the stored token with
 * GET /api/auth/me; a token the server refuses is removed. Outside Telegram the user last confirmed is
 * kept in storage and shown at once while that check runs.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const qc = useQueryClient();
  const { isTelegramApp } = useTelegram();
  // outside Telegram the saved user shows the shell at once; /api/auth/me confirms it in the background
  const [saved] = useState(() => (!isTelegramApp && tokenStore.get() ? tokenStore.getUser<User>() : null));
  const [user, setUserState] = useState<User | null>(saved);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(() => !saved && (isTelegramApp || !!tokenStore.get()));
  const setUser = useCallback(
    (u: User | null) => {
      setUserState(u);
      if (u && !isTelegramApp) tokenStore.setUser(u);
    },
    [isTelegramApp],
  );
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        if (isTelegramApp) {
          const raw = telegramInitData();
          if (raw) {
            try {
              const res = await quietly(() => api('POST /api/auth/telegram', { body: { init_data: raw } }));
              // a Telegram session lives as long as this launch; the next launch signs in again
              tokenStore.set(res.access_token, false);
              setUser(res.user ?? (await quietly(() => api('GET /api/auth/me'))));
              return;
            } catch (e) {
              setError(e instanceof Error ? e.message : String(e));
              // the server refused this launch: the user is told, never left a website in silence
              void import('@/telegram/native').then((m) => m.telegramSignInFailed());
            }
          }
        }
        if (tokenStore.get()) {
          try {
            setUser(await quietly(() => api('GET /api/auth/me')));
          } catch (e) {
            // a revoked token clears the saved user too
            if (e instanceof ApiError && e.status === 401) {
              tokenStore.clear();
              setUser(null);
            }
            setError(e instanceof Error ? e.message : String(e));
          }
        }
      } finally {
        setLoading(false);
      }
    })();
  }, [isTelegramApp, setUser]);

  // The API client removes the token on AUTH_REQUIRED; the user is gone with it.
  useEffect(() => onAuthRequired(() => setUser(null)), [setUser]);

  const refresh = useCallback(async () => {
    if (!tokenStore.get()) {
      setUser(null);
      return;
    }
    try {
      setUser(await quietly(() => api('GET /api/auth/me')));
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) setUser(null);
    }
  }, [setUser]);

  // another tab signed out, or in as someone else: this one follows at once, not at its next request
  useEffect(() => {
    if (isTelegramApp) return;
    return tokenStore.onOtherTab(() => {
      if (tokenStore.get()) {
        void refresh();
        void qc.invalidateQueries();
        return;
      }
      flushSync(() => setUser(null));
      qc.clear();
    });
  }, [isTelegramApp, qc, refresh, setUser]);

  const signedIn = useCallback(
    (res: AuthResponse, remember = true) => {
      tokenStore.set(res.access_token, remember);
      setError(null);
      setUser(res.user);
      // anything fetched as a visitor may look different now
      void qc.invalidateQueries();
    },
    [qc, setUser],
  );

  // quiet throughout: the app's other requests refused while the session ends are no reason to
  // send the user to /auth (later answers to them are ignored by `api`, their session being over)
  const logout = useCallback(
    () =>
      quietly(async () => {
        let told = true;
        if (tokenStore.get()) {
          try {
            await api('POST /api/auth/logout');
          } catch (e) {
            // a session the server no longer knows is as good as revoked
            told = e instanceof ApiError && e.status === 401;
          }
        }
        tokenStore.clear();
        LEGACY_CREDENTIAL_COOKIES.forEach((c) => deleteCookie(c));
        // rendered signed out before the cache is emptied: a signed-in query emptied while still
        // enabled would fetch again, without a token, and its refusal would send the user to /auth
        flushSync(() => setUser(null));
        qc.clear();
        return told;
      }),
    [qc, setUser],
  );

  const value = useMemo<Session>(
    () => ({ user, isAuthenticated: !!user, loading, error, signedIn, logout, refresh }),
    [user, loading, error, signedIn, logout, refresh],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside SessionProvider');
  return s;
}
