import type { ComponentType } from 'react';
import { Link, NavLink, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n';
import { cx } from '../../ui/cx';
import { AcceptedIcon, GalleryIcon, GiftIcon, type IconProps, InboxIcon, MoonIcon, StarIcon } from '../../ui/icons';

interface Item {
  id: 'gallery' | 'bookmarks' | 'congratulations' | 'received' | 'accepted';
  to: string;
  Icon: ComponentType<IconProps>;
}

const ITEMS: Item[] = [
  { id: 'gallery', to: '/gallery', Icon: GalleryIcon },
  { id: 'bookmarks', to: '/bookmarks', Icon: StarIcon },
  { id: 'congratulations', to: '/congratulations', Icon: GiftIcon },
  { id: 'received', to: '/received-greetings', Icon: InboxIcon },
  { id: 'accepted', to: '/accepted-greetings', Icon: AcceptedIcon },
];

/**
 * The bottom bar (spec 000 §2): gallery, bookmarks, congratulations, received and accepted
 * greetings, and the moon button to the production tab. A full-width bar on phones, a floating
 * dock on wider screens.
 */
export function BottomBar() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const moonActive = pathname === '/game-data' && params.get('tab') === 'production';
  return (
    <nav
      aria-label={t('bottom.label')}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-border/70 bg-glass pb-[env(safe-area-inset-bottom)] md:inset-x-auto md:bottom-4 md:left-[calc(50%+42px)] md:-translate-x-1/2 md:rounded-[22px] md:border md:pb-0 md:shadow-float"
    >
      <ul className="mx-auto flex h-16 max-w-lg items-center px-1.5 md:h-[60px] md:gap-1 md:px-2">
        {ITEMS.map(({ id, to, Icon }) => (
          <li key={id} className="flex-1 md:flex-none">
            <NavLink
              to={to}
              data-entry={id}
              aria-label={t(`bottom.${id}Full`)}
              className={({ isActive }) =>
                cx(
                  'group flex h-14 flex-col items-center justify-center gap-0.5 rounded-2xl text-[10.5px] font-semibold transition-colors md:w-[76px]',
                  isActive || (id === 'gallery' && pathname === '/') ? 'text-primary' : 'text-muted hover:text-text',
                )
              }
            >
              {({ isActive }) => (
                <>
                  <span
                    className={cx(
                      'inline-flex h-8 w-12 items-center justify-center rounded-full transition-all duration-200',
                      (isActive || (id === 'gallery' && pathname === '/')) && 'bg-primary-soft',
                    )}
                  >
                    <Icon size={21} />
                  </span>
                  <span className="max-w-full truncate px-0.5">{t(`bottom.${id}`)}</span>
                </>
              )}
            </NavLink>
          </li>
        ))}
        <li className="flex flex-none items-center justify-center pl-1 pr-0.5">
          <Link
            to="/game-data?tab=production"
            data-entry="production"
            aria-label={t('bottom.production')}
            title={t('bottom.production')}
            aria-current={moonActive ? 'page' : undefined}
            className={cx(
              'inline-flex h-12 w-12 items-center justify-center rounded-full bg-night text-white shadow-[0_8px_20px_-8px_rgb(91_91_214/80%)] transition-transform hover:scale-105 active:scale-95',
              moonActive && 'ring-2 ring-yin ring-offset-2 ring-offset-bg',
            )}
          >
            <MoonIcon size={22} />
          </Link>
        </li>
      </ul>
    </nav>
  );
}
