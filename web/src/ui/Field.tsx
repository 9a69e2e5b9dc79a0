import { forwardRef, type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { cx } from './cx';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: ReactNode;
  /** an error text (already translated); marks the field invalid and is read with it */
  error?: string | null;
  hint?: ReactNode;
  /** content inside the field at its end, e.g. a show-password button */
  trailing?: ReactNode;
  /** a small action on the label's line, at its end (e.g. "generate") */
  labelAction?: ReactNode;
}

/** A labelled text input with its hint and error, wired for screen readers. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, trailing, labelAction, id, className, ...rest },
  ref,
) {
  const auto = useId();
  const inputId = id ?? auto;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <div className="flex min-h-5 items-center justify-between gap-2">
        <label htmlFor={inputId} className="text-sm font-medium text-text">
          {label}
        </label>
        {labelAction}
      </div>
      <div
        className={cx(
          'flex items-center rounded-xl border bg-surface transition-[border-color,box-shadow] focus-within:ring-4',
          error
            ? 'border-danger focus-within:ring-danger/15'
            : 'border-border hover:border-muted/60 focus-within:border-primary focus-within:ring-primary/15',
        )}
      >
        <input
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="h-12 min-w-0 flex-1 rounded-xl bg-transparent px-3.5 text-[16px] text-text outline-none placeholder:text-muted/70"
          {...rest}
        />
        {trailing && <div className="flex shrink-0 items-center gap-0.5 pr-1.5">{trailing}</div>}
      </div>
      {error ? (
        <p id={errorId} className="text-[13px] font-medium text-danger">
          {error}
        </p>
      ) : (
        hint && (
          <p id={hintId} className="text-[13px] text-muted">
            {hint}
          </p>
        )
      )}
    </div>
  );
});

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'size'> {
  label: ReactNode;
  error?: string | null;
}

/** A checkbox with a clickable label (which may contain links) and an optional error. */
export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox({ label, error, id, className, ...rest }, ref) {
  const auto = useId();
  const inputId = id ?? auto;
  const errorId = `${inputId}-error`;
  return (
    <div className={cx('flex flex-col gap-1', className)}>
      <div className="flex items-start gap-3">
        <span className="relative mt-0.5 inline-flex h-5 w-5 shrink-0">
          <input
            ref={ref}
            id={inputId}
            type="checkbox"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className={cx(
              'peer h-5 w-5 cursor-pointer appearance-none rounded-md border-2 bg-surface transition-colors checked:border-primary checked:bg-primary',
              error ? 'border-danger' : 'border-border',
            )}
            {...rest}
          />
          <svg viewBox="0 0 24 24" aria-hidden="true" className="pointer-events-none absolute inset-0 m-auto h-3.5 w-3.5 text-on-primary opacity-0 peer-checked:opacity-100">
            <path d="m5 12.5 4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="3.2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
        <label htmlFor={inputId} className="cursor-pointer text-sm leading-snug text-text">
          {label}
        </label>
      </div>
      {error && (
        <p id={errorId} className="pl-8 text-[13px] font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
});
