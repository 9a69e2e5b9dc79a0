import { createContext, lazy, type ReactNode, Suspense, useContext, useEffect, useMemo, useState } from 'react';
import type { AuthMode } from './mode';
import { useSession } from './session';

export type { AuthMode } from './mode';

const loadAuthDialog = () => import('./components/AuthDialog');
/** The login/registration dialog, loaded when first needed. */
export const AuthDialog = lazy(loadAuthDialog);

interface AuthModalApi {
  /** opens the login (default) or registration modal; `reason` says why, when an action asked for it */
  open(mode?: AuthMode, reason?: string): void;
  close(): void;
}

const AuthModalContext = createContext<AuthModalApi | null>(null);

/** Lets any part of the app open the login ⇄ registration modal. */
export function AuthModalProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<AuthMode | null>(null);
  const [reason, setReason] = useState<string | undefined>();
  const { user, loading } = useSession();
  // a visitor who starts using the page will likely want it: fetch it on their first touch, click
  // or key press, so it opens without a wait but costs nothing to someone who only looks
  useEffect(() => {
    if (loading || user) return;
    const events = ['pointerdown', 'keydown', 'touchstart'] as const;
    const prefetch = () => {
      events.forEach((e) => window.removeEventListener(e, prefetch, true));
      void loadAuthDialog();
    };
    events.forEach((e) => window.addEventListener(e, prefetch, { capture: true, passive: true }));
    return () => events.forEach((e) => window.removeEventListener(e, prefetch, true));
  }, [loading, user]);
  const api = useMemo<AuthModalApi>(
    () => ({
      open: (m = 'login', why) => {
        setMode(m);
        setReason(why);
      },
      close: () => setMode(null),
    }),
    [],
  );
  return (
    <AuthModalContext.Provider value={api}>
      {children}
      {mode && (
        <Suspense fallback={null}>
          <AuthDialog mode={mode} reason={reason} onModeChange={setMode} onClose={api.close} onSignedIn={api.close} />
        </Suspense>
      )}
    </AuthModalContext.Provider>
  );
}

export function useAuthModal(): AuthModalApi {
  const m = useContext(AuthModalContext);
  if (!m) throw new Error('useAuthModal outside AuthModalProvider');
  return m;
}
