import { TOP_PLAYERS } from '@otkrytka/contract/rules/game';
import { motion } from 'motion/react';
import { useState } from 'react';
import { useTranslation } from '@/i18n';
import { compactNumber } from '@/lib/format';
import { cx } from '@/ui/cx';
import { LoadingState } from '@/ui/Spinner';
import { EmptyState, ErrorState } from '@/ui/States';
import { useSession } from '@/features/auth/session';
import { useCatalog } from '../catalog';
import { useGameBarData, useLevelInfo, useTopPlayers } from '../queries';
import { Panel, ProgressBar } from './bits';
import { BoltIcon, StarIcon, TrophyIcon } from '@/ui/icons';
import { SparkleIcon } from '@/ui/icons-more';

/** Rank colour bands: up to 100, 101–200, 201–300, 301 and beyond. */
export function rankBand(rank: number | null): { badge: string; text: string } {
  if (rank === null) return { badge: 'bg-surface-3 text-muted', text: 'text-muted' };
  const [gold, silver, bronze] = TOP_PLAYERS.bands;
  if (rank <= gold) return { badge: 'bg-[#f5c542] text-[#3b2a00]', text: 'text-[#8a6508] dark:text-[#f5c542]' };
  if (rank <= silver) return { badge: 'bg-[#cbd5e1] text-[#1e293b]', text: 'text-[#64748b] dark:text-[#cbd5e1]' };
  if (rank <= bronze) return { badge: 'bg-[#d08b5b] text-[#2b1305]', text: 'text-[#a0522d] dark:text-[#e0a47a]' };
  return { badge: 'bg-surface-3 text-text', text: 'text-text' };
}

function LevelCard() {
  const { t, i18n } = useTranslation('game');
  const q = useLevelInfo();
  const catalog = useCatalog();
  if (q.isPending) return <LoadingState text={t('common:loading')} />;
  if (q.isError) return <ErrorState title={t('level.loadError')} error={q.error} onRetry={() => void q.refetch()} retryLabel={t('common:retry')} />;
  const l = q.data;
  const r = 46;
  const c = 2 * Math.PI * r;
  const lang = i18n.language;
  return (
    <Panel icon={<StarIcon />} title={t('level.title')}>
      <div className="flex items-center gap-4">
        <div className="relative grid h-28 w-28 shrink-0 place-items-center">
          <svg viewBox="0 0 100 100" className="absolute inset-0 -rotate-90" aria-hidden="true">
            <circle cx="50" cy="50" r={r} fill="none" stroke="var(--surface-3)" strokeWidth="8" />
            <motion.circle
              cx="50"
              cy="50"
              r={r}
              fill="none"
              stroke="var(--primary)"
              strokeWidth="8"
              strokeLinecap="round"
              strokeDasharray={c}
              initial={{ strokeDashoffset: c }}
              animate={{ strokeDashoffset: c * (1 - l.progress_percent / 100) }}
              transition={{ duration: 1, ease: 'easeOut' }}
            />
          </svg>
          <div className="text-center">
            <div className="text-4xl font-black leading-none" data-testid="level-value">
              {l.current_level}
            </div>
            <div className="text-[11px] uppercase tracking-wide text-muted">{t('level.level', { level: '' }).trim()}</div>
          </div>
        </div>
        <div className="min-w-0 flex-1 space-y-2">
          <div className="text-sm font-semibold tabular-nums">{t('level.exp', { current: compactNumber(l.current_exp, lang), total: compactNumber(l.level_exp, lang) })}</div>
          <ProgressBar value={l.current_exp} max={Math.max(1, l.level_exp)} label={t('level.level', { level: l.current_level })} />
          <div className="text-sm text-muted">
            {l.next_level_rewards ? t('level.toNext', { level: l.current_level + 1, exp: compactNumber(l.exp_to_next, lang) }) : t('level.max')}
          </div>
          <div className="text-xs text-muted">{t('level.yinCap', { cap: l.yin_cap })}</div>
        </div>
      </div>
      {l.next_level_rewards && (
        <div className="mt-4 rounded-2xl bg-surface-2 p-3">
          <div className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted">{t('level.nextRewards')}</div>
          <div className="flex flex-wrap gap-2 text-sm font-bold">
            <span className="rounded-full bg-yang/20 px-2.5 py-1">{t('level.energyReward', { energy: l.next_level_rewards.energy })}</span>
            <span className="rounded-full bg-accent-soft px-2.5 py-1">{t('level.gemsReward', { gems: l.next_level_rewards.gems })}</span>
          </div>
          <p className="mt-2 text-sm text-muted">{catalog.levelReward(l.current_level + 1, l.next_level_rewards)}</p>
        </div>
      )}
    </Panel>
  );
}

export function TopPlayers() {
  const { t, i18n } = useTranslation('game');
  const { user } = useSession();
  const [page, setPage] = useState(0);
  const q = useTopPlayers(page * TOP_PLAYERS.pageSize);
  // my own row shows the energy the top bar shows (refilled yin included), not the ranking's copy
  const myEnergy = useGameBarData().energy;
  const lang = i18n.language;
  if (q.isPending) return <LoadingState text={t('common:loading')} />;
  if (q.isError) return <ErrorState title={t('top.loadError')} error={q.error} onRetry={() => void q.refetch()} retryLabel={t('common:retry')} />;
  const d = q.data;
  const pages = Math.min(TOP_PLAYERS.maxPages, Math.max(1, Math.ceil(d.total / TOP_PLAYERS.pageSize)));
  const mine = rankBand(d.me.rank);
  return (
    <Panel
      icon={<TrophyIcon />}
      title={t('top.title')}
      aside={<span className={cx('font-bold', mine.text)}>{d.me.rank ? t('top.myRank', { rank: d.me.rank }) : t('top.unranked')}</span>}
    >
      <p className="-mt-1 mb-2 text-xs text-muted">{t('top.byExperience')}</p>
      {d.players.length === 0 ? (
        <EmptyState icon={<TrophyIcon />} title={t('top.empty')} />
      ) : (
        <ol className={cx('space-y-1.5 transition-opacity', q.isPlaceholderData && 'opacity-60')}>
          {d.players.map((p) => {
            const band = rankBand(p.rank);
            const me = p.id === user?.id;
            const energy = me && myEnergy !== null ? myEnergy : p.energy;
            return (
              <li key={p.id} className={cx('flex items-center gap-3 rounded-2xl px-2 py-1.5', me ? 'bg-primary-soft ring-1 ring-primary' : 'bg-surface-2')}>
                <span className={cx('grid h-8 w-8 shrink-0 place-items-center rounded-full text-sm font-black tabular-nums', band.badge)}>{p.rank}</span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-semibold">{me ? t('top.you') : (p.name ?? t('top.player', { id: p.id }))}</span>
                  {/* the place comes from experience: shown, so the order explains itself */}
                  <span className="block truncate text-xs text-muted" data-testid="top-player-progress">
                    {t('top.progress', { level: p.level, experience: compactNumber(p.experience, lang) })}
                  </span>
                </span>
                <span
                  className="inline-flex shrink-0 items-center gap-0.5 text-sm font-bold tabular-nums"
                  aria-label={t('top.energyLabel', { energy: compactNumber(energy, lang) })}
                  title={t('top.energyLabel', { energy: compactNumber(energy, lang) })}
                >
                  <BoltIcon size={15} className="text-yang" aria-hidden />
                  {compactNumber(energy, lang)}
                </span>
              </li>
            );
          })}
        </ol>
      )}
      {pages > 1 && (
        <nav aria-label={t('top.pages')} className="mt-3 flex justify-center gap-1.5">
          {Array.from({ length: pages }, (_, i) => (
            <button
              key={i}
              type="button"
              aria-label={t('top.page', { page: i + 1 })}
              aria-current={i === page ? 'page' : undefined}
              onClick={() => setPage(i)}
              className={cx('h-9 w-9 rounded-full text-sm font-bold', i === page ? 'bg-primary text-on-primary' : 'bg-surface-2 hover:bg-surface-3')}
            >
              {i + 1}
            </button>
          ))}
        </nav>
      )}
    </Panel>
  );
}

/** How experience is earned, straight from the server's rules. */
function ExpRules() {
  const { t } = useTranslation('game');
  const rules = useLevelInfo().data?.exp_rules;
  if (!rules?.length) return null;
  return (
    <Panel icon={<SparkleIcon />} title={t('level.howToTitle')}>
      <ul className="grid grid-cols-1 gap-1.5 text-sm">
        {rules.map((r) => (
          <li key={r.action} className="flex items-center gap-3 rounded-xl bg-surface-2 px-3 py-1.5" data-testid={`exp-rule-${r.action}`}>
            {/* the label wraps (never cut off); the daily limit sits under it */}
            <span className="min-w-0 flex-1 break-words">
              <span className="block">{t(`level.actions.${r.action}`, { defaultValue: r.action })}</span>
              {r.daily_limit !== null && <span className="block text-xs text-muted">{t('level.dailyLimit', { limit: r.daily_limit })}</span>}
            </span>
            <span className="shrink-0 text-right font-bold tabular-nums text-primary-strong">
              {r.per > 1 ? t('level.expPer', { exp: r.exp, per: r.per }) : t('level.expEach', { exp: r.exp })}
            </span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

export function LevelTab() {
  return (
    // grid-cols-1 (minmax(0, 1fr)) keeps the column at the screen's width whatever its content
    <div className="grid grid-cols-1 items-start gap-4 md:grid-cols-2">
      <div className="grid min-w-0 grid-cols-1 gap-4">
        <LevelCard />
        <ExpRules />
      </div>
      <TopPlayers />
    </div>
  );
}
