import { cx } from './cx';
import { SearchIcon } from './icons-more';

/** A search box with a magnifier; its label is read to screen readers and shown as the placeholder. */
export function SearchField({ label, value, onChange, className }: { label: string; value: string; onChange: (value: string) => void; className?: string }) {
  return (
    <label className={cx('relative block', className)}>
      <span className="sr-only">{label}</span>
      <SearchIcon size={18} strokeWidth={2} className="pointer-events-none absolute left-3.5 top-1/2 -translate-y-1/2 text-muted" />
      <input
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={label}
        className="h-11 w-full rounded-xl border border-border bg-surface pl-10 pr-3 text-[15px] outline-none focus:border-primary focus:ring-2 focus:ring-primary/20"
      />
    </label>
  );
}
