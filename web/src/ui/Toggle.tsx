import type { ReactNode } from 'react';
import { useRoving } from './roving';
import { cx } from './cx';

export interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** the accessible name (visible text is up to the caller) */
  label: string;
  disabled?: boolean;
  id?: string;
}

/** An on/off switch (role="switch"). */
export function Switch({ checked, onChange, label, disabled, id }: SwitchProps) {
  return (
    <button
      id={id}
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={cx(
        'tap-44 inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors duration-200 disabled:opacity-50',
        checked ? 'bg-primary' : 'bg-surface-3',
      )}
    >
      <span
        aria-hidden="true"
        className={cx(
          'inline-block h-5.5 w-5.5 rounded-full bg-white shadow-[0_1px_3px_rgb(0_0_0/25%)] transition-transform duration-200',
          checked ? 'translate-x-[23px]' : 'translate-x-[3px]',
        )}
      />
    </button>
  );
}

export interface SegmentedOption<T extends string> {
  value: T;
  label: ReactNode;
  icon?: ReactNode;
}

export interface SegmentedProps<T extends string> {
  options: SegmentedOption<T>[];
  value: T;
  onChange: (value: T) => void;
  /** the accessible name of the group */
  label: string;
  disabled?: boolean;
  size?: 'sm' | 'md';
  className?: string;
}

/** A small group of mutually exclusive choices (radio group), e.g. light/dark or RU/EN. */
export function Segmented<T extends string>({ options, value, onChange, label, disabled, size = 'md', className }: SegmentedProps<T>) {
  // one Tab stop; the arrow keys (either way), Home and End choose
  const keys = useRoving(
    options.map((o) => o.value),
    value,
    onChange,
    { upDown: true },
  );
  return (
    <div
      role="radiogroup"
      aria-label={label}
      aria-disabled={disabled || undefined}
      onKeyDown={disabled ? undefined : keys.onKeyDown}
      className={cx('inline-flex rounded-xl bg-surface-2 p-1', disabled && 'opacity-50', className)}
    >
      {options.map((o) => {
        const active = o.value === value;
        return (
          <button
            key={o.value}
            {...keys.item(o.value)}
            type="button"
            role="radio"
            aria-checked={active}
            disabled={disabled}
            onClick={() => !active && onChange(o.value)}
            className={cx(
              'inline-flex flex-1 items-center justify-center gap-1.5 rounded-lg font-semibold transition-all duration-200',
              size === 'sm' ? 'h-8 px-2.5 text-xs' : 'h-9 px-3.5 text-sm',
              active ? 'bg-surface text-text shadow-card dark:bg-surface-3 dark:ring-1 dark:ring-white/15' : 'text-muted hover:text-text',
            )}
          >
            {o.icon}
            {o.label}
          </button>
        );
      })}
    </div>
  );
}
