import { cx } from '@/ui/cx';

/** Wizard progress: one dot per step, the current one stretched. */
export function ProgressDots({ count, current, label }: { count: number; current: number; label: string }) {
  return (
    <div className="flex items-center justify-center gap-2" role="progressbar" aria-valuemin={1} aria-valuemax={count} aria-valuenow={current + 1} aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <span
          key={i}
          className={cx(
            'h-2 rounded-full transition-all duration-300',
            i === current ? 'w-6 bg-primary' : i < current ? 'w-2 bg-primary/60' : 'w-2 bg-surface-3',
          )}
        />
      ))}
    </div>
  );
}
