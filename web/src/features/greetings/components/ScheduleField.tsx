import { Suspense, useEffect, useId, useRef } from 'react';
import { useTranslation } from '@/i18n';
import { cx } from '@/ui/cx';
import { scheduleBounds, senderTimeZone, toLocalInput } from '../tracking';
import { QuickDays } from './QuickDays';

/**
 * The date and time a scheduled greeting opens (a native `datetime-local`, from 5 minutes to a year
 * ahead), with the sender's timezone beside it: the moment is read in that zone. The holidays
 * coming up and the user's dates are one tap away under it.
 */
export function ScheduleField({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string | null }) {
  const { t } = useTranslation('greetings');
  const id = useId();
  const { min, max } = scheduleBounds();
  // a refused moment: bring the field into view (above a sticky button bar) and to the keyboard
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!error) return;
    input.current?.focus({ preventScroll: true });
    input.current?.scrollIntoView?.({ block: 'center' });
  }, [error]);
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-muted">
        {t('tracking.schedule.label')}
      </label>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
        <input
          ref={input}
          id={id}
          type="datetime-local"
          value={value}
          min={toLocalInput(min)}
          max={toLocalInput(max)}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={!!error || undefined}
          aria-describedby={`${id}-tz${error ? ` ${id}-error` : ''}`}
          className={cx(
            'h-12 min-w-0 flex-1 basis-56 rounded-2xl border bg-surface px-4 text-base text-text shadow-sm outline-none transition focus:ring-4 [color-scheme:light] dark:[color-scheme:dark]',
            error ? 'border-danger focus:ring-danger/15' : 'border-border focus:border-primary focus:ring-primary/15',
          )}
        />
        <span id={`${id}-tz`} className="text-sm font-medium text-muted">
          {t('tracking.timeZone', { zone: senderTimeZone() })}
        </span>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
      {/* the calendar's texts load with it where the page has not brought them */}
      <Suspense fallback={null}>
        <QuickDays value={value} onPick={onChange} />
      </Suspense>
    </div>
  );
}
