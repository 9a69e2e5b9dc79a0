import type { ProductionCard, QueueItem } from '@otkrytka/contract';
import type { ResourceType } from '@otkrytka/contract/rules/game';
import { AnimatePresence, motion } from 'motion/react';
import { Link } from '@/router';
import { type TFunction, useTranslation } from '@/i18n';
import { compactNumber } from '@/lib/format';
import { Button } from '@/ui/Button';
import { cx } from '@/ui/cx';
import { LoadingState } from '@/ui/Spinner';
import { ErrorState } from '@/ui/States';
import { useToast } from '@/ui/toast';
import { haptic } from '@/telegram';
import { useCompleteProduction, useProductionCards, useProductionQueue, useProductionResources, useStartProduction, useUpgradeCard } from '../productionQueries';
import { useCatalog } from '../catalog';
import { useGameSummary } from '../queries';
import { formatDuration, Panel, ProgressBar, statusOf, useNow } from './bits';
import { BoltIcon, LockIcon, MoonIcon, SunIcon } from '@/ui/icons';
import { ArrowUpIcon, ClockIcon, CloverIcon, CrystalBallIcon, DocumentIcon, DoveIcon, HourglassIcon, MuscleIcon, PaletteIcon, SmileIcon, SparkleIcon, YinYangIcon } from '@/ui/icons-more';

const CARD_ICON: Record<string, typeof DocumentIcon> = { wisdom: DocumentIcon, strength: MuscleIcon, magic: CrystalBallIcon, luck: CloverIcon, peace: DoveIcon, creativity: PaletteIcon };
const RESOURCE_ICON: Record<string, typeof DocumentIcon> = { joy: SmileIcon, wisdom: DocumentIcon, power: BoltIcon, harmony: YinYangIcon, transcendence: SparkleIcon };
/** The icon of a card or resource type; a type this build does not know gets a sparkle. */
const Glyph = ({ of, type, size }: { of: Record<string, typeof DocumentIcon>; type: string; size: number }) => {
  const Icon = of[type] ?? SparkleIcon;
  return <Icon size={size} />;
};

/** The production load errors, by cause. */
function loadErrorText(e: unknown, t: TFunction<'game'>): string {
  const status = statusOf(e);
  if (status === 401 || (e instanceof Error && /credentials/i.test(e.message))) return t('production.authRequired');
  if (status >= 500) return t('production.serverError');
  return t('production.loadError');
}

function QueueRow({ item, serverOffset }: { item: QueueItem; serverOffset: number }) {
  const { t } = useTranslation('game');
  const toast = useToast();
  const complete = useCompleteProduction();
  const name = useCatalog().cardName(item.card_type, item.card_name);
  const now = useNow(1000) + serverOffset;
  const start = Date.parse(item.started_at);
  const ready = Date.parse(item.ready_at);
  const left = Math.max(0, Math.ceil((ready - now) / 1000));
  const progress = ready > start ? Math.min(100, ((now - start) / (ready - start)) * 100) : 100;
  const done = left <= 0;
  return (
    <motion.li layout initial={{ opacity: 0, x: -12 }} animate={{ opacity: 1, x: 0 }} exit={{ opacity: 0, scale: 0.9 }} className="rounded-2xl bg-surface-2 p-3">
      <div className="mb-2 flex items-center gap-2">
        <span aria-hidden="true" className="text-primary">
          <Glyph of={CARD_ICON} type={item.card_type} size={22} />
        </span>
        <span className="font-semibold">{name}</span>
        <span className="ml-auto inline-flex items-center gap-1 text-sm font-bold">
          +{item.quantity} <Glyph of={RESOURCE_ICON} type={item.resource_type} size={16} />
        </span>
      </div>
      <ProgressBar value={Math.round(progress)} label={name} color={done ? 'bg-success' : 'bg-accent'} />
      <div className="mt-2 flex items-center justify-between gap-2 text-sm">
        <span className={cx('tabular-nums', done ? 'font-bold text-success-ink' : 'text-muted')}>{done ? t('production.ready') : t('production.left', { time: formatDuration(left, t) })}</span>
        <Button
          size="sm"
          disabled={!done}
          loading={complete.isPending}
          onClick={() =>
            complete.mutate(item.id, {
              onSuccess: (r) => {
                haptic('success');
                toast(t('production.collected', { quantity: r.quantity, resource: t(`resources.${r.resource_type}`) }), 'success');
              },
              onError: () => toast(t('production.completeError'), 'error'),
            })
          }
        >
          {t('production.collect')}
        </Button>
      </div>
    </motion.li>
  );
}

/** What a paid run still needs and how to get it: yang from the spin, yin by waiting. */
function ShortOfEnergy({ missing }: { missing: ProductionCard['missing'] }) {
  const { t } = useTranslation('game');
  const what = [missing.yang > 0 && t('production.needYang', { count: missing.yang }), missing.yin > 0 && t('production.needYin', { count: missing.yin })].filter(Boolean).join(', ');
  return (
    <div className="rounded-xl bg-surface-2 px-2.5 py-2 text-xs" data-testid="energy-needed">
      <p className="font-semibold">{t('production.needMore', { what })}</p>
      {missing.yang > 0 && <p className="mt-1 text-muted">{t('production.howYang')}</p>}
      {missing.yin > 0 && <p className="mt-1 text-muted">{t('production.howYin')}</p>}
      {missing.yang > 0 && (
        <Link to="/game-data?tab=resources" className="mt-1.5 inline-flex font-semibold text-primary underline-offset-4 hover:underline">
          {t('production.toSpin')} →
        </Link>
      )}
    </div>
  );
}

function CardTile({ card, playerLevel, queueLimit }: { card: ProductionCard; playerLevel: number; queueLimit: number }) {
  const { t } = useTranslation('game');
  const toast = useToast();
  const start = useStartProduction();
  const upgrade = useUpgradeCard();
  const text = useCatalog().card(card);
  const locked = playerLevel < card.unlock_level;
  const why = (code: ProductionCard['reason_code'] | ProductionCard['upgrade_reason_code'], fallback: string | null) =>
    code
      ? t(`production.reasons.${code}`, {
          level: card.unlock_level,
          limit: queueLimit,
          resource: card.upgrade_cost ? t(`resources.${card.upgrade_cost.resource_type}`) : '',
          defaultValue: fallback ?? '',
        })
      : null;
  const reason = why(card.reason_code, card.reason);
  const short = card.reason_code === 'no_yang' || card.reason_code === 'no_yin';
  const upgradeReason = why(card.upgrade_reason_code, card.upgrade_reason);
  return (
    <li className={cx('flex flex-col gap-2 rounded-3xl border bg-surface p-4 shadow-card', card.can_produce ? 'border-primary/40' : 'border-border', locked && 'border-dashed')} data-testid={`card-${card.card_type}`}>
      <div className="flex items-center gap-2">
        <span className="grid h-11 w-11 place-items-center rounded-2xl bg-surface-2 text-primary" aria-hidden="true">
          {locked ? <LockIcon size={24} /> : <Glyph of={CARD_ICON} type={card.card_type} size={24} />}
        </span>
        <div className="min-w-0">
          <h3 className="font-bold leading-tight">{text.name}</h3>
          <span className="text-xs text-muted">{t('production.level', { level: card.level, max: card.max_level })}</span>
        </div>
      </div>
      <p className="text-sm text-muted">{text.description}</p>
      <div className="flex flex-wrap gap-1.5 text-xs font-semibold">
        {/* the icons alone say which energy: screen readers get the word as well */}
        <span className="inline-flex items-center gap-1 rounded-full bg-yang/20 px-2 py-0.5" title={t('energy.yang')}>
          <SunIcon size={13} /> <span className="sr-only">{t('energy.yang')}</span>
          {card.yang_cost}
        </span>
        <span className="inline-flex items-center gap-1 rounded-full bg-yin/20 px-2 py-0.5" title={t('energy.yin')}>
          <MoonIcon size={13} /> <span className="sr-only">{t('energy.yin')}</span>
          {card.yin_cost}
        </span>
        <span className="inline-flex items-center gap-1 rounded-full bg-surface-2 px-2 py-0.5">
          <ClockIcon size={13} /> {formatDuration(card.production_time, t)}
        </span>
        <span className="rounded-full bg-success/15 px-2 py-0.5 text-success-ink">
          {t('production.output', { quantity: card.output.quantity, resource: t(`resources.${card.output.resource_type}`) })}
        </span>
      </div>
      {card.free_run && (
        <p className="rounded-xl bg-success/15 px-2.5 py-1.5 text-xs font-semibold text-success-ink" data-testid="free-run">
          {t('production.freeRun')}
        </p>
      )}
      {reason && <p className="text-xs font-semibold text-danger">{reason}</p>}
      {short && <ShortOfEnergy missing={card.missing} />}
      {/* on a narrow phone «Запустить бесплатно» takes the row and «Улучшить» goes below it */}
      <div className="mt-auto flex flex-wrap gap-2">
        <Button
          size="sm"
          className="flex-1 whitespace-nowrap"
          disabled={!card.can_produce}
          loading={start.isPending}
          onClick={() =>
            start.mutate(card.card_type, {
              onSuccess: () => {
                haptic('medium');
                toast(t('production.started', { name: text.name }), 'success');
              },
              onError: () => toast(t('production.startError'), 'error'),
            })
          }
        >
          <span aria-hidden="true">▶</span> {t(card.free_run ? 'production.startFree' : 'production.start')}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          className="grow whitespace-nowrap"
          disabled={!card.can_upgrade}
          loading={upgrade.isPending}
          title={upgradeReason ?? undefined}
          onClick={() =>
            upgrade.mutate(card.card_type, {
              onSuccess: (r) => {
                haptic('success');
                toast(t('production.upgraded', { name: text.name, level: r.card.level }), 'success');
              },
              onError: () => toast(t('production.upgradeError'), 'error'),
            })
          }
        >
          <ArrowUpIcon size={16} />
          {t('production.upgrade')}
        </Button>
      </div>
      <p className="text-[11px] text-muted">
        {card.upgrade_cost
          ? t('production.upgradeCost', { amount: card.upgrade_cost.amount, resource: t(`resources.${card.upgrade_cost.resource_type}`) })
          : t('production.maxLevel')}
      </p>
    </li>
  );
}

export function ProductionTab() {
  const { t, i18n } = useTranslation('game');
  const cards = useProductionCards();
  const queue = useProductionQueue();
  const resources = useProductionResources();
  const summary = useGameSummary();
  const failed = cards.error ?? queue.error ?? resources.error;
  if (failed)
    return (
      <ErrorState
        title={loadErrorText(failed, t)}
        error={failed}
        retryLabel={t('common:retry')}
        onRetry={() => {
          void cards.refetch();
          void queue.refetch();
          void resources.refetch();
        }}
      />
    );
  if (!cards.data || !queue.data || !resources.data) return <LoadingState text={t('common:loading')} />;
  // the queue's times are the server's; this offset keeps the local countdown on its clock
  const serverOffset = Date.parse(queue.data.server_time) - queue.dataUpdatedAt;
  const lang = i18n.language;
  return (
    <div className="space-y-4">
      <Panel icon={<MoonIcon />} title={t('production.resources')} aside={t('production.refreshHint')}>
        <div className="mb-2 grid grid-cols-2 gap-2">
          <div className="rounded-2xl bg-yang/15 px-3 py-2">
            <div className="flex items-center gap-1.5 text-xl font-black tabular-nums">
              <SunIcon size={18} /> {compactNumber(resources.data.yang_energy, lang)}
            </div>
            <div className="text-[11px] uppercase tracking-wide text-text/80">{t('energy.yang')}</div>
          </div>
          <div className="rounded-2xl bg-yin/15 px-3 py-2">
            <div className="flex items-center gap-1.5 text-xl font-black tabular-nums">
              <MoonIcon size={18} /> {compactNumber(resources.data.yin_energy, lang)}
            </div>
            <div className="text-[11px] uppercase tracking-wide text-text/80">{t('energy.yin')}</div>
          </div>
        </div>
        <ul className="grid grid-cols-3 gap-1.5 sm:grid-cols-5">
          {(Object.entries(resources.data.resources) as [ResourceType, number][]).map(([k, v]) => (
            <li key={k} className="flex flex-col items-center rounded-2xl bg-surface-2 px-1 py-2 text-center" data-testid={`resource-${k}`} title={t(`resources.${k}`)}>
              <span aria-hidden="true" className="text-primary">
                <Glyph of={RESOURCE_ICON} type={k} size={20} />
              </span>
              <span className="mt-1 text-base font-black tabular-nums leading-tight">{compactNumber(v, lang)}</span>
              <span className="w-full hyphens-auto break-words text-[10px] leading-tight text-muted [hyphenate-limit-chars:8_4_4]">{t(`resources.${k}`)}</span>
            </li>
          ))}
        </ul>
      </Panel>
      <Panel icon={<HourglassIcon />} title={t('production.queue')} aside={`${queue.data.queue.length}/${cards.data.queue_limit}`}>
        {queue.data.queue.length === 0 ? (
          <p className="py-4 text-center text-sm text-muted">{t('production.queueEmpty')}</p>
        ) : (
          <ul className="grid gap-2 md:grid-cols-3">
            <AnimatePresence>
              {queue.data.queue.map((item) => (
                <QueueRow key={item.id} item={item} serverOffset={serverOffset} />
              ))}
            </AnimatePresence>
          </ul>
        )}
      </Panel>
      <section aria-label={t('production.cards')}>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {cards.data.cards.map((c) => (
            <CardTile key={c.card_type} card={c} playerLevel={summary.data?.level ?? 1} queueLimit={cards.data.queue_limit} />
          ))}
        </ul>
      </section>
    </div>
  );
}
