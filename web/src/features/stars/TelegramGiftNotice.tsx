import type { Greeting } from '@otkrytka/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/i18n';
import { api } from '@/lib/api';
import { Button } from '@/ui/Button';
import { GiftIcon } from '@/ui/icons';
import { Spinner } from '@/ui/Spinner';
import { openTelegramLink, useTelegram } from '@/telegram';
import { starsKeys } from './queries';

/** How often the greeting is read while an accepted gift is on its way. */
const DELIVERY_POLL_MS = 2000;

/**
 * The recipient's word on a greeting's Telegram gift. On the web without Telegram: open the
 * greeting in Telegram to receive it (the energy gift still comes here). Inside Telegram: accept
 * it and the bot sends it; once accepted, the greeting is read until the gift is delivered (or
 * could not be, and the sender was refunded). Nothing for the sender, nor for a greeting without one.
 */
export default function TelegramGiftNotice({ greeting, accepted }: { greeting: Greeting; accepted: boolean }) {
  const { t } = useTranslation('stars');
  const { isTelegramApp } = useTelegram();
  const gift = greeting.telegram_gift;
  const onItsWay = accepted && isTelegramApp && gift?.state === 'paid';
  const fresh = useQuery({
    queryKey: starsKeys.greeting(greeting.id),
    queryFn: () => api('GET /api/greetings/{id}', { params: { id: greeting.id } }),
    enabled: onItsWay && !greeting.is_own,
    refetchInterval: (q) => {
      const g = q.state.data;
      return g && !g.sealed && g.telegram_gift?.state !== 'paid' ? false : DELIVERY_POLL_MS;
    },
    staleTime: 0,
  });
  if (!gift || greeting.is_own) return null;
  const now = fresh.data && !fresh.data.sealed ? (fresh.data.telegram_gift ?? gift) : gift;

  let text: string;
  let action = null;
  let waiting = false;
  if (!isTelegramApp && (gift.open_in_telegram || now.state === 'paid')) {
    text = t('recipient.openInTelegram');
    if (greeting.telegram_url)
      action = (
        <Button size="sm" variant="secondary" onClick={() => openTelegramLink(greeting.telegram_url!)}>
          {t('recipient.openButton')}
        </Button>
      );
  } else if (now.state === 'delivered') text = t('recipient.delivered');
  else if (now.state === 'refunded') text = t('recipient.refunded');
  else if (now.state !== 'paid') return null;
  else if (accepted) {
    text = t('recipient.sending');
    waiting = true;
  } else text = t('recipient.waiting');

  return (
    <div
      role="status"
      data-testid="telegram-gift-notice"
      data-state={now.state}
      className="flex max-w-sm flex-col items-center gap-2 rounded-3xl bg-black/25 px-4 py-3 text-sm font-semibold text-white backdrop-blur"
    >
      <p className="flex items-center gap-2">
        {waiting ? <Spinner size={16} /> : <GiftIcon size={18} className="shrink-0" />}
        <span>{text}</span>
      </p>
      {action}
    </div>
  );
}
