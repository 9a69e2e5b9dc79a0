import { type ReactNode, useEffect } from 'react';
import { useTranslation } from '../i18n';
import { cx } from './cx';

export interface PageProps {
  title?: ReactNode;
  /** a line under the title */
  subtitle?: ReactNode;
  /** buttons at the end of the title row */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  /** a wider content column (grids) */
  wide?: boolean;
}

/** The standard page frame: a title row and content with comfortable mobile padding. */
export function Page({ title, subtitle, actions, children, className, wide }: PageProps) {
  useDocumentTitle(typeof title === 'string' ? title : undefined);
  return (
    <section className={cx('mx-auto w-full animate-fade-in px-4 pb-28 pt-4 md:px-6', wide ? 'max-w-6xl' : 'max-w-3xl', className)}>
      {(title || actions) && (
        // a title that would break beside its actions keeps its line, and the actions go below it
        <header className="mb-4 flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
          <div className="min-w-0">
            {title && <h1 className="text-[26px] font-extrabold leading-tight tracking-tight">{title}</h1>}
            {subtitle && <p className="mt-1 text-[15px] text-muted">{subtitle}</p>}
          </div>
          {actions && <div className="flex shrink-0 items-center gap-2">{actions}</div>}
        </header>
      )}
      {children}
    </section>
  );
}

/** The browser tab (and what a screen reader announces on navigation) names the page: «Жалобы — Открытка». */
export function useDocumentTitle(title: string | undefined) {
  const { t } = useTranslation('common');
  const appName = t('appName');
  useEffect(() => {
    if (!title) return;
    const before = document.title;
    document.title = `${title} — ${appName}`;
    return () => {
      document.title = before;
    };
  }, [title, appName]);
}
