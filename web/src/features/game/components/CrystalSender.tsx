import type { CrystalSendResult } from '@otkrytka/contract';
import { CRYSTAL_SEND } from '@otkrytka/contract/rules/game';
import { AnimatePresence, motion } from 'motion/react';
import { useId, useState } from 'react';
import { useTranslation } from '@/i18n';
import { formatNumber } from '@/lib/format';
import { errorMessage } from '@/lib/errorMessage';
import { Button } from '@/ui/Button';
import { cx } from '@/ui/cx';
import { useToast } from '@/ui/toast';
import { haptic } from '@/telegram';
import { useCatalog } from '../catalog';
import { useCrystals, useSendCrystal } from '../queries';
import { Panel } from './bits';
import { GemIcon } from '@/ui/icons-more';
import { confetti } from '@/ui/confetti';

/** A faceted gem in the crystal's colour. */
export function Gem({ color, size = 40, dim }: { color: string; size?: number; dim?: boolean }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" className={cx(dim && 'opacity-25 grayscale')}>
      <path d="M8 14 14 6h12l6 8-12 20z" fill={color} stroke="rgb(0 0 0 / 25%)" strokeWidth="1" />
      <path d="M8 14h24M14 6l6 8 6-8M20 14v20" fill="none" stroke="rgb(255 255 255 / 55%)" strokeWidth="1" />
    </svg>
  );
}

const RARITY_TONE: Record<string, string> = {
  common: 'text-muted',
  uncommon: 'text-success',
  rare: 'text-[#2563eb] dark:text-[#60a5fa]',
  epic: 'text-accent-strong',
  legendary: 'text-warning-ink',
};

export function CrystalSender({ yang }: { yang: number }) {
  const { t, i18n } = useTranslation('game');
  const toast = useToast();
  const sliderId = useId();
  const crystals = useCrystals();
  const send = useSendCrystal();
  const [amount, setAmount] = useState<number>(CRYSTAL_SEND.min);
  const [last, setLast] = useState<CrystalSendResult | null>(null);
  const catalog = useCatalog();
  const lastText = last ? catalog.crystal(last.crystal) : null;
  const short = yang < amount;

  const onSend = () =>
    send.mutate(amount, {
      onSuccess: (r) => {
        setLast(r);
        haptic('success');
        if (r.crystal.rarity >= 30000) void confetti({ particles: 120, spread: 80, origin: { y: 0.7 } });
      },
      onError: (e) => {
        haptic('error');
        toast(errorMessage(e, t('crystals.error')), 'error');
      },
    });

  return (
    <Panel icon={<GemIcon />} title={t('crystals.title')} aside={crystals.data ? t('crystals.collection', { distinct: crystals.data.distinct }) : undefined}>
      <p className="mb-3 text-sm text-muted">{t('crystals.hint')}</p>
      {/* the label names the slider alone (with the figure inside, the name read «…отправки50» and
          changed while dragging); the figure is spoken as the slider's value */}
      <div className="mb-1 flex items-baseline justify-between text-sm font-semibold">
        <label htmlFor={sliderId}>{t('crystals.amount')}</label>
        <span aria-hidden="true" className="text-2xl font-black tabular-nums text-yang-ink">
          {amount}
        </span>
      </div>
      <input
        id={sliderId}
        type="range"
        aria-valuetext={t('crystals.amountValue', { amount })}
        min={CRYSTAL_SEND.min}
        max={CRYSTAL_SEND.max}
        step={CRYSTAL_SEND.step}
        value={amount}
        onChange={(e) => setAmount(Number(e.target.value))}
        className="w-full accent-[var(--yang)]"
        data-testid="crystal-slider"
      />
      <div className="mb-3 flex justify-between text-[11px] font-semibold tabular-nums text-muted" aria-hidden="true">
        <span>{CRYSTAL_SEND.min}</span>
        <span>{CRYSTAL_SEND.max}</span>
      </div>
      <Button block onClick={onSend} loading={send.isPending} disabled={short}>
        {short ? t('crystals.notEnough', { amount, yang }) : t('crystals.send', { amount })}
      </Button>

      <AnimatePresence mode="wait">
        {last && (
          <motion.div
            key={last.collection.total}
            initial={{ opacity: 0, scale: 0.6, rotate: -8 }}
            animate={{ opacity: 1, scale: 1, rotate: 0 }}
            exit={{ opacity: 0, scale: 0.9 }}
            transition={{ type: 'spring', stiffness: 260, damping: 18 }}
            className="mt-4 flex items-center gap-3 rounded-2xl border border-border bg-surface-2 p-3"
            role="status"
          >
            <Gem color={last.crystal.color} size={56} />
            <div className="min-w-0">
              <div className="font-bold">{t('crystals.got', { name: lastText!.name })}</div>
              <div className={cx('text-sm font-semibold', RARITY_TONE[last.crystal.rarity_key])}>
                {lastText!.rarity} · {t('crystals.rarity', { rarity: formatNumber(last.crystal.rarity, i18n.language) })}
              </div>
            </div>
            {last.is_new && <span className="ml-auto rounded-full bg-primary px-2 py-0.5 text-xs font-bold text-on-primary">{t('crystals.new')}</span>}
          </motion.div>
        )}
      </AnimatePresence>

      {crystals.data && (
        <ul className="mt-4 grid grid-cols-7 gap-1.5" aria-label={t('crystals.collection', { distinct: crystals.data.distinct })}>
          {crystals.data.crystals.map((c) => {
            const text = catalog.crystal(c);
            return (
              <li key={c.key} className="relative flex flex-col items-center rounded-xl bg-surface-2 p-1" title={c.count ? `${text.name} · ${text.rarity}` : t('crystals.unknown')}>
                <Gem color={c.color} size={30} dim={c.count === 0} />
                <span className="sr-only">{c.count ? `${text.name}, ${text.rarity}, ${c.count}` : t('crystals.unknown')}</span>
                {c.count > 0 && <span className="text-[10px] font-bold tabular-nums text-muted">{t('crystals.count', { count: c.count })}</span>}
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}
