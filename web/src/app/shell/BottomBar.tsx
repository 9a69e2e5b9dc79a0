import type { ComponentType } from 'react';
import { NavLink, useLocation, useSearchParams } from '@/router';
import { useTranslation } from '@/i18n';
import { cx } from '@/ui/cx';
import { AcceptedIcon, GalleryIcon, GiftIcon, type IconProps, MoonStarIcon, SentCheckIcon, StarIcon } from '@/ui/icons';

interface Item {
  id: 'gallery' | 'bookmarks' | 'congratulations' | 'received' | 'accepted' | 'production';
  to: string;
  Icon: ComponentType<IconProps>;
}

const ITEMS: Item[] = [
  { id: 'gallery', to: '/gallery', Icon: GalleryIcon },
  { id: 'bookmarks', to: '/bookmarks', Icon: StarIcon },
  { id: 'congratulations', to: '/congratulations', Icon: GiftIcon },
  { id: 'received', to: '/received-greetings', Icon: SentCheckIcon },
  { id: 'accepted', to: '/accepted-greetings', Icon: AcceptedIcon },
  { id: 'production', to: '/game-data?tab=production', Icon: MoonStarIcon },
];

/**
 * The bottom bar (spec 000 §2): gallery, bookmarks, congratulations, greetings of mine that were
 * accepted, greetings I accepted, and the moon button to production. The moon has a star beside it
 * and a label like the others, so it does not read as the theme switch's bare moon.
 * A full-width bar on phones, a floating dock on wider screens.
 */
export function BottomBar() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const productionActive = pathname === '/game-data' && params.get('tab') === 'production';
  const activeOf = (id: Item['id'], isActive: boolean) =>
    id === 'production' ? productionActive : id === 'gallery' ? isActive || pathname === '/' : isActive;
  return (
    <nav
      aria-label={t('bottom.label')}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-border/70 bg-glass pb-[env(safe-area-inset-bottom)] md:inset-x-auto md:bottom-4 md:left-[calc(50%+42px)] md:-translate-x-1/2 md:rounded-[22px] md:border md:pb-0 md:shadow-float"
    >
      <ul className="mx-auto flex h-16 max-w-lg items-center px-0.5 md:h-[60px] md:max-w-none md:gap-1 md:px-2">
        {ITEMS.map(({ id, to, Icon }) => (
          // sized by their labels, so six labels fit at 360 px without being cut
          <li key={id} className="flex-auto md:flex-none">
            <NavLink
              to={to}
              end={id !== 'production'}
              data-entry={id}
              aria-label={t(`bottom.${id}Full`)}
              title={t(`bottom.${id}Full`)}
              // a link with a query string: NavLink would call it current on every game tab
              {...(id === 'production' && { 'aria-current': productionActive ? ('page' as const) : undefined })}
              className={({ isActive }) =>
                cx(
                  'group flex h-14 flex-col items-center justify-center gap-0.5 rounded-2xl px-px text-[10px] font-semibold leading-tight tracking-[-0.02em] transition-colors min-[380px]:text-[10.5px] md:w-[84px]',
                  activeOf(id, isActive) ? 'text-primary' : 'text-muted hover:text-text',
                )
              }
            >
              {({ isActive }) => (
                <>
                  <span
                    className={cx(
                      'inline-flex h-8 w-11 items-center justify-center rounded-full transition-all duration-200',
                      activeOf(id, isActive) && 'bg-primary-soft',
                    )}
                  >
                    <Icon size={21} />
                  </span>
                  <span className="whitespace-nowrap">{t(`bottom.${id}`)}</span>
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
