import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';
import { cx } from './cx';

const control =
  'w-full rounded-xl border border-border bg-surface px-3.5 py-2.5 text-[15px] text-text outline-none transition-colors placeholder:text-muted/70 focus:border-primary focus:ring-2 focus:ring-primary/20 aria-[invalid=true]:border-danger';

/** A labelled control with an optional hint (right of the label) and error (announced). */
function Field({ label, hint, error, id, children }: { label: ReactNode; hint?: ReactNode; error?: ReactNode; id: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {hint && <span className="text-xs text-muted tabular-nums">{hint}</span>}
      </div>
      {children}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

type Common = { label: ReactNode; hint?: ReactNode; error?: ReactNode };

/**
 * "87/100" once a limited text is near its limit, so typing that stops at it does not stop
 * silently (a field's own hint takes the place).
 */
function nearLimit(value: unknown, maxLength: number | undefined): string | undefined {
  if (typeof value !== 'string' || !maxLength || value.length < maxLength * 0.8) return undefined;
  return `${value.length}/${maxLength}`;
}

export function TextInput({ label, hint, error, className, ...rest }: Common & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <Field label={label} hint={hint ?? nearLimit(rest.value, rest.maxLength)} error={error} id={id}>
      <input id={id} aria-invalid={!!error} aria-describedby={error ? `${id}-error` : undefined} className={cx(control, className)} {...rest} />
    </Field>
  );
}

export function TextArea({ label, hint, error, className, ...rest }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <Field label={label} hint={hint ?? nearLimit(rest.value, rest.maxLength)} error={error} id={id}>
      <textarea id={id} aria-invalid={!!error} aria-describedby={error ? `${id}-error` : undefined} className={cx(control, 'resize-y', className)} {...rest} />
    </Field>
  );
}

export function SelectInput({ label, hint, error, className, children, ...rest }: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <Field label={label} hint={hint} error={error} id={id}>
      <select id={id} aria-invalid={!!error} className={cx(control, 'pr-9', className)} {...rest}>
        {children}
      </select>
    </Field>
  );
}
