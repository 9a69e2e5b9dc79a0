/**
 * The calendar: holidays (data in holidays/, moving feasts computed), the dates a user keeps with
 * their reminders (durable jobs, in the user's time zone), and a private iCalendar feed.
 */
export { calendarModule } from './routes';
