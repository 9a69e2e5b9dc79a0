import { GREETING_BACKGROUNDS, type GreetingBackground } from '@otkrytka/contract/rules/greetings';
import { useId } from 'react';
import { useTranslation } from '@/i18n';
import { cx } from '@/ui/cx';
import { useRoving } from '@/ui/roving';
import { BACKGROUNDS } from '../backgrounds';

/** The eight greeting gradients as a radio group of swatches (one Tab stop; the arrows choose). */
export function BackgroundPicker({ value, onChange }: { value: GreetingBackground; onChange: (bg: GreetingBackground) => void }) {
  const { t } = useTranslation('greetings');
  const roving = useRoving(GREETING_BACKGROUNDS, value, onChange, { upDown: true });
  const labelId = useId();
  // the visible label names the radio group; a fieldset around it would name it twice
  return (
    <div>
      <div id={labelId} className="mb-2 text-sm font-semibold text-muted">
        {t('wizard.backgroundLabel')}
      </div>
      <div role="radiogroup" aria-labelledby={labelId} onKeyDown={roving.onKeyDown} className="grid grid-cols-4 gap-3 sm:grid-cols-8 sm:gap-2.5">
        {GREETING_BACKGROUNDS.map((bg) => {
          const selected = bg === value;
          return (
            <button
              key={bg}
              {...roving.item(bg)}
              type="button"
              role="radio"
              aria-checked={selected}
              aria-label={t(`backgrounds.${bg}`)}
              title={t(`backgrounds.${bg}`)}
              onClick={() => onChange(bg)}
              className={cx(
                'relative aspect-square rounded-2xl shadow-card transition-transform active:scale-95',
                selected ? 'ring-4 ring-primary ring-offset-2 ring-offset-bg' : 'hover:scale-[1.04]',
              )}
              style={{ background: BACKGROUNDS[bg].css }}
            >
              {selected && (
                <span className="absolute inset-0 flex items-center justify-center" aria-hidden="true">
                  <span className="flex h-7 w-7 items-center justify-center rounded-full bg-white/90 text-primary shadow">
                    <svg width="16" height="16" viewBox="0 0 24 24">
                      <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
                    </svg>
                  </span>
                </span>
              )}
            </button>
          );
        })}
      </div>
    </div>
  );
}
