import { type MouseEvent, useId } from 'react';
import { useTranslation } from '@/i18n';
import { Link } from '@/router';
import { cx } from '@/ui/cx';
import { useSession } from '@/features/auth/session';
import { type ComingHoliday, daysLeftText, formatDay, localToday, useComingHolidays } from '../coming';

/** The strip's height, kept the same while it loads, fails or shows the holidays (nothing below it jumps). */
const HEIGHT = 'h-[8.5rem]';
const CARD = 'flex h-24 w-40 shrink-0 snap-start flex-col rounded-2xl px-3 py-2.5 shadow-card';

/**
 * «Скоро» at the top of the gallery: the holidays of the next two months, each with how many days
 * are left, today's marked; a tap opens the holiday's page. Signed-in users get a way to their dates.
 */
export function ComingStrip() {
  const { t, i18n } = useTranslation('gallery');
  const { isAuthenticated } = useSession();
  const holidays = useComingHolidays(i18n.language);
  const headingId = useId();
  const list = holidays.data ?? [];
  // a mouse has no sideways swipe: on a wide screen two buttons move the row by most of its width
  const scroll = (e: MouseEvent<HTMLElement>, way: 1 | -1) => {
    const row = e.currentTarget.closest('section')?.querySelector('ul');
    row?.scrollBy({ left: way * row.clientWidth * 0.8, behavior: 'smooth' });
  };

  return (
    <section aria-labelledby={headingId} className={cx('mb-4 flex flex-col', HEIGHT)} data-testid="coming-strip">
      <div className="mb-2 flex h-8 items-center gap-2">
        <h2 id={headingId} className="text-lg font-bold tracking-tight">
          {t('coming.title')}
        </h2>
        <span className="flex-1" />
        {list.length > 0 &&
          ([-1, 1] as const).map((way) => (
            <button
              key={way}
              type="button"
              onClick={(e) => scroll(e, way)}
              aria-label={t(way < 0 ? 'coming.prev' : 'coming.next')}
              title={t(way < 0 ? 'coming.prev' : 'coming.next')}
              className="hidden h-8 w-8 items-center justify-center rounded-full border border-border bg-surface text-muted hover:bg-surface-2 hover:text-text md:inline-flex"
            >
              <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" aria-hidden="true">
                <path d={way < 0 ? 'm14.5 5-7 7 7 7' : 'm9.5 5 7 7-7 7'} />
              </svg>
            </button>
          ))}
        {isAuthenticated && (
          <Link to="/dates" className="tap-44 -mr-1 inline-flex items-center gap-1 rounded-lg px-1 text-sm font-semibold text-primary hover:underline md:ml-2">
            {t('coming.myDates')}
            {/* drawn here: the app's icon sets would make the strip's chunk pull in more chunks */}
            <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" aria-hidden="true">
              <path d="m9.5 5 7 7-7 7" />
            </svg>
          </Link>
        )}
      </div>
      {holidays.isPending ? (
        <div className="-mx-4 flex gap-2 overflow-hidden px-4 md:-mx-6 md:px-6" aria-busy="true" aria-label={t('coming.label')}>
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className={cx(CARD, 'animate-pulse bg-surface-2 shadow-none')} />
          ))}
        </div>
      ) : holidays.isError ? (
        <div role="alert" className="flex h-24 items-center justify-between gap-3 rounded-2xl border border-border bg-surface px-4 text-sm text-muted">
          {t('coming.error')}
          <button type="button" onClick={() => void holidays.refetch()} className="tap-44 shrink-0 rounded-lg px-2 py-1 font-semibold text-primary hover:bg-primary-soft">
            {t('common:retry')}
          </button>
        </div>
      ) : list.length === 0 ? (
        <p className="flex h-24 items-center rounded-2xl border border-dashed border-border px-4 text-sm text-muted">{t('coming.empty')}</p>
      ) : (
        <ul aria-label={t('coming.label')} className="-mx-4 flex snap-x gap-2 overflow-x-auto scroll-px-4 px-4 pb-2 [scrollbar-width:none] md:-mx-6 md:scroll-px-6 md:px-6">
          {list.map((h) => (
            <li key={`${h.id}-${h.date}`} className="shrink-0">
              <HolidayCard h={h} lang={i18n.language} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function HolidayCard({ h, lang }: { h: ComingHoliday; lang: string }) {
  const { t } = useTranslation('gallery');
  const today = localToday();
  const when = daysLeftText(t, h.days);
  return (
    <Link
      to={`/holiday/${encodeURIComponent(h.id)}`}
      className={cx(
        CARD,
        'outline-offset-2 transition-transform active:scale-[0.98]',
        h.isToday ? 'bg-primary text-on-primary' : 'border border-border/70 bg-surface hover:bg-surface-2',
      )}
      data-testid="coming-holiday"
      data-today={h.isToday || undefined}
    >
      <span className={cx('flex items-center gap-1.5 text-xs font-medium', h.isToday ? 'text-on-primary' : 'text-muted')}>
        {h.isToday && <span className="rounded-full bg-on-primary/20 px-1.5 py-px text-[11px] font-bold uppercase tracking-wide">{t('coming.today')}</span>}
        {/* today's says «Сегодня» (and, over several days, until when) instead of its date */}
        <span className="truncate">
          {h.isToday
            ? h.end_date !== today && t('days.until', { date: formatDay(h.end_date, lang, { thisYear: today.slice(0, 4) }) })
            : formatDay(h.date, lang, { thisYear: today.slice(0, 4) })}
        </span>
      </span>
      <span className="mt-1 line-clamp-2 text-sm font-bold leading-snug">{h.name}</span>
      {/* «сегодня» is said by the badge */}
      {!h.isToday && <span className="mt-auto text-xs font-semibold text-primary" data-testid="days-left">{when}</span>}
      {h.isToday && <span className="sr-only">{when}</span>}
    </Link>
  );
}
