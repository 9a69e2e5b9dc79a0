import type { ButtonHTMLAttributes } from 'react';
import { cx } from './cx';

/** A filter chip; `selected` chips are filled. Use inside a ChipRow. A long name ends with «…». */
export function Chip({ selected, className, children, ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { selected?: boolean }) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      className={cx(
        'inline-flex h-9 max-w-[16rem] shrink-0 items-center gap-1.5 whitespace-nowrap rounded-full border px-3.5 text-sm font-medium transition-colors',
        selected ? 'border-primary bg-primary text-on-primary shadow-card' : 'border-border bg-surface text-text hover:bg-surface-2',
        className,
      )}
      {...rest}
    >
      <span className="min-w-0 truncate">{children}</span>
    </button>
  );
}

/** A horizontally scrolling row of chips that bleeds to the screen edges on phones. */
export function ChipRow({ label, children, className }: { label: string; children: React.ReactNode; className?: string }) {
  return (
    <div role="group" aria-label={label} className={cx('-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] md:-mx-6 md:px-6', className)}>
      {children}
    </div>
  );
}
