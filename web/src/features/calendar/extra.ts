import type { CreatePersonDateBody, PersonDate, UpdatePersonDateBody } from '@otkrytka/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CACHE } from '@/app/query';
import { api } from '@/lib/api';
import { useSession } from '@/features/auth/session';
import { settingsKeys, settingsQuery } from '@/features/settings/queries';
import type { TFunction } from '@/i18n';
import { formatMoment, localInputToIso, scheduleProblem } from '@/features/greetings/tracking';
import { calendarKeys, dayAt } from './core';

/*
 * The calendar beyond the gallery's strip, in one module (one chunk for the pages that use it):
 * my dates and their reminders' time zone, the calendar feed, time zones by name, and a greeting
 * started for a day.
 */

/** My dates, the nearest first (signed-in users). */
export function useDates(enabled = true) {
  const { isAuthenticated } = useSession();
  return useQuery({
    queryKey: calendarKeys.dates(),
    queryFn: () => api('GET /api/dates'),
    select: (d) => d.dates,
    enabled: enabled && isAuthenticated,
    ...CACHE.default,
  });
}

/** After a change the list is read again: its order and every «через N дней» come from the server. */
function useDatesChanged() {
  const qc = useQueryClient();
  return (saved?: PersonDate) => {
    if (saved) {
      qc.setQueryData<{ dates: PersonDate[] }>(calendarKeys.dates(), (old) =>
        old ? { dates: [...old.dates.filter((d) => d.id !== saved.id), saved].sort((a, b) => a.days_until - b.days_until || a.id - b.id) } : old,
      );
    }
    return qc.invalidateQueries({ queryKey: calendarKeys.dates() });
  };
}

export function useCreateDate() {
  const changed = useDatesChanged();
  return useMutation({ mutationFn: (body: CreatePersonDateBody) => api('POST /api/dates', { body }), onSuccess: (d) => void changed(d) });
}

export function useUpdateDate() {
  const changed = useDatesChanged();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdatePersonDateBody }) => api('PATCH /api/dates/{id}', { params: { id }, body }),
    onSuccess: (d) => void changed(d),
  });
}

export function useDeleteDate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('DELETE /api/dates/{id}', { params: { id } }),
    onSuccess: (_, id) => {
      qc.setQueryData<{ dates: PersonDate[] }>(calendarKeys.dates(), (old) => (old ? { dates: old.dates.filter((d) => d.id !== id) } : old));
    },
  });
}

/** Turns the private calendar feed on, or gives it a new address (the old one stops working). */
export const useEnableFeed = () => useMutation({ mutationFn: () => api('POST /api/dates/feed', { body: {} }) });
export const useDisableFeed = () => useMutation({ mutationFn: () => api('DELETE /api/dates/feed') });

/** The settings key of the zone reminders are counted in (the server reads it as a new date's default). */
export const TIME_ZONE_SETTING = 'time_zone';

/** This device's IANA zone ("Europe/Moscow"). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Whether `zone` is one this browser knows. */
export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || !zone) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The zone reminders are counted in: the account's `time_zone` setting, else the browser's.
 * `chosen` says whether the account has one of its own.
 */
export function useTimeZone(): { zone: string; chosen: boolean; loading: boolean } {
  const { isAuthenticated } = useSession();
  const settings = useQuery({ ...settingsQuery, enabled: isAuthenticated });
  const saved = settings.data?.[TIME_ZONE_SETTING];
  return isTimeZone(saved) ? { zone: saved, chosen: true, loading: false } : { zone: browserTimeZone(), chosen: false, loading: settings.isLoading };
}

/** Saves (or, with null, forgets) the account's zone. */
export function useSetTimeZone() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (zone: string | null) => api('PUT /api/settings/{key}', { params: { key: TIME_ZONE_SETTING }, body: { value: zone } }),
    onSuccess: (settings) => qc.setQueryData(settingsKeys.all, settings),
  });
}

// ---- time zones by name ----

const locale = (lang: string) => (lang === 'en' ? 'en-GB' : 'ru-RU');

function part(zone: string, lang: string, timeZoneName: 'longGeneric' | 'shortOffset', at: Date): string {
  try {
    return new Intl.DateTimeFormat(locale(lang), { timeZone: zone, timeZoneName }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

/** The zone's offset from UTC now: "+03:00", "−05:00", "+05:30". */
export function zoneOffset(zone: string, at = new Date()): string {
  const raw = part(zone, 'en', 'shortOffset', at); // "GMT+3", "GMT-5", "GMT+5:30", "GMT"
  const m = /([+-])(\d{1,2})(?::(\d{2}))?/.exec(raw);
  if (!m) return '+00:00';
  return `${m[1] === '-' ? '−' : '+'}${m[2]!.padStart(2, '0')}:${m[3] ?? '00'}`;
}

/**
 * A zone as people know it, in the reader's language: «Москва, стандартное время», "Central
 * European Time"; a zone with no such name is its offset («Всемирное время +05:00»).
 */
export function zoneName(zone: string, lang: string, t: TFunction<'calendar'>, at = new Date()): string {
  const name = part(zone, lang, 'longGeneric', at);
  return !name || /^GMT/.test(name) ? t('timeZone.utc', { offset: zoneOffset(zone, at) }) : name;
}

/** The time now in `zone`: "14:05". */
export function timeIn(zone: string, lang: string, at = new Date()): string {
  try {
    return new Intl.DateTimeFormat(locale(lang), { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  } catch {
    return '';
  }
}

/**
 * The cities of the zones a Russian reader most likely lives in, named in Russian (the browser names
 * zones by region: Novosibirsk's is «Красноярск, стандартное время»); elsewhere the zone's own city.
 */
const CITIES_RU: Record<string, string> = {
  'Europe/Kaliningrad': 'Калининград',
  'Europe/Moscow': 'Москва',
  'Europe/Simferopol': 'Симферополь',
  'Europe/Kirov': 'Киров',
  'Europe/Volgograd': 'Волгоград',
  'Europe/Astrakhan': 'Астрахань',
  'Europe/Saratov': 'Саратов',
  'Europe/Ulyanovsk': 'Ульяновск',
  'Europe/Samara': 'Самара',
  'Asia/Yekaterinburg': 'Екатеринбург',
  'Asia/Omsk': 'Омск',
  'Asia/Novosibirsk': 'Новосибирск',
  'Asia/Barnaul': 'Барнаул',
  'Asia/Tomsk': 'Томск',
  'Asia/Novokuznetsk': 'Новокузнецк',
  'Asia/Krasnoyarsk': 'Красноярск',
  'Asia/Irkutsk': 'Иркутск',
  'Asia/Chita': 'Чита',
  'Asia/Yakutsk': 'Якутск',
  'Asia/Khandyga': 'Хандыга',
  'Asia/Vladivostok': 'Владивосток',
  'Asia/Ust-Nera': 'Усть-Нера',
  'Asia/Magadan': 'Магадан',
  'Asia/Sakhalin': 'Южно-Сахалинск',
  'Asia/Srednekolymsk': 'Среднеколымск',
  'Asia/Kamchatka': 'Петропавловск-Камчатский',
  'Asia/Anadyr': 'Анадырь',
  'Europe/Minsk': 'Минск',
  'Europe/Kyiv': 'Киев',
  'Europe/Kiev': 'Киев',
  'Europe/Chisinau': 'Кишинёв',
  'Europe/Riga': 'Рига',
  'Europe/Vilnius': 'Вильнюс',
  'Europe/Tallinn': 'Таллин',
  'Asia/Tbilisi': 'Тбилиси',
  'Asia/Yerevan': 'Ереван',
  'Asia/Baku': 'Баку',
  'Asia/Almaty': 'Алматы',
  'Asia/Tashkent': 'Ташкент',
  'Asia/Bishkek': 'Бишкек',
  'Asia/Dushanbe': 'Душанбе',
  'Asia/Ashgabat': 'Ашхабад',
  'Europe/London': 'Лондон',
  'Europe/Berlin': 'Берлин',
  'Europe/Paris': 'Париж',
  'Europe/Rome': 'Рим',
  'Europe/Madrid': 'Мадрид',
  'Europe/Prague': 'Прага',
  'Europe/Warsaw': 'Варшава',
  'Europe/Helsinki': 'Хельсинки',
  'Europe/Istanbul': 'Стамбул',
  'Asia/Jerusalem': 'Иерусалим',
  'Asia/Dubai': 'Дубай',
  'Asia/Bangkok': 'Бангкок',
  'Asia/Shanghai': 'Шанхай',
  'Asia/Tokyo': 'Токио',
  'America/New_York': 'Нью-Йорк',
  'America/Los_Angeles': 'Лос-Анджелес',
};

/** The zone's city in the reader's language, when it has one we can name. */
export function zoneCity(zone: string, lang: string): string | null {
  if (lang !== 'en') return CITIES_RU[zone] ?? null;
  const city = zone.split('/').at(-1);
  return city && zone.includes('/') && !zone.startsWith('Etc/') ? city.replace(/_/g, ' ') : null;
}

/** Every zone this browser knows (IANA names), the browser's own first if it lists it elsewhere. */
export function allZones(): string[] {
  const list = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return list.length ? list : ['Europe/Moscow', 'UTC'];
}

// ---- a greeting for a day ----

/**
 * A greeting being started for a day — a holiday, or one of the user's dates from its reminder —
 * kept for this tab while the user picks a postcard (gallery → viewer → wizard): the wizard then
 * fills in whom it is for and opens it on that day. It lasts an hour, and ends when a greeting is made.
 */
export interface GreetingIntent {
  /** the recipient's name (a date's person) */
  toWhom?: string;
  /** the day the greeting opens, `YYYY-MM-DD` */
  opens?: string;
  dateId?: number;
  holidayId?: string;
  /** when it was started (ms) */
  at: number;
}

const KEY = 'greeting-intent';
const LIFETIME_MS = 60 * 60_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function saveIntent(intent: Omit<GreetingIntent, 'at'>, now = Date.now()): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ ...intent, at: now }));
  } catch {
    /* storage unavailable: the wizard starts empty */
  }
}

export function loadIntent(now = Date.now()): GreetingIntent | null {
  try {
    const v = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Record<string, unknown> | null;
    if (!v || typeof v.at !== 'number' || now - v.at > LIFETIME_MS || v.at > now + 60_000) return null;
    return {
      at: v.at,
      toWhom: typeof v.toWhom === 'string' && v.toWhom.trim() ? v.toWhom.slice(0, 200) : undefined,
      opens: typeof v.opens === 'string' && DAY.test(v.opens) ? v.opens : undefined,
      dateId: typeof v.dateId === 'number' ? v.dateId : undefined,
      holidayId: typeof v.holidayId === 'string' ? v.holidayId : undefined,
    };
  } catch {
    return null;
  }
}

export function clearIntent(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    /* storage unavailable */
  }
}

/** The gallery's address for picking a postcard for a day: `/gallery?to=…&opens=…&date=…` (a reminder's action has the same). */
export function pickingPath(p: { toWhom?: string; opens?: string; dateId?: number; holidayId?: string; category?: number }): string {
  const q = new URLSearchParams();
  if (p.toWhom) q.set('to', p.toWhom);
  if (p.opens) q.set('opens', p.opens);
  if (p.dateId !== undefined) q.set('date', String(p.dateId));
  if (p.holidayId) q.set('holiday', p.holidayId);
  if (p.category !== undefined) q.set('category', String(p.category));
  return `/gallery?${q}`;
}

/** The picking parameters of a gallery address (none: not picking). */
export function intentFromSearch(params: URLSearchParams): Omit<GreetingIntent, 'at'> | null {
  const toWhom = params.get('to')?.trim() || undefined;
  const opens = params.get('opens') ?? undefined;
  const date = params.get('date');
  const holidayId = params.get('holiday') || undefined;
  const intent = {
    toWhom: toWhom?.slice(0, 200),
    opens: opens && DAY.test(opens) ? opens : undefined,
    dateId: date && /^\d{1,9}$/.test(date) ? Number(date) : undefined,
    holidayId: holidayId && /^[a-z0-9-]{1,64}$/.test(holidayId) ? holidayId : undefined,
  };
  return intent.toWhom || intent.opens || intent.holidayId ? intent : null;
}

// ---- the moment it opens ----


/** The hour a greeting made for a day opens on it, in the sender's zone. */
export const OPENING_TIME = '09:00';

/**
 * The `datetime-local` value a greeting for `day` opens at (09:00 that day, the device's zone), or
 * null when that moment cannot be scheduled: it has passed (a greeting for today goes at once) or
 * is more than a year ahead.
 */
export function openingValue(day: string | undefined, now = new Date()): string | null {
  if (!day) return null;
  const value = dayAt(day, OPENING_TIME);
  return scheduleProblem(value, now) ? null : value;
}

/** «8 марта в 09:00», or null when the day's moment cannot be scheduled. */
export function openingText(day: string | undefined, lang: string, now = new Date()): string | null {
  const value = openingValue(day, now);
  const iso = value ? localInputToIso(value) : null;
  return iso ? formatMoment(iso, lang, { now }) : null;
}
