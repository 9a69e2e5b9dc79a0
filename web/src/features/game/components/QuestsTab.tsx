import type { Quest } from '@otkrytka/contract';
import { motion } from 'motion/react';
import { useEffect } from 'react';
import { useTranslation } from '@/i18n';
import { errorMessage } from '@/lib/errorMessage';
import { Button } from '@/ui/Button';
import { cx } from '@/ui/cx';
import { LoadingState } from '@/ui/Spinner';
import { EmptyState, ErrorState } from '@/ui/States';
import { useToast } from '@/ui/toast';
import { haptic } from '@/telegram';
import { useCatalog } from '../catalog';
import { useClaimQuest, useQuests } from '../queries';
import { formatDuration, ProgressBar, useNow } from './bits';
import { BoltIcon, GiftIcon, QuestIcon } from '@/ui/icons';
import { GemIcon, HourglassIcon } from '@/ui/icons-more';
import { confetti } from '@/ui/confetti';

const DIFFICULTY_TONE = { easy: 'bg-success/15 text-success-ink', medium: 'bg-warning/15 text-warning-ink', hard: 'bg-danger/15 text-danger-ink' } as const;
const STATUS_TONE = {
  available: 'bg-surface-3 text-muted',
  in_progress: 'bg-accent-soft text-accent-strong',
  completed: 'bg-success/15 text-success-ink',
  expired: 'bg-surface-3 text-muted line-through',
} as const;

function QuestCard({ q }: { q: Quest }) {
  const { t } = useTranslation('game');
  const toast = useToast();
  const claim = useClaimQuest();
  const text = useCatalog().quest(q);
  const claimable = q.status === 'completed' && !q.claimed;
  return (
    <motion.li layout initial={{ opacity: 0, y: 8 }} animate={{ opacity: 1, y: 0 }} className={cx('rounded-3xl border bg-surface p-4 shadow-card', claimable ? 'border-success' : 'border-border', q.status === 'expired' && 'opacity-70')}>
      <div className="flex items-start gap-3">
        <span className="grid h-12 w-12 shrink-0 place-items-center rounded-2xl bg-surface-2 text-2xl" aria-hidden="true">
          {q.icon}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-1.5">
            <h3 className="font-bold">{text.title}</h3>
            <span className={cx('rounded-full px-2 py-0.5 text-[11px] font-semibold', DIFFICULTY_TONE[q.difficulty])}>{t(`quests.difficulty.${q.difficulty}`)}</span>
            <span className={cx('rounded-full px-2 py-0.5 text-[11px] font-semibold', STATUS_TONE[q.status])}>
              {q.claimed ? t('quests.status.claimed') : t(`quests.status.${q.status}`)}
            </span>
          </div>
          <p className="text-sm text-muted">{text.description}</p>
        </div>
      </div>
      <div className="mt-3 flex items-center gap-3">
        <ProgressBar value={q.progress} max={q.maxProgress} label={text.title} color={q.status === 'completed' ? 'bg-success' : 'bg-accent'} />
        <span className="shrink-0 text-sm font-bold tabular-nums">{t('quests.progress', { progress: q.progress, max: q.maxProgress })}</span>
      </div>
      <div className="mt-3 flex items-center justify-between gap-2">
        <div className="text-sm">
          <span className="text-muted">{t('quests.reward')}: </span>
          <span className="font-bold">
            +{q.reward.energy} <BoltIcon size={14} className="inline-block align-[-2px]" />
            <span className="sr-only">{t('energy.yang')}</span>
          </span>
          {q.reward.gems > 0 && (
            <span className="font-bold">
              {" "}+{q.reward.gems} <GemIcon size={14} className="inline-block align-[-2px]" />
              <span className="sr-only">{t('hub.gems')}</span>
            </span>
          )}
        </div>
        {claimable && (
          <Button
            size="sm"
            loading={claim.isPending}
            onClick={() =>
              claim.mutate(q.id, {
                onSuccess: (r) => {
                  haptic('success');
                  toast(t(r.reward.gems > 0 ? 'quests.claimedGems' : 'quests.claimed', { energy: r.reward.energy, gems: r.reward.gems }), 'success');
                  void confetti({ particles: 60, spread: 60, origin: { y: 0.8 } });
                },
                onError: (e) => toast(errorMessage(e, t('quests.claimError')), 'error'),
              })
            }
          >
            <GiftIcon size={18} />
            {t('quests.claim')}
          </Button>
        )}
      </div>
      <details className="mt-2 text-sm">
        <summary className="-my-2 cursor-pointer py-3 text-muted">
          {t('quests.details')}
          <span className="sr-only">: {text.title}</span>
        </summary>
        <p className="mt-1">{text.fullDescription}</p>
      </details>
    </motion.li>
  );
}

export function QuestsTab() {
  const { t } = useTranslation('game');
  const q = useQuests();
  const now = useNow(1000);
  const left = q.data ? Math.max(0, q.data.timeLeft - Math.floor((now - q.dataUpdatedAt) / 1000)) : 1;
  const resetReached = left === 0;
  const { refetch } = q;
  // the daily reset: fetch the new day's quests
  useEffect(() => {
    if (resetReached) void refetch();
  }, [resetReached, refetch]);
  if (q.isPending) return <LoadingState text={t('common:loading')} />;
  if (q.isError) return <ErrorState title={t('quests.loadError')} error={q.error} onRetry={() => void q.refetch()} retryLabel={t('common:retry')} />;
  return (
    <section aria-labelledby="quests-title">
      <header className="mb-3 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id="quests-title" className="flex items-center gap-2 text-lg font-bold">
          <QuestIcon className="text-primary" />
          {t('quests.title')}
        </h2>
        <span className="inline-flex items-center gap-1 text-sm tabular-nums text-muted">
          <HourglassIcon size={15} /> {t('quests.resetIn', { time: formatDuration(left, t) })}
        </span>
      </header>
      {q.data.quests.length === 0 ? (
        <EmptyState icon={<QuestIcon />} title={t('quests.empty')} />
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {q.data.quests.map((x) => (
            <QuestCard key={x.id} q={x} />
          ))}
        </ul>
      )}
    </section>
  );
}
