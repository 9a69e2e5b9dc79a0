import { GALLERY_COLLECTION_ID } from '@otkrytka/contract/rules/postcards';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from '@/i18n';
import { Link, useNavigate, useParams } from '@/router';
import { Button } from '@/ui/Button';
import { Chip, ChipRow } from '@/ui/Chip';
import { cx } from '@/ui/cx';
import { ImageIcon } from '@/ui/icons';
import { CalendarIcon, ChevronRightIcon, EnvelopeHeartIcon } from '@/ui/icons-more';
import { Page, useDocumentTitle } from '@/ui/Page';
import { LoadingState } from '@/ui/Spinner';
import { EmptyState, ErrorState } from '@/ui/States';
import { localName } from '@/features/categories/names';
import { useGallery, useGalleryChips } from '@/features/gallery/queries';
import { PostcardGrid, PostcardTile } from '@/features/postcards/PostcardTile';
import { type ComingHoliday, daysLeftText, formatDay, localToday, useHoliday } from '../core';
import { openingText, pickingPath, saveIntent } from '../extra';

/** The postcards a holiday page shows; the rest are a tap away in the gallery. */
const SHOWN = 20;

/** /holiday/{id}: a holiday's day and days left, its postcards, and a greeting that opens on it. */
export default function HolidayPage() {
  const { t, i18n } = useTranslation('calendar');
  const { holidayId = '' } = useParams();
  const holiday = useHoliday(holidayId, i18n.language);

  if (holiday.isPending) return <LoadingState text={t('holiday.loading')} />;
  if (holiday.isError) {
    return (
      <Page>
        <ErrorState title={t('holiday.error')} error={holiday.error} onRetry={() => void holiday.refetch()} retryLabel={t('common:retry')} />
      </Page>
    );
  }
  if (!holiday.data) return <HolidayNotFound />;
  return <HolidayView h={holiday.data} />;
}

function HolidayNotFound() {
  const { t } = useTranslation('calendar');
  useDocumentTitle(t('holiday.notFound'));
  return (
    <Page>
      <EmptyState
        heading="h1"
        icon={<CalendarIcon />}
        title={t('holiday.notFound')}
        text={t('holiday.notFoundHint')}
        action={
          <Link to="/gallery" className="inline-flex h-11 items-center rounded-xl bg-primary px-4 font-semibold text-on-primary hover:bg-primary-strong">
            {t('holiday.toGallery')}
          </Link>
        }
      />
    </Page>
  );
}

function HolidayView({ h }: { h: ComingHoliday }) {
  const { t, i18n } = useTranslation('calendar');
  const navigate = useNavigate();
  const lang = i18n.language;
  const today = localToday();
  const thisYear = today.slice(0, 4);
  // a holiday of several days that is on now is greeted today
  const opens = h.isToday ? today : h.date;
  const when = openingText(opens, lang);
  const several = h.end_date !== h.date;
  const [category, setCategory] = useState<number | undefined>(h.category_ids[0]);

  // the gallery, picking a postcard for this day (the holiday's category chosen, when it has one)
  const start = (inCategory = category) => {
    saveIntent({ opens, holidayId: h.id });
    navigate(pickingPath({ opens, holidayId: h.id, category: inCategory }));
  };

  return (
    <Page title={h.name} subtitle={t(`holiday.kinds.${h.kind}`)} wide>
      <section
        className={cx(
          'mb-6 flex flex-col gap-4 rounded-3xl p-5 shadow-card sm:flex-row sm:items-center sm:justify-between sm:p-6',
          h.isToday ? 'border border-primary/40 bg-primary-soft' : 'border border-border/70 bg-surface',
        )}
        data-testid="holiday-hero"
      >
        <div className="flex items-center gap-4">
          <span
            aria-hidden="true"
            className={cx('inline-flex h-14 w-14 shrink-0 items-center justify-center rounded-2xl', h.isToday ? 'bg-primary text-on-primary' : 'bg-primary-soft text-primary')}
          >
            <CalendarIcon size={28} />
          </span>
          <div className="min-w-0">
            <p className="text-xl font-extrabold leading-tight first-letter:uppercase" data-testid="holiday-date">
              {formatDay(h.date, lang, { weekday: !several, thisYear })}
              {several && ` — ${formatDay(h.end_date, lang, { thisYear })}`}
            </p>
            <p className="mt-1 text-sm font-semibold text-primary" data-testid="holiday-days-left">
              {h.isToday && several ? `${t('gallery:coming.today')} · ${t('gallery:days.until', { date: formatDay(h.end_date, lang, { thisYear }) })}` : daysLeftText(t, h.days)}
            </p>
          </div>
        </div>
        <div className="flex flex-col gap-1.5 sm:max-w-xs sm:items-end">
          <Button size="lg" onClick={() => start()} className="w-full whitespace-nowrap sm:w-auto">
            <EnvelopeHeartIcon size={20} />
            {t('holiday.greet')}
          </Button>
          <p className="text-[13px] text-muted sm:text-right">
            {when ? t('holiday.greetHint', { when }) : t('holiday.greetNow')}
          </p>
        </div>
      </section>

      {/* the postcards' texts load with them in a language other than Russian */}
      <Suspense fallback={<LoadingState text={t('holiday.loadingPostcards')} />}>
        <HolidayPostcards h={h} opens={opens} category={category} onCategory={setCategory} toGallery={() => start(undefined)} />
      </Suspense>
    </Page>
  );
}

function HolidayPostcards({
  h,
  opens,
  category,
  onCategory,
  toGallery,
}: {
  h: ComingHoliday;
  opens: string;
  category: number | undefined;
  onCategory: (id: number) => void;
  toGallery: () => void;
}) {
  const { t, i18n } = useTranslation('calendar');
  const chips = useGalleryChips();
  const names = useMemo(() => {
    const all = [...(chips.data?.categories ?? []), ...(chips.data?.groups.flatMap((g) => g.categories) ?? [])];
    return new Map(all.map((c) => [c.id, localName(c, i18n.language)]));
  }, [chips.data, i18n.language]);
  const gallery = useGallery({ sort: 'popular', category });
  const items = gallery.data?.pages[0]?.items.slice(0, SHOWN) ?? [];
  const linkTo = (id: number) => `/mychannels/${GALLERY_COLLECTION_ID}/${id}?category=${category ?? ''}&group=&sort=popular&from=gallery`;
  // a postcard chosen here is for this day: the wizard opens the greeting on it
  const chosen = () => saveIntent({ opens, holidayId: h.id });

  return (
    <section aria-labelledby="holiday-postcards">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="holiday-postcards" className="text-lg font-bold tracking-tight">
          {t('holiday.postcards')}
        </h2>
        {category !== undefined && (
          <Link to={`/gallery?category=${category}`} className="inline-flex items-center gap-0.5 text-sm font-semibold text-primary hover:underline">
            {t('holiday.allInGallery')}
            <ChevronRightIcon size={14} />
          </Link>
        )}
      </div>
      {h.category_ids.length > 1 && (
        <ChipRow label={t('holiday.postcards')} className="mb-3">
          {h.category_ids.map((id) => (
            <Chip key={id} selected={id === category} onClick={() => onCategory(id)}>
              {names.get(id) ?? '…'}
            </Chip>
          ))}
        </ChipRow>
      )}
      {category === undefined ? (
        <NoPostcards toGallery={toGallery} />
      ) : gallery.isPending ? (
        <LoadingState text={t('holiday.loadingPostcards')} />
      ) : gallery.isError ? (
        <ErrorState title={t('holiday.postcardsError')} error={gallery.error} onRetry={() => void gallery.refetch()} retryLabel={t('common:retry')} />
      ) : items.length === 0 ? (
        <NoPostcards toGallery={toGallery} />
      ) : (
        <PostcardGrid size="sm">
          {items.map((p, i) => (
            <div role="listitem" key={p.id} onClickCapture={chosen}>
              <PostcardTile postcard={p} to={linkTo(p.id)} eager={i < 6} />
            </div>
          ))}
        </PostcardGrid>
      )}
    </section>
  );
}

function NoPostcards({ toGallery }: { toGallery: () => void }) {
  const { t } = useTranslation('calendar');
  return (
    <EmptyState
      icon={<ImageIcon />}
      title={t('holiday.noPostcards')}
      text={t('holiday.noPostcardsHint')}
      action={
        <Button variant="secondary" onClick={toGallery}>
          {t('holiday.toGallery')}
        </Button>
      }
    />
  );
}
