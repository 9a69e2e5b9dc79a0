import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from '../router';
import { useSession } from '../features/auth/session';
import { useTranslation } from '../i18n';
import { setDefaultTelegramBackButton, useTelegram } from '../telegram';
import { cx } from '../ui/cx';
import { LockIcon } from '../ui/icons-first';
import { LoadingState } from '../ui/Spinner';
import { EmptyState } from '../ui/States';
import { useMediaQuery } from '../ui/useMediaQuery';
import { routeFor } from './routes';
import { AuthRequiredRedirect, ForcedLoginDialog, isAuthPath, useAuthTextsOnFirstTouch, useForcedLogin } from './shell/AuthGuards';
import { BottomBar } from './shell/BottomBar';
import { LazySidebar } from './shell/LazySidebar';
import { useSidebar } from './shell/ShellContext';
import { TopBar } from './shell/TopBar';
import { SIDEBAR_ID } from './shell/constants';
import { useEdgeSwipe } from './shell/useEdgeSwipe';
import { useFocusRescue } from './shell/useFocusRescue';
import { PageErrorBoundary } from './PageErrorBoundary';

/**
 * The app frame around every page: desktop rail, top game bar, bottom bar, the
 * slide-in sidebar and the modals. Full-screen pages (viewer, greeting, /auth) go without chrome.
 */
const mainElement = () => document.getElementById('main');

/**
 * The left rail is the navigation from medium width up (Tailwind's `md`); a phone has the bottom bar
 * and never shows the rail, so it never downloads it (nor the menu entries and preference toggles
 * only the rail and the sidebar use). A wide screen starts loading it with the app.
 */
const WIDE = '(min-width: 768px)';
const loadRail = () => import('./shell/LeftRail');
const LeftRail = lazy(() => loadRail().then((m) => ({ default: m.LeftRail })));
if (typeof window !== 'undefined' && window.matchMedia?.(WIDE).matches) void loadRail();
/** the rail's place while it loads, so the frame does not change when it comes */
const railPlace = <div aria-hidden="true" className="fixed inset-y-0 left-0 z-40 hidden w-[84px] border-r border-border/70 bg-surface md:block" />;

export function Layout() {
  const { t } = useTranslation('shell');
  const location = useLocation();
  const navigate = useNavigate();
  const { isTelegramApp } = useTelegram();
  const sidebar = useSidebar();
  const route = routeFor(location.pathname);
  const fullScreen = !!route?.fullScreen;
  const forced = useForcedLogin();
  const session = useSession();
  const wide = useMediaQuery(WIDE);

  useEdgeSwipe({
    isOpen: sidebar.isOpen,
    onOpen: sidebar.open,
    onClose: sidebar.close,
    enabled: !isAuthPath(location.pathname),
    panel: () => document.getElementById(SIDEBAR_ID),
  });
  useFocusRescue(mainElement);
  useAuthTextsOnFirstTouch();

  // Telegram's back button goes back in the app's own history, hidden on the first screen (pages
  // may take it over). Read after each navigation is committed, when history.state is the new one.
  useEffect(() => {
    const canGoBack = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
    setDefaultTelegramBackButton({ visible: canGoBack, onBack: () => navigate(-1) });
  }, [isTelegramApp, location.key, navigate]);

  const { close } = sidebar;
  useEffect(() => {
    close();
    window.scrollTo({ top: 0 });
  }, [location.pathname, close]);

  return (
    <div className="min-h-dvh bg-bg text-text">
      <a
        href="#main"
        className="sr-only z-[3000] rounded-xl bg-surface px-4 py-3 font-semibold shadow-float focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
      >
        {t('skipToContent')}
      </a>
      {!fullScreen && wide && (
        <Suspense fallback={railPlace}>
          <LeftRail />
        </Suspense>
      )}
      <div className={cx(!fullScreen && 'md:pl-[84px]')}>
        {!fullScreen && <TopBar />}
        <main id="main" tabIndex={-1} className="outline-none">
          <PageErrorBoundary path={location.pathname}>
            <Suspense fallback={<LoadingState text={t('common:loading')} />}>
              {/* pages wait for the startup sign-in, so they fetch once, as the right user */}
              {session.loading ? (
                <LoadingState text={t('common:loading')} />
              ) : forced ? (
                <EmptyState icon={<LockIcon size={44} />} title={t('signInRequired')} text={t('signInRequiredHint')} />
              ) : (
                <Outlet />
              )}
            </Suspense>
          </PageErrorBoundary>
        </main>
      </div>
      {!fullScreen && !route?.hideBottomBar && <BottomBar />}
      <LazySidebar />
      {forced && <ForcedLoginDialog />}
      <AuthRequiredRedirect />
    </div>
  );
}
