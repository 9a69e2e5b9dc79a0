import { useRef } from 'react';
import { cx } from './cx';
import { CloseIcon } from './icons';
import { SearchIcon } from './icons-more';

/**
 * A search box with a magnifier; its label is read to screen readers and shown as the placeholder.
 * With text in it, a clear button (named `clearLabel`) empties it and gives the focus back: the
 * browser's own one is hidden, since it ignores the theme (a blue ✕ in Chrome and Safari).
 */
export function SearchField({
  label,
  clearLabel,
  value,
  onChange,
  className,
}: {
  label: string;
  clearLabel: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className={cx('relative', className)}>
      <label className="block">
        <span className="sr-only">{label}</span>
        <SearchIcon size={18} strokeWidth={2} className="pointer-events-none absolute left-3.5 top-1/2 -translate-y-1/2 text-muted" />
        <input
          ref={input}
          type="search"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={label}
          className={cx(
            'h-11 w-full rounded-xl border border-border bg-surface pl-10 text-[15px] outline-none focus:border-primary focus:ring-2 focus:ring-primary/20',
            '[&::-webkit-search-cancel-button]:hidden [&::-webkit-search-cancel-button]:appearance-none [&::-webkit-search-decoration]:appearance-none',
            value ? 'pr-11' : 'pr-3',
          )}
        />
      </label>
      {value && (
        <button
          type="button"
          aria-label={clearLabel}
          title={clearLabel}
          onClick={() => {
            onChange('');
            input.current?.focus();
          }}
          className="tap-44 absolute right-1.5 top-1/2 inline-flex h-8 w-8 -translate-y-1/2 items-center justify-center rounded-full text-muted transition-colors hover:bg-primary-soft hover:text-primary focus-visible:text-primary"
        >
          <CloseIcon size={16} strokeWidth={2.2} />
        </button>
      )}
    </div>
  );
}
