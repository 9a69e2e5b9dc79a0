import { giftEnergyAbove, giftEnergyBelow, giftMaximum } from '@otkrytka/contract/rules/greetings';
import { useId } from 'react';
import { useTranslation } from '@/i18n';

/**
 * The gift slider (contract rules/greetings): from 0 to the whole balance (`giftMaximum`), stopping
 * at every multiple of the step max(1, round(energy / 10)) and at the maximum itself.
 */
export function EnergyPicker({ energy, value, onChange }: { energy: number; value: number; onChange: (v: number) => void }) {
  const { t } = useTranslation('greetings');
  const id = useId();
  const max = giftMaximum(energy);
  // the range moves by 1 (a maximum off the step is still reachable); a move goes on to the next stop its way
  const toStop = (v: number) => (v > value ? giftEnergyAbove(v - 1, energy) : v < value ? giftEnergyBelow(v + 1, energy) : value);
  const pct = max > 0 ? (value / max) * 100 : 0;
  return (
    <div className="flex flex-col items-center gap-5">
      <div className="flex items-center gap-5">
        <button
          type="button"
          onClick={() => onChange(giftEnergyBelow(value, energy))}
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
          onClick={() => onChange(giftEnergyAbove(value, energy))}
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
        step={1}
        value={value}
        disabled={max === 0}
        onChange={(e) => onChange(toStop(Number(e.target.value)))}
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
