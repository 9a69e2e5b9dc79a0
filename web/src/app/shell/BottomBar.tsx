import type { ComponentType } from 'react';
import { Link, useLocation, useSearchParams } from '@/router';
import { useTranslation } from '@/i18n';
import type { IconProps } from '@/ui/icon';
import { AcceptedIcon, GalleryIcon, GiftIcon, MoonStarIcon, SentCheckIcon, StarIcon } from '@/ui/icons-first';

export interface QuickEntry {
  id: 'gallery' | 'bookmarks' | 'congratulations' | 'received' | 'accepted' | 'production';
  to: string;
  Icon: ComponentType<IconProps>;
}

/** The bottom bar's entries; from medium width up the rail shows them instead. */
export const QUICK_ENTRIES: QuickEntry[] = [
  { id: 'gallery', to: '/gallery', Icon: GalleryIcon },
  { id: 'bookmarks', to: '/bookmarks', Icon: StarIcon },
  { id: 'congratulations', to: '/congratulations', Icon: GiftIcon },
  { id: 'received', to: '/received-greetings', Icon: SentCheckIcon },
  { id: 'accepted', to: '/accepted-greetings', Icon: AcceptedIcon },
  { id: 'production', to: '/game-data?tab=production', Icon: MoonStarIcon },
];

/** Which quick entry is the page's: the gallery is at / too; production is one tab of the game hub. */
export function useQuickCurrent(): (e: QuickEntry) => boolean {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const path = pathname.replace(/(.)\/$/, '$1');
  return (e) => (e.id === 'production' ? path === '/game-data' && params.get('tab') === 'production' : path === e.to || (e.id === 'gallery' && path === '/'));
}

/**
 * The bottom bar of phones: gallery, bookmarks, the greetings I made, those of mine
 * that were accepted, those I accepted, and the moon button to production. The moon has a star
 * beside it and a label like the others, so it does not read as the theme switch's bare moon.
 * From medium width up the rail holds these entries: one navigation per screen.
 */
export function BottomBar() {
  const { t } = useTranslation('shell');
  const isCurrent = useQuickCurrent();
  return (
    <nav aria-label={t('bottom.label')} className="fixed inset-x-0 bottom-0 z-30 border-t border-border/70 bg-glass pb-[env(safe-area-inset-bottom)] md:hidden">
      {/* sized by their labels, so the space left over parts them evenly, at the edges too */}
      <ul className="mx-auto flex h-16 max-w-lg items-center px-1">
        {QUICK_ENTRIES.map((e) => (
          <li key={e.id} className="flex-auto">
            <Link
              to={e.to}
              data-entry={e.id}
              // a phone has no hover: the full name is for screen readers
              aria-label={t(`bottom.${e.id}Full`)}
              aria-current={isCurrent(e) ? 'page' : undefined}
              className="group flex h-14 flex-col items-center justify-center gap-0.5 rounded-2xl text-[9.5px] font-semibold leading-tight tracking-[-0.02em] text-muted transition-colors hover:text-text aria-[current=page]:text-primary min-[375px]:text-[10px] min-[400px]:text-[10.5px]"
            >
              <span className="inline-flex h-8 w-9 items-center justify-center rounded-full transition-all duration-200 group-aria-[current=page]:bg-primary-soft">
                <e.Icon size={21} />
              </span>
              <span className="whitespace-nowrap">{t(`bottom.${e.id}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
