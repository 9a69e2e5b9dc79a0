import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { useTranslation } from '@/i18n';
import { Button } from '@/ui/Button';
import { cx } from '@/ui/cx';
import { LoadingState } from '@/ui/Spinner';
import { EmptyState, ErrorState, MoreFailed } from '@/ui/States';
import { dayLabel, groupByDay } from '../grouping';
import { EnvelopeHeartIcon } from '@/ui/icons-more';

interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

/**
 * A greetings list grouped by day ('Сегодня', 'Вчера' or a long date), with loading, error and empty
 * states and "show more" for the next page.
 */
export function GreetingList<T extends { id: number | string }>({
  query,
  dateOf,
  renderRow,
  errorText,
  empty,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  dateOf: (item: T) => string;
  renderRow: (item: T) => ReactNode;
  errorText: string;
  empty: { title: string; text: string; action?: ReactNode };
}) {
  const { t, i18n } = useTranslation('greetings');
  if (query.isLoading) return <LoadingState text={t('lists.loading')} />;
  if (query.isError && !query.data) return <ErrorState title={errorText} error={query.error} onRetry={() => void query.refetch()} retryLabel={t('lists.retry')} />;
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  if (items.length === 0) return <EmptyState icon={<EnvelopeHeartIcon />} title={empty.title} text={empty.text} action={empty.action} />;
  const labels = { today: t('lists.today'), yesterday: t('lists.yesterday') };
  return (
    <div className="flex flex-col gap-6">
      {groupByDay(items, dateOf).map((group) => (
        <section key={group.day} aria-labelledby={`day-${group.day}`}>
          <h2 id={`day-${group.day}`} className="sticky top-0 z-10 -mx-1 mb-2 bg-bg/90 px-1 py-1.5 text-sm font-bold uppercase tracking-wide text-muted backdrop-blur">
            {dayLabel(group.day, i18n.language, labels)}
          </h2>
          <ul className="flex flex-col gap-2">
            {group.items.map((item) => (
              <li key={item.id}>{renderRow(item)}</li>
            ))}
          </ul>
        </section>
      ))}
      {query.isFetchNextPageError && !query.isFetchingNextPage ? (
        <MoreFailed error={query.error} onRetry={() => void query.fetchNextPage()} />
      ) : (
        query.hasNextPage && (
          <Button variant="secondary" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage} className="self-center">
            {t('lists.loadMore')}
          </Button>
        )
      )}
    </div>
  );
}

/**
 * One row: a tappable body and a few icon actions — beside it from 640 px, below it on phones so the
 * texts keep the whole width.
 */
export function GreetingRow({ onOpen, openHint, children, actions }: { onOpen: () => void; openHint: string; children: ReactNode; actions?: ReactNode }) {
  const hintId = useId();
  return (
    <div className="rounded-2xl border border-border bg-surface p-2 shadow-card transition hover:border-primary/40">
      <div className="flex items-center gap-1">
        {/* named by what it shows (voice control says what it sees); what a press does is its description */}
        <button type="button" onClick={onOpen} aria-describedby={hintId} className="flex min-w-0 flex-1 items-center gap-3 rounded-xl p-1 text-left">
          {children}
        </button>
        <span id={hintId} hidden>
          {openHint}
        </span>
        {actions && <div className="hidden shrink-0 items-center sm:flex">{actions}</div>}
      </div>
      {actions && <div className="mt-1 flex items-center justify-end gap-1 border-t border-border pt-1 sm:hidden">{actions}</div>}
    </div>
  );
}

/**
 * An icon button of a greeting's row. Its name says whose greeting it acts on («Удалить: Маме»), so
 * a screen reader's list of buttons does not read «Удалить» five times over.
 */
export function RowAction({ label, subject, onClick, danger, children }: { label: string; subject: string; onClick: () => void; danger?: boolean; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={`${label}: ${subject}`}
      title={label}
      className={cx(
        'tap-44 flex h-10 w-10 items-center justify-center rounded-full transition-colors',
        danger ? 'text-muted hover:bg-danger/10 hover:text-danger' : 'text-muted hover:bg-surface-2 hover:text-text',
      )}
    >
      {children}
    </button>
  );
}

export function Badge({ children, tone = 'muted' }: { children: ReactNode; tone?: 'muted' | 'yang' | 'success' }) {
  return (
    <span
      className={cx(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold',
        tone === 'muted' && 'bg-surface-2 text-muted',
        tone === 'yang' && 'bg-yang/15 text-yang-ink',
        tone === 'success' && 'bg-success/15 text-success-ink',
      )}
    >
      {children}
    </span>
  );
}
