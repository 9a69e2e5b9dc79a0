import type { Deps } from '../../deps';
import { remind } from './reminders';

/** The calendar's jobs: each reminder of a date, at its moment. */
export function calendarSubscribers(deps: Deps): void {
  deps.jobs.define('calendar.reminder', remind);
}
