import type { AuthResponse, User } from '@otkrytka/contract';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { api } from '../../lib/api';
import { tokenStore } from '../../lib/token';

export interface Session {
  user: User | null;
  isAuthenticated: boolean;
  /** true until the startup sign-in has finished */
  loading: boolean;
  /** stores a fresh sign-in answer (login, registration, Telegram) */
  signedIn(res: AuthResponse, remember?: boolean): void;
  logout(): Promise<void>;
  refresh(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const qc = useQueryClient();
  const [user, setUser] = useState<User | null>(null);
  const [loading, setLoading] = useState(() => !!tokenStore.get());

  const refresh = useCallback(async () => {
    if (!tokenStore.get()) {
      setUser(null);
      return;
    }
    try {
      setUser(await api('GET /api/auth/me'));
    } catch {
      tokenStore.clear();
      setUser(null);
    }
  }, []);

  useEffect(() => {
    if (!tokenStore.get()) return;
    let live = true;
    api('GET /api/auth/me')
      .then((u) => live && setUser(u))
      .catch(() => tokenStore.clear())
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, []);

  const signedIn = useCallback((res: AuthResponse, remember = true) => {
    tokenStore.set(res.access_token, remember);
    setUser(res.user);
  }, []);

  const logout = useCallback(async () => {
    try {
      await api('POST /api/auth/logout');
    } finally {
      tokenStore.clear();
      setUser(null);
      qc.clear();
    }
  }, [qc]);

  const value = useMemo<Session>(
    () => ({ user, isAuthenticated: !!user, loading, signedIn, logout, refresh }),
    [user, loading, signedIn, logout, refresh],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside SessionProvider');
  return s;
}
