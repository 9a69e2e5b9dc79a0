import { PERSON_DATES, type PersonDateKind } from '@otkrytka/contract';
import type { Queryable } from '../../db';
import { cancelJob, type Handler, recordEvent, scheduleJob } from '../../jobs/runner';
import { iso } from '../../platform/clock';
import { nextReminder } from './moments';
import { calendarRepo, type PersonDateRow } from './repo';

const keyOf = (dateId: number, daysBefore: number) => `calendar.reminder:${dateId}:${daysBefore}`;
export const remindDaysOf = (row: Pick<PersonDateRow, 'remind_days_before'>): number[] => JSON.parse(row.remind_days_before) as number[];

/**
 * Puts a date's reminders in step with it, in the caller's transaction: each reminder is one
 * durable job for its next moment (one waiting job per date and number of days before), so it
 * fires once across every instance and survives a restart. `before` is the date as it was (its
 * reminders that are gone are cancelled); `after` as it is now (undefined: deleted).
 */
export async function syncReminders(trx: Queryable, at: Date, before: PersonDateRow | undefined, after: PersonDateRow | undefined): Promise<void> {
  const now = iso(at);
  const keep = new Set(after ? remindDaysOf(after) : []);
  for (const days of before ? remindDaysOf(before) : []) if (!keep.has(days)) await cancelJob(trx, now, keyOf(before!.id, days));
  if (!after) return;
  for (const days of keep) {
    const next = nextReminder(after, days, at);
    await scheduleJob(trx, now, 'calendar.reminder', iso(next.at), { dateId: after.id, daysBefore: days, at: iso(next.at) }, keyOf(after.id, days));
  }
}

/**
 * A reminder's moment came: the owner hears of their date (a notice whose action starts a greeting
 * to the person, opening on the day), and the next year's reminder is queued. A reminder that
 * comes more than an hour after its moment (the server was down) says so; it still comes once.
 */
export const remind: Handler<'calendar.reminder'> = async (trx, p, job) => {
  const row = await calendarRepo.date(trx, p.dateId);
  if (!row || !remindDaysOf(row).includes(p.daysBefore)) return;
  const due = nextReminder(row, p.daysBefore, new Date(Date.parse(p.at) - 1));
  // the date or its reminder moved since this job was queued: its own job does the work
  if (iso(due.at) !== p.at) return;
  const late = Date.parse(job.at) - Date.parse(p.at) > PERSON_DATES.lateAfterMs;
  const path = `/gallery?${new URLSearchParams({ to: row.person_name, opens: due.date, date: String(row.id) })}`;
  await recordEvent(trx, job.at, 'notice.raised', {
    notice: {
      userId: row.user_id,
      template: {
        key: 'date_reminder',
        params: { name: row.person_name, kind: row.kind as PersonDateKind, days: p.daysBefore, turns: row.year ? due.year - row.year : null, late },
      },
      actions: [{ action_type: 'open_wizard', is_primary: true, action_params: { path, to_whom: row.person_name, opens_on: due.date, date_id: row.id } }],
    },
  });
  // the next one: after now, so a reminder missed for longer than a year still comes once
  const next = nextReminder(row, p.daysBefore, new Date(Math.max(Date.parse(job.at), Date.parse(p.at))));
  await scheduleJob(trx, job.at, 'calendar.reminder', iso(next.at), { dateId: row.id, daysBefore: p.daysBefore, at: iso(next.at) }, keyOf(row.id, p.daysBefore));
};
