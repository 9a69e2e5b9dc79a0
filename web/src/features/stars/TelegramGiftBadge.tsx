import type { GreetingTelegramGift } from '@otkrytka/contract';
import { useTranslation } from '@/i18n';
import { cx } from '@/ui/cx';
import { GiftIcon } from '@/ui/icons';
import { StarsPrice } from './parts';

const TONE: Record<GreetingTelegramGift['state'], string> = {
  created: 'bg-accent-soft text-accent-strong',
  paid: 'bg-yang/15 text-yang-ink',
  delivered: 'bg-success/15 text-success-ink',
  refunded: 'bg-surface-2 text-muted',
  expired: 'bg-surface-2 text-muted',
};

/**
 * The Telegram gift of a greeting in the sender's list: its price and where it is («оплачен»,
 * «вручён», «возвращён»); the state is the text, the colour only repeats it. Loaded apart from the
 * list, only for a row that has a gift.
 */
export default function TelegramGiftBadge({ gift }: { gift: Pick<GreetingTelegramGift, 'state' | 'star_count'> | null | undefined }) {
  const { t } = useTranslation('stars');
  if (!gift) return null;
  return (
    <span
      data-testid="telegram-gift-state"
      data-state={gift.state}
      className={cx('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold', TONE[gift.state])}
    >
      <GiftIcon size={13} strokeWidth={2.2} />
      {t('badge', { state: t(`state.${gift.state}`) })}
      <span aria-hidden="true">·</span>
      <StarsPrice count={gift.star_count} size={12} />
    </span>
  );
}
