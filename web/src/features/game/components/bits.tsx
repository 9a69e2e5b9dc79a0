import { type ReactNode, useEffect, useState } from 'react';
import type { TFunction } from '@/i18n';
import { ApiError } from '@/lib/api';
import { cx } from '@/ui/cx';
import {  } from '@/ui/icons';

/** A rounded panel of the game hub. */
export function Panel({
  icon,
  title,
  aside,
  children,
  className,
}: {
  /** drawn before the title (an icon of `ui/icons`) */
  icon?: ReactNode;
  title?: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={cx('rounded-3xl border border-border bg-surface p-4 shadow-card', className)}>
      {(title || aside) && (
        <header className="mb-3 flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
          {title && (
            <h2 className="flex items-center gap-2 text-lg font-bold">
              {icon && <span className="text-primary">{icon}</span>}
              {title}
            </h2>
          )}
          {aside && <div className="text-sm text-muted">{aside}</div>}
        </header>
      )}
      {children}
    </section>
  );
}

/** A progress bar with an accessible value. */
export function ProgressBar({ value, max = 100, label, className, color = 'bg-primary' }: { value: number; max?: number; label: string; className?: string; color?: string }) {
  const pct = max > 0 ? Math.max(0, Math.min(100, (value / max) * 100)) : 0;
  return (
    <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={max} aria-valuenow={value} className={cx('h-2.5 w-full overflow-hidden rounded-full bg-surface-3', className)}>
      <div className={cx('h-full rounded-full transition-[width] duration-700 ease-out', color)} style={{ width: `${pct}%` }} />
    </div>
  );
}

/** The current time, re-read every `everyMs` (for countdowns). */
export function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}

/** 3725 s → "1 ч 2 мин"; 125 s → "2 мин 5 с"; 9 s → "9 с". */
export function formatDuration(seconds: number, t: TFunction): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h > 0) return t('game:time.hms', { h, m });
  if (m > 0) return s % 60 ? t('game:time.ms', { m, s: s % 60 }) : t('game:time.m', { m });
  return t('game:time.s', { s });
}

/** The HTTP status of a failed request (0 when it never reached the server). */
export const statusOf = (e: unknown) => (e instanceof ApiError ? e.status : 0);

/** A small rounded figure: icon, value, label. */
export function Stat({ icon, value, label, className }: { icon: ReactNode; value: ReactNode; label: string; className?: string }) {
  return (
    <div className={cx('flex min-w-0 items-center gap-2 rounded-2xl bg-surface-2 px-3 py-2', className)}>
      <span aria-hidden="true" className="text-lg leading-none">
        {icon}
      </span>
      <span className="min-w-0">
        <span className="block truncate text-base font-bold tabular-nums leading-tight">{value}</span>
        <span className="block truncate text-[11px] uppercase tracking-wide text-muted">{label}</span>
      </span>
    </div>
  );
}
