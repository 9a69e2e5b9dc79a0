import type { Notification } from '@otkrytka/contract';
import { useQueryClient } from '@tanstack/react-query';
import { AnimatePresence, motion } from 'motion/react';
import { lazy, Suspense, useEffect } from 'react';
import { useSearchParams } from '@/router';
import { telegramSdk } from '@/telegram';
import { useTranslation } from '@/i18n';
import { compactNumber } from '@/lib/format';
import { IconButton } from '@/ui/Button';
import { cx } from '@/ui/cx';
import { Page } from '@/ui/Page';
import { useToast } from '@/ui/toast';
import { useTabs } from '@/ui/tabs';
import { NotificationsPanel } from '@/features/notifications/components/NotificationsPanel';
import { TodayHolidayMark } from '@/features/calendar/components/TodayHolidayMark';
import { levelUpJustShown } from '../levelUpShown';
import { NOTIFICATION_EVENT, useUnreadCount } from '@/features/notifications/queries';
import { useNotificationText } from '@/features/notifications/text';
import { productionKeys } from '../productionQueries';
import { gameKeys, refreshGameData, useGameBarData, useGameSummary } from '../queries';
import { AchievementsTab } from '../components/AchievementsTab';
import { LevelTab } from '../components/LevelTab';
import { ProductionTab } from '../components/ProductionTab';
import { QuestsTab } from '../components/QuestsTab';
import { ResourcesTab } from '../components/ResourcesTab';
import { BellIcon, BoltIcon, MoonIcon, MoonStarIcon, QuestIcon, StarIcon, SunIcon } from '@/ui/icons';
import { CoinIcon, GemIcon, MedalIcon } from '@/ui/icons-more';

/** The energy packs sold for Stars, inside Telegram only (nothing is loaded elsewhere), loaded apart from the hub. */
const StarsShop = lazy(() => import('@/features/stars/StarsShop'));

/** The hub's tabs in their fixed order; `resources` by default. */
export const HUB_TABS = ['resources', 'quests', 'achievements', 'notifications', 'level', 'production'] as const;
export type HubTab = (typeof HUB_TABS)[number];
const ICON: Record<HubTab, typeof BoltIcon> = { resources: BoltIcon, quests: QuestIcon, achievements: MedalIcon, notifications: BellIcon, level: StarIcon, production: MoonStarIcon };

function TabIcon({ tab }: { tab: HubTab }) {
  const Icon = ICON[tab];
  return <Icon size={17} className="relative" />;
}

export const tabOf = (v: string | null): HubTab => (HUB_TABS as readonly string[]).includes(v ?? '') ? (v as HubTab) : 'resources';

function Stats() {
  const { t, i18n } = useTranslation('game');
  const bar = useGameBarData();
  const summaryQuery = useGameSummary();
  const summary = summaryQuery.data;
  const lang = i18n.language;
  // «…» while it loads; a dash once it failed (the tab below says so and offers «Повторить»)
  const unknown = summaryQuery.isError ? '—' : '…';
  const n = (v: number | null | undefined) => (v === null || v === undefined ? unknown : compactNumber(v, lang));
  const items = [
    { key: 'level', icon: <StarIcon size={18} />, value: bar.level === null ? unknown : t('hub.level', { level: bar.level }), label: t('hub.experience'), extra: n(summary?.experience) },
    { key: 'yang', icon: <SunIcon size={18} />, value: n(bar.yang), label: t('energy.yang') },
    { key: 'yin', icon: <MoonIcon size={18} />, value: n(bar.yin), label: t('energy.yin') },
    { key: 'coins', icon: <CoinIcon size={18} />, value: n(summary?.coins), label: t('hub.coins') },
    { key: 'gems', icon: <GemIcon size={18} />, value: n(summary?.gems), label: t('hub.gems') },
  ];
  return (
    <ul className="mb-4 grid grid-cols-5 gap-1 min-[400px]:gap-1.5" data-testid="hub-stats">
      {items.map((s) => (
        <li key={s.key} className="flex min-w-0 flex-col items-center rounded-2xl border border-border bg-surface py-2 text-center shadow-card">
          <span aria-hidden="true" className="text-primary">
            {s.icon}
          </span>
          <motion.span key={String(s.value)} initial={{ scale: 1.25 }} animate={{ scale: 1 }} className="mt-1 text-sm font-black tabular-nums leading-tight" data-testid={`stat-${s.key}`}>
            {s.value}
          </motion.span>
          {/* not in capitals: «САМОЦВЕТЫ» is wider than a 360 px phone's tile */}
          <span className="max-w-full truncate text-[10px] tracking-tight text-muted">{s.extra ? t('level.expShort', { exp: s.extra }) : s.label}</span>
        </li>
      ))}
    </ul>
  );
}

export default function GameHubPage() {
  const { t } = useTranslation('game');
  const qc = useQueryClient();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const unread = useUnreadCount();
  const textOf = useNotificationText();

  const select = (next: HubTab) => setParams((p) => ({ ...Object.fromEntries(p), tab: next }), { replace: true });
  const tabs = useTabs(HUB_TABS, tab, select);
  const tabRefs = tabs.refs;

  // keep the selected tab visible in the scrolling tab bar
  useEffect(() => {
    tabRefs.current[tab]?.scrollIntoView?.({ inline: 'center', block: 'nearest' });
  }, [tab, tabRefs]);

  // a live notification shows up as a toast while the hub is open
  useEffect(() => {
    const onNote = (e: Event) => {
      const note = (e as CustomEvent<Notification>).detail;
      if (note.type === 'level_up' && levelUpJustShown()) return;
      // the reward's notice is written by the claim itself, whose own toast already says what came
      if (note.type === 'daily_reward') return;
      toast(t('hub.newNotification', { title: textOf(note).title }), 'info', 4000);
    };
    window.addEventListener(NOTIFICATION_EVENT, onNote);
    return () => window.removeEventListener(NOTIFICATION_EVENT, onNote);
  }, [t, toast, textOf]);


  const refreshAll = () => {
    refreshGameData(qc, 'manual_refresh');
    void qc.invalidateQueries({ queryKey: gameKeys.all });
    void qc.invalidateQueries({ queryKey: productionKeys.all });
    void qc.invalidateQueries({ queryKey: ['notifications'] });
    toast(t('hub.refreshed'), 'info', 1500);
  };

  return (
    <Page
      wide
      title={t('hub.title')}
      actions={
        <>
          <Suspense fallback={null}>
            <TodayHolidayMark />
          </Suspense>
          <IconButton label={t('hub.refresh')} onClick={refreshAll}>
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </IconButton>
        </>
      }
    >
      <Stats />
      <div {...tabs.list} aria-label={t('hub.tabsLabel')} className="-mx-4 -mt-1 mb-4 flex gap-1.5 overflow-x-auto px-4 py-1 [scrollbar-width:none] md:mx-0 md:px-0">
        {HUB_TABS.map((k) => (
          <button
            key={k}
            {...tabs.tab(k)}
            className={cx(
              // 36 px drawn, 44 to a finger (the list's padding keeps that inside its scroll clip)
              'tap-44 flex shrink-0 items-center gap-1.5 rounded-full px-3.5 py-2 text-sm font-semibold transition-colors',
              tab === k ? 'text-on-primary' : 'bg-surface-2 text-text hover:bg-surface-3',
            )}
          >
            {tab === k && <motion.span layoutId="hub-tab" className="absolute inset-0 rounded-full bg-primary shadow-card" transition={{ type: 'spring', stiffness: 420, damping: 34 }} />}
            <TabIcon tab={k} />
            <span className="relative">{t(`hub.tabs.${k}`)}</span>
            {k === 'notifications' && unread > 0 && (
              <span className="relative ml-0.5 min-w-5 rounded-full bg-danger px-1.5 text-center text-[11px] font-bold leading-5 text-on-danger" data-testid="hub-unread">
                {unread > 99 ? '99+' : unread}
              </span>
            )}
          </button>
        ))}
      </div>
      <AnimatePresence mode="wait">
        <motion.div
          key={tab}
          {...tabs.panel}
          initial={{ opacity: 0, y: 10 }}
          animate={{ opacity: 1, y: 0 }}
          exit={{ opacity: 0, y: -6 }}
          transition={{ duration: 0.18 }}
        >
          {tab === 'resources' && <ResourcesTab />}
          {tab === 'resources' && telegramSdk() && <Suspense fallback={null}><StarsShop /></Suspense>}
          {tab === 'quests' && <QuestsTab />}
          {tab === 'achievements' && <AchievementsTab />}
          {tab === 'notifications' && <NotificationsPanel />}
          {tab === 'level' && <LevelTab />}
          {tab === 'production' && <ProductionTab />}
        </motion.div>
      </AnimatePresence>
    </Page>
  );
}
