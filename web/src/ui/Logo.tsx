import { useId } from 'react';
import { cx } from './cx';

/** The brand mark: a postcard with a heart, in the brand gradient. */
export function LogoMark({ size = 32, className }: { size?: number; className?: string }) {
  const id = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" className={cx('shrink-0', className)}>
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f77fa0" />
          <stop offset="0.5" stopColor="#e2466f" />
          <stop offset="1" stopColor="#8b5cf6" />
        </linearGradient>
      </defs>
      <rect x="4" y="9" width="56" height="46" rx="14" fill={`url(#${id})`} />
      <path d="M14 21l18 12.5L50 21" fill="none" stroke="#fff" strokeOpacity="0.9" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M32 48c-6.5-4.2-10.5-7.4-10.5-11.4a5.2 5.2 0 0 1 10.5-1.1 5.2 5.2 0 0 1 10.5 1.1c0 4-4 7.2-10.5 11.4z" fill="#fff" />
    </svg>
  );
}

/** Mark and name side by side. */
export function Logo({ name, size = 30, className, nameClassName }: { name: string; size?: number; className?: string; nameClassName?: string }) {
  return (
    <span className={cx('inline-flex items-center gap-2', className)}>
      <LogoMark size={size} />
      <span className={cx('text-[19px] font-extrabold tracking-tight', nameClassName)}>{name}</span>
    </span>
  );
}
