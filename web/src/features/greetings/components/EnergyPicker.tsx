import { giftEnergyMax, giftEnergyStep } from '@otkrytka/contract/rules/greetings';
import { useId } from 'react';
import { useTranslation } from '@/i18n';

/**
 * The gift slider (spec 001 §5): from 0 to the user's energy rounded down to a multiple of the step,
 * in steps of max(1, round(energy / 10)).
 */
export function EnergyPicker({ energy, value, onChange }: { energy: number; value: number; onChange: (v: number) => void }) {
  const { t } = useTranslation('greetings');
  const id = useId();
  const step = giftEnergyStep(energy);
  const max = giftEnergyMax(energy);
  const clamp = (v: number) => Math.max(0, Math.min(max, v));
  const pct = max > 0 ? (value / max) * 100 : 0;
  return (
    <div className="flex flex-col items-center gap-5">
      <div className="flex items-center gap-5">
        <button
          type="button"
          onClick={() => onChange(clamp(value - step))}
          disabled={value <= 0}
          aria-label={t('wizard.energyLess')}
          className="flex h-12 w-12 items-center justify-center rounded-full bg-surface-2 text-2xl font-bold text-text disabled:opacity-40"
        >
          −
        </button>
        <output htmlFor={id} className="flex min-w-28 flex-col items-center" aria-live="polite">
          <span className="text-5xl font-extrabold tabular-nums text-yang-ink drop-shadow-sm">{value}</span>
          <span className="text-sm font-medium text-muted">{t('wizard.energyUnit', { count: value })}</span>
        </output>
        <button
          type="button"
          onClick={() => onChange(clamp(value + step))}
          disabled={value >= max}
          aria-label={t('wizard.energyMore')}
          className="flex h-12 w-12 items-center justify-center rounded-full bg-surface-2 text-2xl font-bold text-text disabled:opacity-40"
        >
          +
        </button>
      </div>
      <label htmlFor={id} className="sr-only">
        {t('wizard.energyAmount')}
      </label>
      <input
        id={id}
        type="range"
        min={0}
        max={max}
        step={step}
        value={value}
        disabled={max === 0}
        onChange={(e) => onChange(clamp(Number(e.target.value)))}
        className="h-3 w-full cursor-pointer appearance-none rounded-full accent-[var(--yang)] disabled:opacity-40"
        style={{ background: `linear-gradient(90deg, var(--yang) ${pct}%, var(--surface-3) ${pct}%)` }}
      />
      <div className="flex w-full justify-between text-xs font-medium text-muted tabular-nums">
        <span>0</span>
        <span>{max}</span>
      </div>
    </div>
  );
}
