import type { TelegramGiftOffer } from '@otkrytka/contract';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '@/i18n';
import { Button } from '@/ui/Button';
import { cx } from '@/ui/cx';
import { GiftIcon } from '@/ui/icons';
import { Spinner } from '@/ui/Spinner';
import { errorMessage } from '@/lib/errorMessage';
import { StarsPrice } from './parts';
import { useTelegramGifts } from './queries';

/**
 * One choice of the radio group: the whole tile is the label, drawn chosen or not by `checked`;
 * keyboard focus shows as the fields' halo (classes the app already has: no new CSS on first loads).
 */
const tile = (checked: boolean) =>
  cx(
    'relative flex cursor-pointer flex-col items-center justify-center gap-1.5 rounded-2xl border-2 px-2 py-3 text-center transition-colors focus-within:border-primary focus-within:ring-4 focus-within:ring-primary/15',
    checked ? 'border-primary bg-primary-soft' : 'border-border bg-surface hover:bg-surface-2',
  );

/**
 * The wizard's Telegram gift (inside Telegram only): a real Telegram gift paid in Stars, chosen
 * from `GET /api/stars/gifts`, each with its sticker's preview and price; «Без подарка» by default.
 * A native radio group: arrows move between gifts, a screen reader hears each one's price.
 * Loaded with the gift step, never with the first page.
 */
export default function TelegramGiftChoice({ value, onChange }: { value: string | null; onChange: (giftId: string | null) => void }) {
  const { t } = useTranslation('stars');
  const gifts = useTelegramGifts();
  const name = useId();
  const titleId = useId();
  const list = gifts.data?.gifts;

  // a chosen gift that is no longer on offer (sold out since) is unchosen
  useEffect(() => {
    if (value !== null && list && !list.some((g) => g.id === value)) onChange(null);
  }, [value, list, onChange]);

  const chosen = list?.find((g) => g.id === value) ?? null;

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4 rounded-3xl border border-border bg-surface p-5 shadow-card" data-testid="telegram-gift-choice">
      <div>
        <h2 id={titleId} className="flex items-center gap-1.5 font-semibold">
          <GiftIcon size={18} className="text-primary" />
          {t('choice.title')}
        </h2>
        <p className="mt-1 text-sm leading-snug text-muted">{t('choice.intro')}</p>
      </div>
      {gifts.isPending ? (
        <p role="status" className="flex items-center justify-center gap-2 py-6 text-sm text-muted">
          <Spinner size={18} className="text-primary" />
          {t('choice.loading')}
        </p>
      ) : gifts.isError ? (
        <div role="alert" className="flex flex-col items-center gap-2 py-4 text-center">
          <p className="text-sm font-semibold text-danger-ink">{t('choice.error')}</p>
          <p className="text-xs text-muted">{errorMessage(gifts.error, '')}</p>
          <Button size="sm" variant="secondary" onClick={() => void gifts.refetch()}>
            {t('common:retry')}
          </Button>
        </div>
      ) : (
        <fieldset className="min-w-0">
          <legend className="sr-only">{t('choice.title')}</legend>
          <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
            <label className={tile(value === null)}>
              <input type="radio" name={name} className="sr-only" checked={value === null} onChange={() => onChange(null)} />
              <span aria-hidden="true" className="flex h-12 w-12 items-center justify-center rounded-full bg-surface-2 text-muted">
                <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.9" strokeLinecap="round">
                  <circle cx="12" cy="12" r="8.5" />
                  <path d="m6 6 12 12" />
                </svg>
              </span>
              <span className="text-sm font-semibold leading-tight">{t('choice.none')}</span>{' '}
              <span className="text-[11px] leading-tight text-muted">{t('choice.noneHint')}</span>
            </label>
            {list!.map((g) => (
              <GiftTile key={g.id} gift={g} name={name} checked={value === g.id} onChoose={() => onChange(g.id)} />
            ))}
          </div>
          {list!.length === 0 && <p className="mt-3 text-center text-sm text-muted">{t('choice.empty')}</p>}
        </fieldset>
      )}
      {chosen && (
        <p aria-live="polite" className="rounded-2xl bg-accent-soft px-4 py-3 text-sm font-medium text-accent-strong">
          {t('choice.selected', { stars: t('stars', { count: chosen.star_count }), limit: gifts.data!.text_limit })}
        </p>
      )}
    </section>
  );
}

function GiftTile({ gift, name, checked, onChoose }: { gift: TelegramGiftOffer; name: string; checked: boolean; onChoose: () => void }) {
  const { t } = useTranslation('stars');
  const [broken, setBroken] = useState(false);
  const limited = gift.remaining_count !== null && gift.total_count !== null;
  return (
    <label className={tile(checked)} data-testid="telegram-gift">
      <input type="radio" name={name} value={gift.id} className="sr-only" checked={checked} onChange={onChoose} />
      <span aria-hidden="true" className="flex h-12 w-12 items-center justify-center">
        {gift.preview_url && !broken ? (
          <img src={gift.preview_url} alt="" width={48} height={48} loading="lazy" decoding="async" className="h-12 w-12 object-contain" onError={() => setBroken(true)} />
        ) : gift.emoji ? (
          <span className="text-3xl leading-none">{gift.emoji}</span>
        ) : (
          <GiftIcon size={30} className="text-primary" />
        )}
      </span>
      <StarsPrice count={gift.star_count} className="text-sm font-bold" />{' '}
      {limited && (
        <span className={cx('text-[11px] leading-tight', gift.remaining_count! < 10 ? 'text-danger-ink' : 'text-muted')}>
          {t('choice.limited', { remaining: gift.remaining_count, total: gift.total_count })}
        </span>
      )}
    </label>
  );
}
