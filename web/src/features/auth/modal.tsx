import { createContext, lazy, type ReactNode, Suspense, useContext, useMemo, useState } from 'react';

export type AuthMode = 'login' | 'register';

/** The login/registration dialog, loaded when first needed. */
export const AuthDialog = lazy(() => import('./components/AuthDialog'));

interface AuthModalApi {
  /** opens the login (default) or registration modal */
  open(mode?: AuthMode): void;
  close(): void;
}

const AuthModalContext = createContext<AuthModalApi | null>(null);

/** Lets any part of the app open the login ⇄ registration modal (spec 000 §2 "Modals"). */
export function AuthModalProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<AuthMode | null>(null);
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
