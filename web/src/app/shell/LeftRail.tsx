import { Link, NavLink, useLocation } from '@/router';
import { useAuthModal } from '@/features/auth/modal';
import { useSession } from '@/features/auth/session';
import { usePreferences } from '@/features/settings/preferences';
import { useTranslation } from '@/i18n';
import { useTelegram } from '@/telegram';
import { LogoMark } from '@/ui/Logo';
import { QUICK_ENTRIES, useQuickCurrent } from './BottomBar';
import { ENTRY_ICONS } from './entryMeta';
import { currentEntry, railEntries } from './menu';
import { LanguageToggle, ThemeToggle } from './PreferenceToggles';
import { MenuButton } from './MenuButton';

/**
 * The desktop left rail, from medium width up, with the bottom bar's entries the rail
 * lacks (the greetings and production) below its own: the bottom bar is the phones' only.
 */
export function LeftRail() {
  const { t } = useTranslation('shell');
  const { user, loading } = useSession();
  const { isTelegramApp } = useTelegram();
  const { themeLocked } = usePreferences();
  const { pathname } = useLocation();
  const current = currentEntry(pathname);
  const authModal = useAuthModal();
  const entries = loading ? [] : railEntries({ signedIn: !!user, isModerator: !!user?.is_moderator, isTelegramApp });
  const isQuickCurrent = useQuickCurrent();
  const quick = user ? QUICK_ENTRIES.filter((q) => !entries.some((e) => e.id === q.id)) : [];
  const item = 'group flex w-full flex-col items-center gap-0.5 rounded-2xl py-1 text-center text-[10.5px] font-semibold leading-tight tracking-[-0.02em] text-muted transition-colors hover:bg-surface-2 hover:text-text aria-[current=page]:text-primary';
  const pill = 'inline-flex h-7 w-12 shrink-0 items-center justify-center rounded-full transition-colors group-aria-[current=page]:bg-primary-soft';

  return (
    <aside
      aria-label={t('rail.label')}
      className="fixed inset-y-0 left-0 z-40 hidden w-[84px] flex-col items-center border-r border-border/70 bg-surface py-3 md:flex"
    >
      <MenuButton className="rounded-2xl" iconSize={22} />
      <NavLink to="/" aria-label={t('common:appName')} className="rounded-2xl p-1 transition-transform hover:scale-105">
        <LogoMark size={32} />
      </NavLink>
      <nav aria-label={t('menu.navigation')} className="flex w-full flex-1 flex-col items-center gap-0.5 overflow-y-auto px-1 scrollbar-none">
        {entries.map((e) => {
          const Icon = ENTRY_ICONS[e.id];
          if (e.id === 'login') {
            return (
              <button
                key={e.id}
                type="button"
                data-entry="login"
                onClick={() => authModal.open('login')}
                className="mt-2 flex w-full flex-col items-center gap-1 rounded-2xl bg-primary px-1 py-2.5 text-[11px] font-semibold text-on-primary shadow-card transition-colors hover:bg-primary-strong"
              >
                <Icon size={20} />
                {t('menu.login')}
              </button>
            );
          }
          return (
            <Link key={e.id} to={e.to!} data-entry={e.id} aria-current={current === e.id ? 'page' : undefined} className={item}>
              <span className={pill}>
                <Icon size={21} />
              </span>
              <span className="line-clamp-2 break-words">{t(`rail.${e.id}`)}</span>
            </Link>
          );
        })}
        {quick.length > 0 && <hr className="my-1 w-8 shrink-0 border-border" />}
        {quick.map((q) => (
          <Link key={q.id} to={q.to} data-entry={q.id} aria-label={t(`bottom.${q.id}Full`)} title={t(`bottom.${q.id}Full`)} aria-current={isQuickCurrent(q) ? 'page' : undefined} className={item}>
            <span className={pill}>
              <q.Icon size={21} />
            </span>
            <span className="line-clamp-2 break-words">{t(`bottom.${q.id}`)}</span>
          </Link>
        ))}
      </nav>
      <div className="mt-2 flex flex-col items-center gap-1.5">
        {!themeLocked && <ThemeToggle />}
        {!isTelegramApp && <LanguageToggle className="[&>button]:px-2" />}
      </div>
    </aside>
  );
}
