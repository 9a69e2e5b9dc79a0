import { useTranslation } from '@/i18n';
import { errorMessage } from '@/lib/errorMessage';
import { Button } from '@/ui/Button';
import { cx } from '@/ui/cx';
import { useToast } from '@/ui/toast';
import { haptic } from '@/telegram';
import { useClaimDailyReward, useDailyReward } from '../queries';
import { formatDuration, Panel, useNow } from './bits';
import { CheckIcon, GiftIcon } from '@/ui/icons';
import { GemIcon } from '@/ui/icons-more';

export function DailyRewardCard() {
  const { t } = useTranslation('game');
  const toast = useToast();
  const daily = useDailyReward();
  const claim = useClaimDailyReward();
  const now = useNow(1000);
  const d = daily.data;
  if (!d) return null;
  const left = Math.max(0, d.timeLeft - Math.floor((now - daily.dataUpdatedAt) / 1000));
  return (
    <Panel title={t('daily.title')} aside={d.streak > 0 ? t('daily.streak', { count: d.streak }) : undefined}>
      <ol className="mb-3 grid grid-cols-7 gap-1.5">
        {d.week.map((w) => {
          const done = w.day <= d.streak && (!d.available || w.day < d.next_day);
          const next = d.available && w.day === d.next_day;
          return (
            <li
              key={w.day}
              className={cx(
                'flex flex-col items-center rounded-xl border px-0.5 py-1.5 text-center text-[11px] leading-tight',
                next ? 'border-primary bg-primary-soft font-bold text-primary-strong' : done ? 'border-transparent bg-success/15 text-success-ink' : 'border-border bg-surface-2 text-muted',
              )}
            >
              <span className="whitespace-nowrap text-[10px] sm:text-[11px]">{t('daily.day', { day: w.day })}</span>
              <span className="text-sm font-black tabular-nums text-text">{done ? <CheckIcon size={16} className="mx-auto" /> : w.energy}</span>
              {w.gems > 0 && <GemIcon size={13} className="mx-auto text-primary" />}
            </li>
          );
        })}
      </ol>
      {d.available ? (
        <>
          {/* the coins come with the yang the day strip shows */}
          {d.reward.coins > 0 && <p className="mb-2 text-center text-sm text-muted">{t('daily.today', { energy: d.reward.energy, coins: d.reward.coins })}</p>}
          <div className="relative">
            <span className="pointer-events-none absolute -inset-1 animate-pulse rounded-2xl bg-primary/25" aria-hidden="true" />
            <Button
              block
              className="relative"
              loading={claim.isPending}
              onClick={() =>
                claim.mutate(undefined, {
                  onSuccess: (r) => {
                    haptic('success');
                    toast(t('daily.claimed', { energy: r.reward.energy, coins: r.reward.coins }), 'success');
                  },
                  onError: (e) => toast(errorMessage(e, t('daily.error')), 'error'),
                })
              }
            >
              <GiftIcon size={18} />
              {t('daily.claim')} · +{d.reward.energy}
            </Button>
          </div>
        </>
      ) : (
        <p className="text-center text-sm text-muted">{t('daily.next', { time: formatDuration(left, t) })}</p>
      )}
    </Panel>
  );
}
