import { useTranslation } from '../../../i18n';
import { useBookmarkList, useBookmarkToggle } from '../sources';
import type { ViewerCard } from '../types';
import { StarIcon } from './icons';
import { RailButton } from './RailButton';

/** Bookmark toggle of the rail; shown to signed-in users only. */
export function BookmarkButton({ card, userId }: { card: ViewerCard; userId: number }) {
  const { t } = useTranslation('viewer');
  const list = useBookmarkList(userId);
  const toggle = useBookmarkToggle(userId);
  const marked = !!list.data?.some((b) => b.image_relation_id === card.id);
  return (
    <RailButton
      label={marked ? t('controls.unbookmark') : t('controls.bookmark')}
      pressed={marked}
      tone="star"
      onClick={() => toggle.mutate({ card, add: !marked })}
      testId="bookmark-button"
    >
      <StarIcon filled={marked} />
    </RailButton>
  );
}
