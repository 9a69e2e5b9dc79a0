import { useTranslation } from '@/i18n';
import { Link } from '@/router';
import { CalendarIcon } from '@/ui/icons-more';
import { useComingHolidays } from '../core';

/**
 * A small mark of today's holiday (the first, when there are several), leading to its page; nothing
 * on other days. On a phone only its icon, beside the page's title (its name is its label and tooltip).
 */
export function TodayHolidayMark() {
  const { t, i18n } = useTranslation('calendar');
  const today = useComingHolidays(i18n.language).data?.find((h) => h.isToday);
  if (!today) return null;
  const label = t('todayMark', { name: today.name });
  return (
    <Link
      to={`/holiday/${encodeURIComponent(today.id)}`}
      title={label}
      aria-label={label}
      className="tap-44 inline-flex h-8 max-w-[16rem] animate-fade-in items-center gap-1.5 rounded-full bg-primary-soft px-2 text-[13px] font-semibold text-primary hover:bg-primary/15 sm:px-3"
      data-testid="today-holiday"
    >
      <CalendarIcon size={15} className="shrink-0" />
      <span className="hidden truncate sm:inline">{today.name}</span>
    </Link>
  );
}
