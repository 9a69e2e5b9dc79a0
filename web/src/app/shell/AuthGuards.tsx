import { Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from '@/router';
import { AuthDialog, type AuthMode } from '@/features/auth/modal';
import { authPathFor } from '@/features/auth/returnTo';
import { authRedirectSuppressed, useSession } from '@/features/auth/session';
import { preloadNamespaces } from '@/i18n';
import { onAuthRequired } from '@/lib/api';
import { useTelegram } from '@/telegram';
import { routeFor } from '../routes';

export const isAuthPath = (pathname: string) => pathname === '/auth';

/**
 * Forced login: a visitor on a protected path gets the login modal, except inside
 * Telegram or on /auth. The page itself is not shown (nor fetched) until then.
 */
export function useForcedLogin(): boolean {
  const { pathname } = useLocation();
  const { user, loading } = useSession();
  const { isTelegramApp } = useTelegram();
  return !!routeFor(pathname)?.protected && !loading && !user && !isTelegramApp && !isAuthPath(pathname);
}

export function ForcedLoginDialog() {
  const navigate = useNavigate();
  const [mode, setMode] = useState<AuthMode>('login');
  // the dialog's texts load beside its code, not after it
  useEffect(() => void preloadNamespaces(['auth']).catch(() => {}), []);
  return (
    <Suspense fallback={null}>
      <AuthDialog mode={mode} onModeChange={setMode} onClose={() => navigate('/gallery', { replace: true })} onSignedIn={() => {}} />
    </Suspense>
  );
}

/**
 * On AUTH_REQUIRED (the token is already gone) the user is sent to /auth with returnTo = where they
 * were — not inside Telegram, not from an auth page, and not for the session
 * layer's own quiet checks.
 */
export function AuthRequiredRedirect() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { isTelegramApp } = useTelegram();
  const here = useRef(pathname);
  useEffect(() => {
    here.current = pathname;
  });
  useEffect(
    () =>
      onAuthRequired(() => {
        // several requests refused at once: the first one's navigation already left for /auth
        if (isTelegramApp || authRedirectSuppressed() || isAuthPath(here.current) || isAuthPath(window.location.pathname)) return;
        const { pathname: full, search } = window.location;
        navigate(authPathFor(full + search));
      }),
    [isTelegramApp, navigate],
  );
  return null;
}

/**
 * A visitor who starts using the page will likely sign in: on their first touch, click or key press
 * the sign-in texts load (the dialog's code loads then too, see features/auth/modal.tsx), so it
 * opens without a wait but costs nothing to someone who only looks.
 */
export function useAuthTextsOnFirstTouch() {
  const { user, loading } = useSession();
  useEffect(() => {
    if (loading || user) return;
    const events = ['pointerdown', 'keydown', 'touchstart'] as const;
    const prefetch = () => {
      events.forEach((e) => window.removeEventListener(e, prefetch, true));
      void preloadNamespaces(['auth']).catch(() => {});
    };
    events.forEach((e) => window.addEventListener(e, prefetch, { capture: true, passive: true }));
    return () => events.forEach((e) => window.removeEventListener(e, prefetch, true));
  }, [loading, user]);
}
