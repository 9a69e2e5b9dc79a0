import { motion } from 'motion/react';
import { useTranslation } from '@/i18n';
import { formatDate } from '@/lib/format';
import { cx } from '@/ui/cx';
import { LoadingState } from '@/ui/Spinner';
import { ErrorState } from '@/ui/States';
import { useCatalog } from '../catalog';
import { useAchievements } from '../queries';
import { Panel, ProgressBar } from './bits';
import { MedalIcon } from '@/ui/icons-more';

export function AchievementsTab() {
  const { t, i18n } = useTranslation('game');
  const q = useAchievements();
  const catalog = useCatalog();
  if (q.isPending) return <LoadingState text={t('common:loading')} />;
  if (q.isError) return <ErrorState title={t('achievements.loadError')} error={q.error} onRetry={() => void q.refetch()} retryLabel={t('common:retry')} />;
  const d = q.data;
  return (
    <Panel icon={<MedalIcon />} title={t('achievements.title')} aside={t('achievements.summary', { unlocked: d.unlocked, total: d.total })}>
      <ProgressBar value={d.unlocked} max={d.total} label={t('achievements.summary', { unlocked: d.unlocked, total: d.total })} className="mb-4" color="bg-accent" />
      <ul className="grid grid-cols-2 gap-2.5 md:grid-cols-3">
        {d.achievements.map((a, i) => {
          const text = catalog.achievement(a);
          return (
            <motion.li
              key={a.id}
              initial={{ opacity: 0, scale: 0.95 }}
              animate={{ opacity: 1, scale: 1 }}
              transition={{ delay: i * 0.02 }}
              className={cx('flex flex-col gap-1.5 rounded-2xl border p-3', a.unlocked ? 'border-accent bg-accent-soft' : 'border-border bg-surface-2')}
            >
              <span className={cx('text-3xl', !a.unlocked && 'opacity-40 grayscale')} aria-hidden="true">
                {a.icon}
              </span>
              <h3 className="text-sm font-bold leading-tight">{text.title}</h3>
              <p className="text-xs text-muted">{text.description}</p>
              {a.unlocked ? (
                <p className="mt-auto text-xs font-semibold text-accent-strong">{t('achievements.unlockedAt', { date: formatDate(a.unlocked_at!, i18n.language) })}</p>
              ) : (
                <div className="mt-auto space-y-1">
                  <ProgressBar value={a.progress} max={a.maxProgress} label={text.title} className="h-1.5" color="bg-accent" />
                  <p className="text-[11px] tabular-nums text-muted">
                    {a.progress} / {a.maxProgress}
                  </p>
                </div>
              )}
              <p className="text-[11px] text-muted">{t('achievements.reward', { coins: a.reward.coins, gems: a.reward.gems })}</p>
            </motion.li>
          );
        })}
      </ul>
    </Panel>
  );
}
