import type { ReactNode } from 'react';
import { cx } from './cx';

/** The standard page frame: a title row and content with comfortable mobile padding. */
export function Page({ title, actions, children, className, wide }: { title?: ReactNode; actions?: ReactNode; children: ReactNode; className?: string; wide?: boolean }) {
  return (
    <section className={cx('mx-auto w-full px-4 pb-28 pt-4 md:px-6', wide ? 'max-w-6xl' : 'max-w-3xl', className)}>
      {(title || actions) && (
        <header className="mb-4 flex items-center justify-between gap-3">
          {title && <h1 className="text-2xl font-bold tracking-tight">{title}</h1>}
          {actions && <div className="flex items-center gap-2">{actions}</div>}
        </header>
      )}
      {children}
    </section>
  );
}
