import { type ButtonHTMLAttributes, forwardRef } from 'react';
import { cx } from './cx';
import { Spinner } from './Spinner';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';
type Size = 'sm' | 'md' | 'lg';

const variants: Record<Variant, string> = {
  primary: 'bg-primary text-on-primary hover:bg-primary-strong shadow-card',
  secondary: 'bg-surface-2 text-text hover:bg-surface-3 border border-border',
  ghost: 'bg-transparent text-text hover:bg-surface-2',
  danger: 'bg-danger text-on-danger hover:opacity-90',
};
// not faded: a disabled button often carries the reason in its label («Нужно 50 Ян, у вас 20»),
// and muted on surface-2 stays readable (4.5:1 or more) in both themes
const INACTIVE = 'bg-surface-2 text-muted';

const sizes: Record<Size, string> = {
  // 32 px to the eye, 44 to a finger
  sm: 'h-8 px-3 text-sm rounded-lg gap-1.5 tap-44',
  md: 'h-11 px-4 text-[15px] rounded-xl gap-2',
  lg: 'h-13 px-6 text-base rounded-2xl gap-2',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
  loading?: boolean;
  block?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', loading, block, className, children, disabled, type = 'button', onClick, ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      // a button that shows its work (`loading` given) does it once per double click: the second
      // click comes before the work has begun and disabled it, and would start it again
      onClick={loading === undefined ? onClick : (e) => (e.detail > 1 ? e.preventDefault() : onClick?.(e))}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={cx(
        'inline-flex items-center justify-center font-semibold transition-[background,opacity,transform] active:scale-[0.98] disabled:pointer-events-none select-none',
        disabled ? cx(INACTIVE, variant === 'secondary' && 'border border-border') : variants[variant],
        loading && !disabled && 'opacity-80',
        sizes[size],
        block && 'w-full',
        className,
      )}
      {...rest}
    >
      {loading && <Spinner size={16} />}
      {children}
    </button>
  );
});

export interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  label: string;
  active?: boolean;
}

/** A round icon-only button; `label` is read by screen readers and shown as a tooltip. */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { label, active, className, children, type = 'button', ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      aria-label={label}
      title={label}
      className={cx(
        'tap-44 inline-flex h-10 w-10 items-center justify-center rounded-full transition-colors disabled:opacity-50',
        active ? 'bg-primary-soft text-primary' : 'text-text hover:bg-surface-2',
        className,
      )}
      {...rest}
    >
      {children}
    </button>
  );
});
