import type { PersonDate } from '@otkrytka/contract';
import { PERSON_DATE_KINDS, PERSON_DATES, daysInMonth, type PersonDateKind } from '@otkrytka/contract/rules/calendar';
import { trimInvisible } from '@otkrytka/contract/rules/text';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from '@/i18n';
import { ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/errorMessage';
import { Link } from '@/router';
import { askTelegramWriteAccessOnce } from '@/telegram/native';
import { Button } from '@/ui/Button';
import { cx } from '@/ui/cx';
import { Modal } from '@/ui/Modal';
import { useRoving } from '@/ui/roving';
import { useToast } from '@/ui/toast';
import { beforeText, monthNames } from '../core';
import { useCreateDate, useTimeZone, useUpdateDate, zoneCity, zoneName } from '../extra';

/** The fields of the form the server names in a 422's `field` (or that the form checks itself). */
export type DateField = 'person_name' | 'kind' | 'day' | 'month' | 'year' | 'note' | 'remind_days_before' | 'remind_time' | 'time_zone';
const FIELDS: readonly DateField[] = ['person_name', 'kind', 'day', 'month', 'year', 'note', 'remind_days_before', 'remind_time', 'time_zone'];

/** The reminders offered with one tap: on the day, the day before, three days, a week, two weeks, a month. */
const PRESETS = [0, 1, 3, 7, 14, 30] as const;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export interface DateValues {
  person_name: string;
  kind: PersonDateKind;
  day: number;
  month: number;
  year: string;
  note: string;
  remind_days_before: number[];
  remind_time: string;
}

/** What is wrong with the values before they are sent (the server checks them again), by field. */
export function dateProblems(v: DateValues): Partial<Record<DateField, true>> {
  const p: Partial<Record<DateField, true>> = {};
  const name = trimInvisible(v.person_name);
  if (!name || name.length > PERSON_DATES.personNameMax) p.person_name = true;
  if (!(v.month >= 1 && v.month <= 12)) p.month = true;
  else if (!(v.day >= 1 && v.day <= daysInMonth(v.month))) p.day = true;
  if (v.year.trim() && !/^\d{4}$/.test(v.year.trim())) p.year = true;
  else if (v.year.trim() && (Number(v.year) < 1900 || Number(v.year) > 2100)) p.year = true;
  if (trimInvisible(v.note).length > PERSON_DATES.noteMax) p.note = true;
  if (v.remind_days_before.length > PERSON_DATES.remindersMax || v.remind_days_before.some((d) => d < 0 || d > PERSON_DATES.remindDaysMax)) p.remind_days_before = true;
  if (!TIME.test(v.remind_time)) p.remind_time = true;
  return p;
}

/** The form's field a 422 names (`remind_days_before.2` → `remind_days_before`), or null. */
export function fieldOfError(e: unknown): DateField | null {
  if (!(e instanceof ApiError) || e.status !== 422 || !e.field) return null;
  const head = e.field.split('.')[0] as DateField;
  return FIELDS.includes(head) ? head : null;
}

const initial = (d: PersonDate | undefined): DateValues => ({
  person_name: d?.person_name ?? '',
  kind: d?.kind ?? 'birthday',
  day: d?.day ?? 1,
  month: d?.month ?? 1,
  year: d?.year ? String(d.year) : '',
  note: d?.note ?? '',
  remind_days_before: d ? [...d.remind_days_before] : [...PERSON_DATES.defaultRemindDaysBefore],
  remind_time: d?.remind_time ?? PERSON_DATES.defaultRemindTime,
});

/** Adding or editing one of my dates, in a modal. */
export function DateFormDialog({ open, date, onClose }: { open: boolean; date?: PersonDate; onClose: () => void }) {
  const { t } = useTranslation('calendar');
  return (
    <Modal open={open} onClose={onClose} title={date ? t('form.editTitle') : t('form.addTitle')} initialFocus="input">
      <DateForm date={date} onDone={onClose} />
    </Modal>
  );
}

/** The form itself (mounted each time the dialog opens: empty, or the date's values). */
export function DateForm({ date, onDone }: { date?: PersonDate; onDone: () => void }) {
  const { t, i18n } = useTranslation('calendar');
  const toast = useToast();
  const zone = useTimeZone();
  const create = useCreateDate();
  const update = useUpdateDate();
  const [v, setV] = useState<DateValues>(() => initial(date));
  const [errors, setErrors] = useState<Partial<Record<DateField, true>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const ids = useId();
  const yearHint = `${ids}-year`;
  const saving = create.isPending || update.isPending;
  const set = <K extends keyof DateValues>(k: K, value: DateValues[K]) => {
    setV((x) => ({ ...x, [k]: value }));
    setErrors((e) => ({ ...e, [k]: undefined, ...(k === 'month' ? { day: undefined } : {}) }));
  };
  const errorOf = (f: DateField) => (errors[f] ? t(`form.errors.${f}`) : null);

  /** Brings the first field in error to the keyboard (and into view above a phone's keyboard). */
  const focusFirst = (found: Partial<Record<DateField, true>>) => {
    const first = FIELDS.find((f) => found[f]);
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus());
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (saving) return;
    setFailure(null);
    const found = dateProblems(v);
    if (Object.keys(found).length) {
      setErrors(found);
      focusFirst(found);
      return;
    }
    const body = {
      person_name: trimInvisible(v.person_name),
      kind: v.kind,
      day: v.day,
      month: v.month,
      year: v.year.trim() ? Number(v.year) : null,
      note: trimInvisible(v.note) || null,
      remind_days_before: [...v.remind_days_before].sort((a, b) => a - b),
      remind_time: v.remind_time,
    };
    try {
      if (date) await update.mutateAsync({ id: date.id, body });
      // a new date is kept in the zone the reminders are counted in: the account's, else this device's
      else await create.mutateAsync({ ...body, time_zone: zone.zone });
      toast(date ? t('form.saved') : t('form.added'), 'success');
      // inside Telegram, reminders come as the bot's messages: a new date asks once for its permission to write
      if (!date) void askTelegramWriteAccessOnce(t('shell:tg.writeAccessTitle'), t('shell:tg.writeAccessMessage'));
      onDone();
    } catch (err) {
      const field = fieldOfError(err);
      if (field) {
        setErrors({ [field]: true });
        focusFirst({ [field]: true });
      } else if (err instanceof ApiError && err.code === 'CONFLICT') setFailure(t('form.errors.limit'));
      else setFailure(errorMessage(err, t('form.errors.save')));
    }
  }

  const months = monthNames(i18n.language);
  const dayCount = daysInMonth(v.month) || 31;
  const zoneShown = date?.time_zone ?? zone.zone;

  return (
    <form ref={form} onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-5" data-testid="date-form">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${ids}-name`} className="text-sm font-medium">
          {t('form.name')}
        </label>
        <input
          id={`${ids}-name`}
          value={v.person_name}
          maxLength={PERSON_DATES.personNameMax}
          onChange={(e) => set('person_name', e.target.value)}
          placeholder={t('form.namePlaceholder')}
          aria-invalid={errors.person_name ? true : undefined}
          aria-describedby={errors.person_name ? `${ids}-name-error` : undefined}
          autoComplete="off"
          data-field="person_name"
          className={cx(control, 'w-full')}
        />
        {errors.person_name && (
          <p id={`${ids}-name-error`} className="text-[13px] font-medium text-danger">
            {errorOf('person_name')}
          </p>
        )}
      </div>

      <KindPicker value={v.kind} onChange={(k) => set('kind', k)} />

      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 text-sm font-medium">{t('form.date')}</legend>
        <div className="grid grid-cols-[4.75rem_minmax(0,1fr)_5.75rem] gap-2">
          <Select label={t('form.day')} value={String(v.day)} onChange={(x) => set('day', Number(x))} invalid={!!errors.day} field="day">
            {Array.from({ length: dayCount }, (_, i) => (
              <option key={i + 1} value={i + 1}>
                {i + 1}
              </option>
            ))}
          </Select>
          <Select
            label={t('form.month')}
            value={String(v.month)}
            onChange={(x) => {
              // 31 January becomes 29 February, not a day February has not got
              set('month', Number(x));
              set('day', Math.min(v.day, daysInMonth(Number(x))));
            }}
            invalid={!!errors.month}
            field="month"
          >
            {months.map((m, i) => (
              <option key={m} value={i + 1}>
                {m}
              </option>
            ))}
          </Select>
          <label className="flex min-w-0 flex-col gap-1">
            <span className="text-xs text-muted">{t('form.year')}</span>
            <input
              inputMode="numeric"
              pattern="[0-9]*"
              maxLength={4}
              value={v.year}
              onChange={(e) => set('year', e.target.value.replace(/\D/g, ''))}
              aria-invalid={errors.year ? true : undefined}
              aria-describedby={yearHint}
              placeholder="1965"
              data-field="year"
              className={cx(control, 'w-full', errors.year && 'border-danger')}
            />
          </label>
        </div>
        {errors.day || errors.month || errors.year ? (
          <p role="alert" className="text-[13px] font-medium text-danger">
            {errorOf('day') ?? errorOf('month') ?? errorOf('year')}
          </p>
        ) : (
          <p id={yearHint} className="text-[13px] text-muted">
            {t('form.yearHint')}
          </p>
        )}
      </fieldset>

      <Reminders value={v.remind_days_before} onChange={(d) => set('remind_days_before', d)} error={errorOf('remind_days_before')} />

      <div className="flex flex-col gap-1.5">
        <label className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5">
          <span className="text-sm font-medium">{t('form.time')}</span>
          <input
            type="time"
            value={v.remind_time}
            onChange={(e) => set('remind_time', e.target.value)}
            aria-invalid={errors.remind_time ? true : undefined}
            data-field="remind_time"
            required
            className={cx(control, 'w-36 [color-scheme:light] dark:[color-scheme:dark]', errors.remind_time && 'border-danger')}
          />
        </label>
        {(errors.remind_time || errors.time_zone) && (
          <p role="alert" className="text-[13px] font-medium text-danger">
            {errorOf('remind_time') ?? errorOf('time_zone')}
          </p>
        )}
        <p className="text-[13px] text-muted">
          {t('form.zone', { zone: zoneCity(zoneShown, i18n.language) ?? zoneName(zoneShown, i18n.language, t) })}
          {' · '}
          <Link to="/settings" className="font-semibold text-primary hover:underline">
            {t('form.zoneChange')}
          </Link>
        </p>
      </div>

      <div className="flex flex-col gap-1.5">
        <label htmlFor="date-note" className="text-sm font-medium">
          {t('form.note')}
        </label>
        <textarea
          id="date-note"
          rows={2}
          value={v.note}
          maxLength={PERSON_DATES.noteMax}
          onChange={(e) => set('note', e.target.value)}
          placeholder={t('form.notePlaceholder')}
          aria-invalid={errors.note ? true : undefined}
          data-field="note"
          className={cx(control, 'h-auto w-full resize-y py-2.5', errors.note && 'border-danger')}
        />
        {errors.note && (
          <p role="alert" className="text-[13px] font-medium text-danger">
            {errorOf('note')}
          </p>
        )}
      </div>

      {failure && (
        <p role="alert" className="rounded-2xl bg-danger/10 px-4 py-3 text-sm font-medium text-danger">
          {failure}
        </p>
      )}

      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={saving}>
          {t('common:cancel')}
        </Button>
        <Button type="submit" loading={saving}>
          {date ? t('form.save') : t('form.add')}
        </Button>
      </div>
    </form>
  );
}

const control =
  'h-12 min-w-0 rounded-xl border border-border bg-surface px-3 text-[16px] text-text outline-none transition-colors placeholder:text-muted/60 focus:border-primary focus:ring-4 focus:ring-primary/15 aria-[invalid=true]:border-danger';

function Select({ label, value, onChange, invalid, field, children }: { label: string; value: string; onChange: (v: string) => void; invalid: boolean; field: DateField; children: ReactNode }) {
  return (
    <label className="flex min-w-0 flex-col gap-1">
      <span className="text-xs text-muted">{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={invalid || undefined} data-field={field} className={cx(control, 'w-full px-2.5')}>
        {children}
      </select>
    </label>
  );
}

/** The four kinds as a radio group: one Tab stop, the arrow keys choose. */
function KindPicker({ value, onChange }: { value: PersonDateKind; onChange: (k: PersonDateKind) => void }) {
  const { t } = useTranslation('calendar');
  const id = useId();
  const keys = useRoving(PERSON_DATE_KINDS, value, onChange, { upDown: true });
  return (
    <div className="flex flex-col gap-1.5">
      <span id={id} className="text-sm font-medium">
        {t('form.kind')}
      </span>
      <div role="radiogroup" aria-labelledby={id} onKeyDown={keys.onKeyDown} className="flex flex-wrap gap-2" data-field="kind">
        {PERSON_DATE_KINDS.map((k) => (
          <button
            key={k}
            {...keys.item(k)}
            type="button"
            role="radio"
            aria-checked={k === value}
            onClick={() => onChange(k)}
            className={cx(
              'inline-flex h-10 items-center rounded-full border px-4 text-sm font-medium transition-colors',
              k === value ? 'border-primary bg-primary text-on-primary shadow-card' : 'border-border bg-surface hover:bg-surface-2',
            )}
          >
            {t(`dates.kinds.${k}`)}
          </button>
        ))}
      </div>
    </div>
  );
}

/** Reminders: one-tap choices (0–30 days before), and any other number of days; at most five. */
function Reminders({ value, onChange, error }: { value: number[]; onChange: (days: number[]) => void; error: string | null }) {
  const { t } = useTranslation('calendar');
  const id = useId();
  const [other, setOther] = useState('');
  const full = value.length >= PERSON_DATES.remindersMax;
  const offered = [...new Set([...PRESETS, ...value])].sort((a, b) => a - b);
  const toggle = (d: number) => onChange(value.includes(d) ? value.filter((x) => x !== d) : [...value, d]);
  const otherDays = Number(other);
  const otherValid = other !== '' && Number.isInteger(otherDays) && otherDays >= 0 && otherDays <= PERSON_DATES.remindDaysMax;
  const addOther = () => {
    if (!otherValid || full) return;
    if (!value.includes(otherDays)) onChange([...value, otherDays]);
    setOther('');
  };
  return (
    <fieldset className="flex flex-col gap-1.5" aria-describedby={`${id}-hint`}>
      <legend className="mb-1.5 text-sm font-medium">{t('form.reminders')}</legend>
      <div className="flex flex-wrap gap-2" data-field="remind_days_before" tabIndex={-1}>
        {offered.map((d) => {
          const on = value.includes(d);
          return (
            <button
              key={d}
              type="button"
              aria-pressed={on}
              disabled={!on && full}
              onClick={() => toggle(d)}
              className={cx(
                'inline-flex h-9 items-center rounded-full border px-3.5 text-sm font-medium transition-colors disabled:opacity-50',
                on ? 'border-primary bg-primary-soft text-primary' : 'border-border bg-surface hover:bg-surface-2',
              )}
            >
              {beforeText(t, d)}
            </button>
          );
        })}
      </div>
      <div className="mt-1 flex items-end gap-2">
        <label className="flex flex-col gap-1">
          <span className="text-xs text-muted">{t('form.otherDays')}</span>
          <input
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={2}
            value={other}
            onChange={(e) => setOther(e.target.value.replace(/\D/g, ''))}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                addOther();
              }
            }}
            disabled={full}
            placeholder="0–30"
            className="h-10 w-24 rounded-xl border border-border bg-surface px-3 text-[16px] text-text outline-none placeholder:text-muted/60 focus:border-primary focus:ring-4 focus:ring-primary/15 disabled:opacity-50"
          />
        </label>
        <Button variant="secondary" onClick={addOther} disabled={!otherValid || full}>
          {t('form.addDays')}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-[13px] font-medium text-danger">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-[13px] text-muted">
          {t('form.remindersHint')}
        </p>
      )}
    </fieldset>
  );
}
