import type { Notification } from '@otkrytka/contract';
import { NOTIFICATION_TYPES, type NotificationType } from '@otkrytka/contract/rules/game';
import { AnimatePresence, motion } from 'motion/react';
import { useId, useState } from 'react';
import { useNavigate } from '@/router';
import { useTranslation } from '@/i18n';
import { formatDateTime } from '@/lib/format';
import { errorMessage } from '@/lib/errorMessage';
import { Button, IconButton } from '@/ui/Button';
import { cx } from '@/ui/cx';
import { ConfirmDialog } from '@/ui/Dialogs';
import { LoadingState } from '@/ui/Spinner';
import { EmptyState } from '@/ui/States';
import { useToast } from '@/ui/toast';
import { useNow } from '@/features/game/components/bits';
import {
  NO_FILTERS,
  type NotificationFilters,
  useClearNotifications,
  useDeleteNotification,
  useMarkAllRead,
  useMarkRead,
  useNotifications,
  useTypeCounts,
  useUnreadCount,
} from '../queries';
import { errorDetails } from '../errorDetails';
import { relativeTime } from '../relativeTime';
import { useNotificationText } from '../text';
import { AlertIcon, BellIcon, CheckIcon, GiftIcon, MoonStarIcon, QuestIcon, StarIcon, TrophyIcon } from '@/ui/icons';
import { CalendarIcon, ChatIcon, ChevronRightIcon, ClockIcon, EnvelopeHeartIcon, EyeIcon, MedalIcon, TrashIcon, YinYangIcon } from '@/ui/icons-more';

const TYPE_ICON: Record<NotificationType, typeof BellIcon> = {
  level_up: StarIcon,
  gift: GiftIcon,
  quest: QuestIcon,
  achievement: MedalIcon,
  greeting_received: EnvelopeHeartIcon,
  greeting_opened: EyeIcon,
  greeting_reply: ChatIcon,
  greeting_scheduled_open: ClockIcon,
  date_reminder: CalendarIcon,
  energy_full: YinYangIcon,
  production_complete: MoonStarIcon,
  top_position: TrophyIcon,
  daily_reward: CalendarIcon,
};

function TypeIcon({ type }: { type: NotificationType }) {
  const Icon = TYPE_ICON[type] ?? BellIcon;
  return <Icon size={22} />;
}

/**
 * Where a notification's action leads: a greeting page, a tab of the game hub, or (a date's
 * reminder: `open_wizard`) the gallery picking a postcard for the greeting, by the path it names
 * inside the app.
 */
export function targetOf(action: Notification['actions'][number]): string | null {
  const p = action.action_params ?? {};
  if (action.action_type === 'open_wizard') return typeof p.path === 'string' && /^\/(?![/\\])/.test(p.path) ? p.path : '/gallery';
  if (typeof p.greeting_id === 'string' || typeof p.greeting_id === 'number') return `/greeting/${encodeURIComponent(String(p.greeting_id))}?view=true`;
  if (typeof p.tab === 'string') return `/game-data?tab=${encodeURIComponent(p.tab)}`;
  return null;
}

/**
 * The focus leaves a notification being deleted for the next one's delete button (or the one
 * before), else the panel's heading: it would fall to the page's start with the removed button.
 */
function focusAfterRemoval(button: HTMLElement) {
  const item = button.closest('li');
  const neighbour = [item?.nextElementSibling, item?.previousElementSibling]
    .map((li) => li?.querySelector<HTMLElement>('[data-notification-delete]'))
    .find(Boolean);
  (neighbour ?? document.getElementById(PANEL_HEADING_ID))?.focus();
}
const PANEL_HEADING_ID = 'notifications-heading';

function NotificationItem({ n, now }: { n: Notification; now: number }) {
  const { t, i18n } = useTranslation('notifications');
  const navigate = useNavigate();
  const markRead = useMarkRead();
  const remove = useDeleteNotification();
  const text = useNotificationText()(n);
  const read = () => {
    if (!n.is_read) markRead.mutate(n.id);
  };
  return (
    <motion.li
      layout
      initial={{ opacity: 0, y: -10 }}
      animate={{ opacity: 1, y: 0 }}
      exit={{ opacity: 0, x: 40 }}
      className={cx('relative overflow-hidden rounded-2xl border bg-surface shadow-card', n.is_read ? 'border-border' : 'border-primary/50')}
      data-testid="notification"
      data-read={n.is_read}
    >
      <span className="absolute inset-y-0 left-0 w-1.5" style={{ background: n.color ?? 'var(--primary)' }} aria-hidden="true" />
      <div className="flex gap-3 p-3 pl-4">
        <span
          className="grid h-10 w-10 shrink-0 place-items-center rounded-xl text-primary dark:!bg-surface-2"
          style={{ background: n.bg_color ?? undefined, color: n.color ?? undefined }}
          aria-hidden="true"
        >
          <TypeIcon type={n.type} />
        </span>
        {/* named by what it shows (voice control says what it sees); what a press does is its description */}
        <button type="button" onClick={read} className="min-w-0 flex-1 text-left" aria-describedby={n.is_read ? undefined : `mark-read-${n.id}`}>
          <span className="flex items-start gap-2">
            <span className={cx('min-w-0 break-words', n.is_read ? 'font-semibold' : 'font-bold')}>{text.title}</span>
            {n.is_new && <span className="shrink-0 rounded-full bg-primary px-1.5 py-0.5 text-[10px] font-bold uppercase text-on-primary">{t('new')}</span>}
          </span>
          <span className="mt-0.5 block text-sm text-muted">{text.message}</span>
          <time dateTime={n.created_at} className="mt-1 block text-xs text-muted" title={formatDateTime(n.created_at, i18n.language)}>
            {`${t(`types.${n.type}`)} · ${relativeTime(n.created_at, now, t)}`}
          </time>
        </button>
        {!n.is_read && (
          <span id={`mark-read-${n.id}`} hidden>
            {t('markRead')}
          </span>
        )}
        <IconButton
          // whose: a screen reader's list of buttons is not «Удалить уведомление» over and over
          label={`${t('delete')}: ${text.title}`}
          className="-mr-1 shrink-0 text-muted"
          data-notification-delete
          onClick={(e) => {
            focusAfterRemoval(e.currentTarget);
            remove.mutate(n.id);
          }}
        >
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </IconButton>
      </div>
      {n.actions.length > 0 && (
        <div className="flex flex-wrap gap-2 px-4 pb-3">
          {n.actions.map((a) => {
            const to = targetOf(a);
            return (
              <Button
                key={`${a.action_type}-${a.label}`}
                size="sm"
                variant={a.is_primary ? 'primary' : 'secondary'}
                onClick={() => {
                  read();
                  if (to) void navigate(to);
                }}
              >
                {text.actionLabel(a)}
              </Button>
            );
          })}
        </div>
      )}
    </motion.li>
  );
}

function Filters({ value, onChange, counts }: { value: NotificationFilters; onChange: (f: NotificationFilters) => void; counts?: Record<string, number> }) {
  const { t } = useTranslation('notifications');
  const id = useId();
  const field = 'h-10 w-full rounded-xl border border-border bg-surface px-3 text-sm';
  // on a phone the four filters would fill the first screen: they fold behind one button there
  const active = [value.read !== 'all', value.type !== '', value.dateFrom !== '', value.dateTo !== ''].filter(Boolean).length;
  const [open, setOpen] = useState(active > 0);
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-filters`}
        onClick={() => setOpen((o) => !o)}
        className="mb-3 inline-flex h-10 items-center gap-2 rounded-xl border border-border bg-surface px-3.5 text-sm font-semibold md:hidden"
      >
        {t('filters.label')}
        {active > 0 && <span className="rounded-full bg-primary px-1.5 text-xs text-on-primary">{active}</span>}
        <ChevronRightIcon size={16} className={cx('transition-transform', open ? '-rotate-90' : 'rotate-90')} />
      </button>
      <fieldset id={`${id}-filters`} className={cx('mb-3 grid grid-cols-2 gap-2 rounded-2xl border border-border bg-surface p-3 md:grid-cols-4', !open && 'max-md:hidden')}>
        <legend className="sr-only">{t('filters.label')}</legend>
        <label className="text-xs text-muted" htmlFor={`${id}-r`}>
          {t('filters.read')}
          <select id={`${id}-r`} className={field} value={value.read} onChange={(e) => onChange({ ...value, read: e.target.value as NotificationFilters['read'] })}>
            <option value="all">{t('filters.all')}</option>
            <option value="unread">{t('filters.unreadOnly')}</option>
            <option value="read">{t('filters.readOnly')}</option>
          </select>
        </label>
        <label className="text-xs text-muted" htmlFor={`${id}-t`}>
          {t('filters.type')}
          <select id={`${id}-t`} className={field} value={value.type} onChange={(e) => onChange({ ...value, type: e.target.value as NotificationType | '' })} data-testid="type-filter">
            <option value="">{t('filters.allTypes')}</option>
            {NOTIFICATION_TYPES.map((ty) => (
              <option key={ty} value={ty}>
                {t(`types.${ty}`)}
                {counts?.[ty] ? ` (${counts[ty]})` : ''}
              </option>
            ))}
          </select>
        </label>
        <label className="text-xs text-muted" htmlFor={`${id}-f`}>
          {t('filters.from')}
          <input id={`${id}-f`} type="date" className={field} value={value.dateFrom} max={value.dateTo || undefined} onChange={(e) => onChange({ ...value, dateFrom: e.target.value })} />
        </label>
        <label className="text-xs text-muted" htmlFor={`${id}-to`}>
          {t('filters.to')}
          <input id={`${id}-to`} type="date" className={field} value={value.dateTo} min={value.dateFrom || undefined} onChange={(e) => onChange({ ...value, dateTo: e.target.value })} />
        </label>
      </fieldset>
    </>
  );
}

/** The notifications list with filters, pages, read/delete actions and live updates. */
export function NotificationsPanel() {
  const { t } = useTranslation('notifications');
  const toast = useToast();
  const [filters, setFilters] = useState<NotificationFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const list = useNotifications(filters, page);
  const counts = useTypeCounts();
  const unread = useUnreadCount();
  const markAll = useMarkAllRead();
  const clear = useClearNotifications();
  const [confirmClear, setConfirmClear] = useState(false);
  const now = useNow(30_000);
  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);
  // changing a filter starts again from page 1
  const changeFilters = (f: NotificationFilters) => {
    setFilters(f);
    setPage(1);
  };

  if (list.isError) {
    return (
      <div role="alert" className="mx-auto max-w-md rounded-3xl border border-danger/40 bg-surface p-6 text-center">
        <AlertIcon size={40} className="mx-auto text-danger" />
        <h2 className="mt-2 text-lg font-bold">{t('loadError')}</h2>
        <details className="mt-3 text-left text-xs text-muted">
          <summary className="cursor-pointer">{t('details')}</summary>
          <pre className="mt-2 overflow-auto whitespace-pre-wrap rounded-xl bg-surface-2 p-2">
            {errorDetails(list.error)}
          </pre>
        </details>
        <Button className="mt-4" variant="secondary" onClick={() => void list.refetch()}>
          {t('common:retry')}
        </Button>
      </div>
    );
  }

  return (
    <section aria-label={t('title')}>
      <header className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={PANEL_HEADING_ID} tabIndex={-1} className="flex items-center gap-2 text-lg font-bold outline-none">
          <BellIcon className="text-primary" />
          {t('title')}
          <span className={cx('rounded-full px-2 py-0.5 text-xs font-bold', unread ? 'bg-danger text-on-danger' : 'bg-surface-3 text-muted')} data-testid="unread-in-panel">
            {t('unread', { count: unread })}
          </span>
        </h2>
        <div className="flex gap-2">
          <Button size="sm" variant="secondary" disabled={unread === 0} loading={markAll.isPending} onClick={() => markAll.mutate()}>
            <CheckIcon size={16} />
            {t('markAll')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={!list.data?.total}
            onClick={() => setConfirmClear(true)}
          >
            <TrashIcon size={16} />
            {t('clear')}
          </Button>
        </div>
      </header>
      <ConfirmDialog
        open={confirmClear}
        title={t('clearConfirm')}
        confirmLabel={t('clear')}
        cancelLabel={t('common:cancel')}
        danger
        loading={clear.isPending}
        onConfirm={() =>
          clear.mutate(undefined, {
            onSuccess: () => setConfirmClear(false),
            onError: (e) => {
              setConfirmClear(false);
              toast(errorMessage(e, t('loadError')), 'error');
            },
          })
        }
        onClose={() => setConfirmClear(false)}
      />
      <Filters value={filters} onChange={changeFilters} counts={counts.data?.counts} />
      {list.isPending ? (
        <LoadingState text={t('common:loading')} />
      ) : list.data.notifications.length === 0 ? (
        <EmptyState
          icon={<BellIcon />}
          title={filtered ? t('emptyFiltered') : t('empty')}
          action={
            filtered ? (
              <Button variant="secondary" onClick={() => changeFilters(NO_FILTERS)}>
                {t('resetFilters')}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <>
          <ul className={cx('space-y-2 transition-opacity', list.isPlaceholderData && 'opacity-60')}>
            <AnimatePresence initial={false}>
              {list.data.notifications.map((n) => (
                <NotificationItem key={n.id} n={n} now={now} />
              ))}
            </AnimatePresence>
          </ul>
          {(page > 1 || list.data.hasMore) && (
            <nav className="mt-3 flex items-center justify-between" aria-label={t('page', { page })}>
              <Button size="sm" variant="secondary" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
                ← {t('prev')}
              </Button>
              <span className="text-sm text-muted">{t('page', { page })}</span>
              <Button size="sm" variant="secondary" disabled={!list.data.hasMore} onClick={() => setPage((p) => p + 1)}>
                {t('next')} →
              </Button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
