import { createContext, lazy, type ReactNode, Suspense, useContext, useEffect, useMemo, useState } from 'react';
import { useSession } from './session';

export type AuthMode = 'login' | 'register';

const loadAuthDialog = () => import('./components/AuthDialog');
/** The login/registration dialog, loaded when first needed. */
export const AuthDialog = lazy(loadAuthDialog);

interface AuthModalApi {
  /** opens the login (default) or registration modal */
  open(mode?: AuthMode): void;
  close(): void;
}

const AuthModalContext = createContext<AuthModalApi | null>(null);

/** Lets any part of the app open the login ⇄ registration modal (spec 000 §2 "Modals"). */
export function AuthModalProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<AuthMode | null>(null);
  const { user, loading } = useSession();
  // a visitor will likely want it: fetch it once the page is idle, so it opens without a wait
  useEffect(() => {
    if (loading || user) return;
    const id = window.setTimeout(() => void loadAuthDialog(), 1500);
    return () => window.clearTimeout(id);
  }, [loading, user]);
  const api = useMemo<AuthModalApi>(() => ({ open: (m = 'login') => setMode(m), close: () => setMode(null) }), []);
  return (
    <AuthModalContext.Provider value={api}>
      {children}
      {mode && (
        <Suspense fallback={null}>
          <AuthDialog mode={mode} onModeChange={setMode} onClose={api.close} onSignedIn={api.close} />
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
