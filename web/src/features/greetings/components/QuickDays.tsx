import { useMemo } from 'react';
import { useTranslation } from '@/i18n';
import { Chip, ChipRow } from '@/ui/Chip';
import { addDays, COMING_DAYS, formatDay, localToday, useComingHolidays } from '@/features/calendar/core';
import { openingValue, useDates } from '@/features/calendar/extra';

/** At most this many days offered: the nearest. */
const MAX = 10;

/**
 * One-tap days for a scheduled greeting: the holidays coming up and the user's own dates (the
 * next two months), each opening at 09:00 on its day. Days whose moment has passed are left out.
 */
export function QuickDays({ value, onPick }: { value: string; onPick: (value: string) => void }) {
  const { t, i18n } = useTranslation('calendar');
  const lang = i18n.language;
  const holidays = useComingHolidays(lang);
  const dates = useDates();
  const days = useMemo(() => {
    const today = localToday();
    const thisYear = today.slice(0, 4);
    const horizon = addDays(today, COMING_DAYS);
    const all = [
      ...(dates.data ?? [])
        // the user's dates as far ahead as the holidays (a birthday in ten months is not coming up)
        .filter((d) => d.next_date <= horizon)
        .map((d) => ({ key: `d${d.id}`, day: d.next_date, name: d.person_name })),
      ...(holidays.data ?? []).map((h) => ({ key: `h${h.id}`, day: h.isToday ? today : h.date, name: h.name })),
    ];
    return all
      .map((x) => ({ ...x, value: openingValue(x.day) }))
      .filter((x): x is typeof x & { value: string } => x.value !== null)
      .sort((a, b) => a.day.localeCompare(b.day))
      .slice(0, MAX)
      .map((x) => ({ ...x, label: `${x.name} · ${formatDay(x.day, lang, { thisYear })}` }));
  }, [holidays.data, dates.data, lang]);

  if (days.length === 0) return null;
  return (
    <div className="flex flex-col gap-1.5" data-testid="quick-days">
      <span className="text-xs font-semibold text-muted">{t('wizard.quick')}</span>
      <ChipRow label={t('wizard.quick')} className="!mx-0 !px-0 sm:flex-wrap">
        {days.map((d) => (
          <Chip key={d.key} selected={d.value === value} onClick={() => onPick(d.value)} className="h-8 text-[13px]" title={d.label}>
            {d.label}
          </Chip>
        ))}
      </ChipRow>
    </div>
  );
}
