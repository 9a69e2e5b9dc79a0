import { useTranslation } from '@/i18n';
import { useToast } from '@/ui/toast';
import { useIsBookmarked, useToggleBookmark } from '@/features/bookmarks/queries';
import type { ViewerCard } from '../types';
import { StarIcon } from './icons';
import { RailButton } from './RailButton';

/** Bookmark toggle of the rail (optimistic, rolled back on failure); shown to signed-in users only. */
export function BookmarkButton({ card }: { card: ViewerCard }) {
  const { t } = useTranslation('viewer');
  const toast = useToast();
  const marked = useIsBookmarked(card.id);
  const { toggle } = useToggleBookmark({ onError: () => toast(t('options.saveError'), 'error') });
  return (
    <RailButton
      label={t('controls.favourite')}
      pressed={marked}
      tone="star"
      onClick={() => toggle(card, !marked)}
      testId="bookmark-button"
    >
      <StarIcon filled={marked} />
    </RailButton>
  );
}
