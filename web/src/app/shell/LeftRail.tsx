import { Link, NavLink, useLocation } from '@/router';
import { useAuthModal } from '@/features/auth/modal';
import { useSession } from '@/features/auth/session';
import { usePreferences } from '@/features/settings/preferences';
import { useTranslation } from '@/i18n';
import { useTelegram } from '@/telegram';
import { cx } from '@/ui/cx';
import { LogoMark } from '@/ui/Logo';
import { ENTRY_ICONS } from './entryMeta';
import { currentEntry, railEntries } from './menu';
import { LanguageToggle, ThemeToggle } from './PreferenceToggles';
import { MenuButton } from './MenuButton';

/** The desktop left rail, from medium width up (spec 000 §2). */
export function LeftRail() {
  const { t } = useTranslation('shell');
  const { user, loading } = useSession();
  const { isTelegramApp } = useTelegram();
  const { themeLocked } = usePreferences();
  const { pathname } = useLocation();
  const current = currentEntry(pathname);
  const authModal = useAuthModal();
  const entries = loading ? [] : railEntries({ signedIn: !!user, isModerator: !!user?.is_moderator, isTelegramApp });

  return (
    <aside
      aria-label={t('rail.label')}
      className="fixed inset-y-0 left-0 z-40 hidden w-[84px] flex-col items-center border-r border-border/70 bg-surface py-3 md:flex"
    >
      <MenuButton className="rounded-2xl" iconSize={22} />
      <NavLink to="/" aria-label={t('common:appName')} className="mt-2 mb-3 rounded-2xl p-1.5 transition-transform hover:scale-105">
        <LogoMark size={36} />
      </NavLink>
      <nav aria-label={t('menu.navigation')} className="flex w-full flex-1 flex-col items-center gap-1 overflow-y-auto px-2 scrollbar-none">
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
            <Link
              key={e.id}
              to={e.to!}
              data-entry={e.id}
              aria-current={current === e.id ? 'page' : undefined}
              className={cx(
                'group flex w-full flex-col items-center gap-1 rounded-2xl px-1 py-2 text-center text-[11px] font-semibold leading-tight transition-colors',
                current === e.id ? 'text-primary' : 'text-muted hover:bg-surface-2 hover:text-text',
              )}
            >
              <span className="inline-flex h-8 w-12 items-center justify-center rounded-full transition-colors group-aria-[current=page]:bg-primary-soft">
                <Icon size={21} />
              </span>
              <span className="line-clamp-2 break-words">{t(`rail.${e.id}`)}</span>
            </Link>
          );
        })}
      </nav>
      <div className="mt-2 flex flex-col items-center gap-2">
        {!themeLocked && <ThemeToggle />}
        {/* in a column each choice keeps its 32 px height (flex-1 would shrink it to its text) */}
        {!isTelegramApp && <LanguageToggle className="flex-col [&>button]:flex-none" />}
      </div>
    </aside>
  );
}
