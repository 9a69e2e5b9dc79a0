import { Suspense, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from '@/router';
import { useTranslation } from '@/i18n';
import { isTelegramPath, TELEGRAM_BASE } from '@/telegram';
import { LogoMark } from '@/ui/Logo';
import { AuthDialog, type AuthMode } from '../modal';
import { routerTarget, safeReturnTo } from '../returnTo';
import { useSession } from '../session';

/**
 * /auth (and /telegram/auth): the login ⇄ registration modal that cannot be closed, on the page
 * itself without an overlay. After sign-in the user goes to `returnTo` (default /telegram/).
 */
export default function AuthPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { user, loading } = useSession();
  const [mode, setMode] = useState<AuthMode>(params.get('mode') === 'register' ? 'register' : 'login');
  const returnTo = safeReturnTo(params.get('returnTo'));

  useEffect(() => {
    if (loading || !user) return;
    const inRouter = routerTarget(returnTo, isTelegramPath() ? TELEGRAM_BASE : '');
    if (inRouter !== null) navigate(inRouter, { replace: true });
    else window.location.replace(returnTo);
  }, [loading, user, returnTo, navigate]);

  return (
    <div className="relative flex min-h-dvh flex-col items-center overflow-hidden bg-bg px-6 pt-[max(3rem,env(safe-area-inset-top))] sm:justify-center sm:pt-0">
      <div aria-hidden="true" className="pointer-events-none absolute -left-24 -top-24 h-72 w-72 rounded-full bg-primary/25 blur-3xl" />
      <div aria-hidden="true" className="pointer-events-none absolute -right-20 top-40 h-64 w-64 rounded-full bg-accent/25 blur-3xl" />
      {/* phones: the brand above the sheet; wider screens: a header in the corner, the card centred */}
      <div className="relative flex flex-col items-center text-center sm:absolute sm:left-8 sm:top-7 sm:flex-row sm:gap-4 sm:text-left">
        <LogoMark size={64} className="animate-float drop-shadow-[0_12px_24px_rgb(226_70_111/35%)] sm:h-12 sm:w-12" />
        <div>
          <h1 className="mt-4 text-3xl font-extrabold tracking-tight sm:mt-0 sm:text-2xl">{t('common:appName')}</h1>
          <p className="mt-1 max-w-xs text-[15px] text-muted sm:mt-0 sm:max-w-none sm:text-sm">{t('page.tagline')}</p>
        </div>
      </div>
      {!loading && !user && (
        <Suspense fallback={null}>
          <AuthDialog mode={mode} onModeChange={setMode} onClose={() => {}} onSignedIn={() => {}} closable={false} overlay={false} />
        </Suspense>
      )}
    </div>
  );
}
