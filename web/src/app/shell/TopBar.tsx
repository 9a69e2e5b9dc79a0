import { lazy, Suspense } from 'react';
import { Link } from '@/router';
import { useAuthModal } from '@/features/auth/modal';
import { useSession } from '@/features/auth/session';
import { useTranslation } from '@/i18n';
import { useTelegram } from '@/telegram';
import { Button } from '@/ui/Button';
import { LoginIcon } from '@/ui/icons-first';
import { Logo } from '@/ui/Logo';
import { MenuButton } from './MenuButton';

/** Only signed-in players see the game bar: visitors do not download it. */
const GameBar = lazy(() => import('./GameBar').then((m) => ({ default: m.GameBar })));

/** The top bar: menu and logo on phones (the rail has them on desktop), and the game bar, or a visitor's sign-in. */
export function TopBar() {
  const { t } = useTranslation('shell');
  const { user, loading } = useSession();
  const { isTelegramApp } = useTelegram();
  const authModal = useAuthModal();
  return (
    <header className="group/top sticky top-0 z-30 bg-glass pt-[env(safe-area-inset-top)]">
      <div className="relative flex h-14 items-center gap-2 px-2 md:h-16 md:px-5">
        <MenuButton className="rounded-full md:hidden" iconSize={23} />
        <Link to="/" className="rounded-xl px-1 md:hidden">
          {/* the open game bar covers the name on phones: let the name step aside */}
          <Logo name={t('common:appName')} size={28} nameClassName="transition-opacity duration-300 max-md:group-has-[[data-expanded=true]]/top:opacity-0" />
        </Link>
        <div className="ml-auto flex items-center gap-2">
          {user && (
            // on phones the open bar lays over the logo instead of squeezing it
            <div className="absolute right-2 top-1/2 z-10 -translate-y-1/2 md:static md:translate-y-0">
              <Suspense fallback={<span className="block h-10 w-10 animate-pulse rounded-full bg-surface-2" aria-hidden="true" />}>
                <GameBar />
              </Suspense>
            </div>
          )}
          {!user && !loading && !isTelegramApp && (
            <Button size="sm" onClick={() => authModal.open('login')} className="h-9 rounded-full px-4">
              <LoginIcon size={17} />
              {t('menu.login')}
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
