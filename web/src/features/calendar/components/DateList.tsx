import type { PersonDate } from '@otkrytka/contract';
import { useTranslation } from '@/i18n';
import { Button, IconButton } from '@/ui/Button';
import { cx } from '@/ui/cx';
import { GiftIcon } from '@/ui/icons';
import { PencilIcon, TrashIcon } from '@/ui/icons-more';
import { daysLeftText, formatDay, localToday, remindersText, turnsText } from '../core';

/**
 * My dates, the nearest first (the server's order): whose, what, when it comes next and how far
 * off, how old they turn, the reminders; to greet, edit or delete each.
 */
export function DateList({
  dates,
  onGreet,
  onEdit,
  onDelete,
}: {
  dates: PersonDate[];
  onGreet: (d: PersonDate) => void;
  onEdit: (d: PersonDate) => void;
  onDelete: (d: PersonDate, button: HTMLElement) => void;
}) {
  const { t } = useTranslation('calendar');
  return (
    <ul aria-label={t('dates.list')} className="flex flex-col gap-3" data-testid="date-list">
      {dates.map((d) => (
        <DateItem key={d.id} d={d} onGreet={onGreet} onEdit={onEdit} onDelete={onDelete} />
      ))}
    </ul>
  );
}

function DateItem({
  d,
  onGreet,
  onEdit,
  onDelete,
}: {
  d: PersonDate;
  onGreet: (d: PersonDate) => void;
  onEdit: (d: PersonDate) => void;
  onDelete: (d: PersonDate, button: HTMLElement) => void;
}) {
  const { t, i18n } = useTranslation('calendar');
  const today = d.days_until === 0;
  const soon = d.days_until <= 7;
  const turns = turnsText(t, d);
  const initial = [...d.person_name.trim()][0]?.toLocaleUpperCase() ?? '·';
  const facts = [t(`dates.kinds.${d.kind}`), formatDay(d.next_date, i18n.language, { thisYear: localToday().slice(0, 4) }), turns].filter(Boolean).join(' · ');
  return (
    <li
      className={cx('rounded-3xl border bg-surface p-4 shadow-card sm:p-5', today ? 'border-primary/60' : 'border-border/70')}
      data-testid="date-item"
      data-date-id={d.id}
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className={cx('inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-2xl text-lg font-extrabold', today ? 'bg-primary text-on-primary' : 'bg-primary-soft text-primary')}
        >
          {initial}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <h3 className="min-w-0 break-words text-base font-bold leading-snug">{d.person_name}</h3>
            <span
              className={cx(
                'shrink-0 rounded-full px-2.5 py-0.5 text-xs font-bold',
                today ? 'bg-primary text-on-primary' : soon ? 'bg-accent-soft text-accent-strong' : 'bg-surface-2 text-muted',
              )}
              data-testid="date-days-left"
            >
              {daysLeftText(t, d.days_until)}
            </span>
          </div>
          <p className="mt-0.5 text-sm text-muted first-letter:uppercase" data-testid="date-facts">
            {facts}
          </p>
          <p className="mt-1 text-[13px] text-muted">{remindersText(t, d)}</p>
          {d.note && <p className="mt-1.5 line-clamp-3 break-words text-sm italic">{d.note}</p>}
        </div>
      </div>
      <div className="mt-3 flex items-center gap-1 border-t border-border/60 pt-3">
        <Button size="sm" variant={today || soon ? 'primary' : 'secondary'} onClick={() => onGreet(d)} aria-label={t('dates.greetLabel', { name: d.person_name })}>
          <GiftIcon size={16} />
          {t('dates.greet')}
        </Button>
        <span className="flex-1" />
        <IconButton label={t('dates.editLabel', { name: d.person_name })} onClick={() => onEdit(d)} className="text-muted">
          <PencilIcon size={19} />
        </IconButton>
        <IconButton label={t('dates.deleteLabel', { name: d.person_name })} onClick={(e) => onDelete(d, e.currentTarget)} className="text-muted hover:text-danger" data-date-delete>
          <TrashIcon size={19} />
        </IconButton>
      </div>
    </li>
  );
}
