import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from '@/router';
import { useTranslation } from '@/i18n';
import { cx } from '@/ui/cx';
import { IconButton } from '@/ui/Button';
import { Page } from '@/ui/Page';
import { useTabs } from '@/ui/tabs';
import { LoadingState } from '@/ui/Spinner';
import { EmptyState, ErrorState } from '@/ui/States';
import { ModerationCardTile } from '../components/ModerationCardTile';
import { ModeratorGate } from '../components/ModeratorGate';
import { RandomModeration } from '../components/RandomModeration';
import { ReportedList } from '../components/ReportedList';
import { ReportedContributions } from '../components/ReportedContributions';
import { REPORTED_CONTRIBUTIONS } from '../contributions';
import { useModerationQueue, useModerationStats, useRandomPending, useReportedPostcards } from '../queries';
import { CheckIcon } from '@/ui/icons';

type Mode = 'list' | 'random' | 'reports' | 'notes';
/** The state /moderator/{id} comes back with after a decision made by keyboard: it goes on to the next card. */
export const AFTER_DECISION = { afterDecision: true } as const;
const MODES: Mode[] = ['list', 'random', 'reports', 'notes'];

/** /moderator: list and random modes plus the reports view. */
export default function ModeratorPage() {
  return (
    <ModeratorGate message="accessDenied">
      <ModeratorPanel />
    </ModeratorGate>
  );
}

function ModeratorPanel() {
  const { t } = useTranslation(['moderation', 'groups']);
  const [mode, setMode] = useState<Mode>('list');
  const [exclude, setExclude] = useState<number | null>(null);
  const stats = useModerationStats(true);
  const queue = useModerationQueue(mode === 'list');
  const random = useRandomPending(mode === 'random', exclude);
  const reported = useReportedPostcards(mode === 'reports');
  const tabs = useTabs(MODES, mode, setMode, 'moderation-');
  const qc = useQueryClient();
  const queueList = useRef<HTMLUListElement>(null);
  const location = useLocation();
  const focusNext = useRef((location.state as typeof AFTER_DECISION | null)?.afterDecision === true);
  // back from a decision: once the queue is current again, its first card's «Модерировать» takes the focus
  useEffect(() => {
    if (!focusNext.current || mode !== 'list' || queue.isFetching || !queue.data) return;
    focusNext.current = false;
    queueList.current?.querySelector<HTMLElement>('[data-testid="moderation-card"] a')?.focus();
  }, [mode, queue.isFetching, queue.data]);

  const refreshing = stats.isFetching || (mode === 'list' ? queue.isFetching : mode === 'random' ? random.isFetching : reported.isFetching);
  const refresh = () => {
    void stats.refetch();
    if (mode === 'list') void queue.refetch();
    if (mode === 'reports') void reported.refetch();
    if (mode === 'notes') void qc.invalidateQueries({ queryKey: REPORTED_CONTRIBUTIONS });
    if (mode === 'random') {
      const current = random.data?.postcard?.id ?? null;
      if (current !== null && current !== exclude) setExclude(current);
      else void random.refetch();
    }
  };

  const counters = [
    ['onModeration', stats.data?.on_moderation],
    ['positive', stats.data?.with_positive_votes],
    ['negative', stats.data?.with_negative_votes],
    ['reported', stats.data?.reported],
  ] as const;

  return (
    <Page
      title={t('title')}
      wide
      actions={
        <IconButton label={t('refresh')} onClick={refresh} disabled={refreshing} className="border border-border bg-surface">
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" className={cx(refreshing && 'animate-spin')}>
            <path d="M20 12a8 8 0 1 1-2.34-5.66M20 4v5h-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </IconButton>
      }
    >
      {/* on a phone random mode leaves the counters out, so the postcard's buttons fit on the screen */}
      <dl className={cx('mb-4 grid grid-cols-2 gap-2 sm:grid-cols-4', mode === 'random' && 'max-md:hidden')} data-testid="moderation-stats">
        {counters.map(([key, value]) => (
          <div key={key} className="flex flex-col rounded-2xl border border-border bg-surface p-3 shadow-card">
            <dt className="text-xs leading-tight text-muted">{t(`stats.${key}`)}</dt>
            {/* values on one line across the row, however the labels wrap */}
            <dd className="mt-auto pt-1 text-2xl font-bold tabular-nums" data-stat={key}>
              {value ?? '—'}
            </dd>
          </div>
        ))}
      </dl>

      <div {...tabs.list} aria-label={t('modes.label')} className="mb-4 inline-flex max-w-full overflow-x-auto rounded-2xl bg-surface-2 p-1">
        {MODES.map((m) => (
          <button
            key={m}
            {...tabs.tab(m)}
            className={cx(
              'h-9 shrink-0 whitespace-nowrap rounded-xl px-3 text-sm font-semibold transition-colors xs:px-4',
              mode === m ? 'bg-surface text-text shadow-card' : 'text-muted hover:text-text',
            )}
          >
            {m === 'notes' ? t('groups:moderation.tab') : t(`modes.${m}`)}
          </button>
        ))}
      </div>

      <div {...tabs.panel}>
        {mode === 'list' &&
          (queue.isPending ? (
            <LoadingState text={t('loading')} />
          ) : queue.isError ? (
            <ErrorState title={t('loadError')} error={queue.error} onRetry={() => void queue.refetch()} retryLabel={t('retry', { ns: 'common' })} />
          ) : queue.data.items.length === 0 ? (
            <EmptyState icon={<CheckIcon />} title={t('emptyQueue')} text={t('emptyQueueText')} />
          ) : (
            <>
              <ul ref={queueList} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5" data-testid="moderation-queue">
                {queue.data.items.map((card) => (
                  <ModerationCardTile key={card.id} card={card} />
                ))}
              </ul>
              {/* the list is the spec's first 9: say so when more are waiting */}
              {queue.data.total > queue.data.items.length && (
                <p className="mt-3 text-sm text-muted" data-testid="moderation-queue-more">
                  {t('queueMore', { shown: queue.data.items.length, total: queue.data.total })}
                </p>
              )}
            </>
          ))}
        {mode === 'random' && <RandomModeration query={random} />}
        {mode === 'reports' && <ReportedList />}
        {mode === 'notes' && <ReportedContributions />}
      </div>
    </Page>
  );
}
