import { Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from '@/router';
import { AuthDialog, type AuthMode } from '@/features/auth/modal';
import { authPathFor } from '@/features/auth/returnTo';
import { authRedirectSuppressed, useSession } from '@/features/auth/session';
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
