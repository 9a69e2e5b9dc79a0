import { useTranslation } from '@/i18n';
import { useToast } from '@/ui/toast';
import { useIsBookmarked, useToggleBookmark } from '@/features/bookmarks/queries';
import type { ViewerCard } from '../types';
import { StarIcon } from './icons';
import { RailButton } from './RailButton';

export interface BookmarkState {
  marked: boolean;
  /** adds or removes the bookmark; `say` confirms it with a toast (the menu's item, which closes) */
  toggle(say?: boolean): void;
}

/** Whether the card is in my favourites, and its toggle (optimistic, rolled back with a message on failure). */
export function useBookmark(card: ViewerCard): BookmarkState {
  const { t } = useTranslation('viewer');
  const toast = useToast();
  const marked = useIsBookmarked(card.id);
  const { toggle } = useToggleBookmark({ onError: () => toast(t('options.bookmarkError'), 'error') });
  return {
    marked,
    toggle: (say = false) => {
      if (toggle(card, !marked) && say) toast(t(marked ? 'options.unbookmarked' : 'options.bookmarked'), 'success', 1800);
    },
  };
}

/** Bookmark toggle of the rail; shown to signed-in users only. */
export function BookmarkButton({ bookmark }: { bookmark: BookmarkState }) {
  const { t } = useTranslation('viewer');
  return (
    <RailButton label={t('controls.favourite')} pressed={bookmark.marked} tone="star" onClick={() => bookmark.toggle()} testId="bookmark-button">
      <StarIcon filled={bookmark.marked} />
    </RailButton>
  );
}
