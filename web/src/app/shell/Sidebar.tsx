import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from '@/router';
import { useAuthModal } from '@/features/auth/modal';
import { useSession } from '@/features/auth/session';
import { usePreferences } from '@/features/settings/preferences';
import { useTranslation } from '@/i18n';
import { useTelegram } from '@/telegram';
import { cx } from '@/ui/cx';
import { CloseIcon } from '@/ui/icons';
import { Logo } from '@/ui/Logo';
import { Switch } from '@/ui/Toggle';
import { useFocusTrap } from '@/ui/useFocusTrap';
import { useScrollLock } from '@/ui/useScrollLock';
import { ENTRY_ICONS } from './entryMeta';
import { currentEntry, type MenuEntry, sidebarEntries } from './menu';
import { LanguageToggle } from './PreferenceToggles';
import { useSidebar } from './ShellContext';
import { useLogoutAction } from './useLogoutAction';
import { UserCard } from './UserCard';
import { SIDEBAR_ID } from './constants';

const NAV: MenuEntry['id'][] = ['gallery', 'channels', 'subscriptions', 'categories', 'bookmarks', 'dates', 'uploads', 'sandbox', 'moderator'];

/** The slide-in menu: entries by sign-in state, reduced inside Telegram. */
export function Sidebar() {
  const { t } = useTranslation('shell');
  const { isOpen, close } = useSidebar();
  const { pathname } = useLocation();
  const current = currentEntry(pathname);
  const { user, loading } = useSession();
  const { isTelegramApp } = useTelegram();
  const { theme, setTheme, themeLocked } = usePreferences();
  const authModal = useAuthModal();
  const logout = useLogoutAction();
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useFocusTrap(panel, isOpen, close, 'a,button');
  useScrollLock(isOpen);
  // loaded on its first opening (LazySidebar), the menu is drawn closed once, so it slides in
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    panel.current?.getBoundingClientRect(); // the closed style is computed before the open one
    const frame = requestAnimationFrame(() => setDrawn(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  const shown = isOpen && drawn;

  const entries = loading ? [] : sidebarEntries({ signedIn: !!user, isModerator: !!user?.is_moderator, isTelegramApp });
  const links = entries.filter((e) => NAV.includes(e.id));
  const extras = entries.filter((e) => e.id === 'createChannel' || e.id === 'settings');
  const account = entries.find((e) => e.id === 'logout' || e.id === 'login');

  const item = (e: MenuEntry, accent = false) => {
    const Icon = ENTRY_ICONS[e.id];
    return (
      <li key={e.id}>
        <Link
          to={e.to!}
          onClick={close}
          data-entry={e.id}
          aria-current={current === e.id ? 'page' : undefined}
          className={cx(
            'group flex h-12 items-center gap-3.5 rounded-2xl px-3.5 text-[15px] font-semibold transition-colors',
            current === e.id && !accent ? 'bg-primary-soft text-primary-strong' : 'text-text hover:bg-surface-2',
            accent && 'text-primary',
          )}
        >
          <span className={cx('inline-flex h-9 w-9 items-center justify-center rounded-xl', accent ? 'bg-primary-soft' : 'bg-surface-2 group-aria-[current=page]:bg-surface')}>
            <Icon size={20} />
          </span>
          {t(`menu.${e.id}`)}
        </Link>
      </li>
    );
  };

  return (
    <div className={cx('fixed inset-0 z-[900]', !isOpen && 'pointer-events-none')}>
      <div
        aria-hidden="true"
        onClick={close}
        className={cx('absolute inset-0 touch-pan-y bg-scrim transition-opacity duration-350', shown ? 'opacity-100' : 'opacity-0')}
      />
      <div
        ref={panel}
        id={SIDEBAR_ID}
        role="dialog"
        // only an open menu is modal (other parts of the app check for an open modal)
        aria-modal={isOpen || undefined}
        aria-labelledby={titleId}
        aria-hidden={!isOpen}
        inert={!isOpen}
        tabIndex={-1}
        className={cx(
          'absolute inset-y-0 left-0 flex w-[min(330px,86vw)] touch-pan-y flex-col overflow-y-auto bg-surface pb-[max(1rem,env(safe-area-inset-bottom))] pt-[max(0.75rem,env(safe-area-inset-top))] shadow-float outline-none transition-[translate,visibility] duration-350 ease-[cubic-bezier(0.2,0.9,0.25,1)]',
          shown ? 'visible translate-x-0' : 'invisible -translate-x-full',
        )}
      >
        <div className="flex items-center justify-between px-4">
          <h2 id={titleId} className="sr-only">
            {t('menu.title')}
          </h2>
          <Logo name={t('common:appName')} />
          <button
            type="button"
            onClick={close}
            aria-label={t('menu.close')}
            className="inline-flex h-10 w-10 items-center justify-center rounded-full text-muted transition-colors hover:bg-surface-2 hover:text-text"
          >
            <CloseIcon size={20} />
          </button>
        </div>

        <UserCard className="mx-4 mt-4" />

        {/* named apart from the rail's navigation, which stays on the page behind it at 1280 px */}
        <nav aria-label={t('menu.title')} className="mt-3 px-2.5">
          <ul className="flex flex-col gap-0.5">{links.map((e) => item(e))}</ul>
          {extras.length > 0 && (
            <>
              <div className="mx-3.5 my-2 h-px bg-border" />
              <ul className="flex flex-col gap-0.5">{extras.map((e) => item(e, e.id === 'createChannel'))}</ul>
            </>
          )}
        </nav>

        <div className="mt-auto flex flex-col gap-3 px-4 pt-6">
          {!themeLocked && (
            <div className="flex items-center justify-between gap-3 rounded-2xl bg-surface-2 px-4 py-3">
              <label htmlFor={`${titleId}-theme`} className="text-sm font-semibold">
                {t('theme.dark')}
              </label>
              <Switch id={`${titleId}-theme`} label={t('theme.dark')} checked={theme === 'dark'} onChange={(on) => setTheme(on ? 'dark' : 'light')} />
            </div>
          )}
          {!isTelegramApp && (
            <div className="flex items-center justify-between gap-3 rounded-2xl bg-surface-2 px-4 py-2.5">
              <span className="text-sm font-semibold">{t('language')}</span>
              <LanguageToggle />
            </div>
          )}
          {account?.id === 'logout' && (
            <button
              type="button"
              data-entry="logout"
              onClick={() => void logout()}
              className="flex h-12 items-center justify-center gap-2 rounded-2xl border border-border text-[15px] font-semibold text-danger transition-colors hover:bg-danger/10"
            >
              <ENTRY_ICONS.logout size={20} />
              {t('menu.logout')}
            </button>
          )}
          {account?.id === 'login' && (
            <button
              type="button"
              data-entry="login"
              onClick={() => {
                close();
                authModal.open('login');
              }}
              className="flex h-12 items-center justify-center gap-2 rounded-2xl bg-primary text-[15px] font-semibold text-on-primary shadow-card transition-colors hover:bg-primary-strong"
            >
              <ENTRY_ICONS.login size={20} />
              {t('menu.login')}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
