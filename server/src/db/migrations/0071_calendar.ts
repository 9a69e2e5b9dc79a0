import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * The calendar: a user's dates (birthdays, anniversaries, name days) with their reminders, and
 * the secret of their private calendar feed. Reminders themselves are jobs (one per date and
 * number of days before, for its next moment).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('person_dates')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('person_name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('month', 'integer', (c) => c.notNull())
    .addColumn('year', 'integer')
    .addColumn('note', 'text')
    // JSON array of whole days before the date, ascending
    .addColumn('remind_days_before', 'text', (c) => c.notNull())
    .addColumn('remind_time', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('person_dates_user').on('person_dates').columns(['user_id', 'month', 'day']).execute();
  await db.schema
    .createTable('calendar_feeds')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull().unique())
    // JSON array of the holiday kinds the feed carries besides the user's dates
    .addColumn('holiday_kinds', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('calendar_feeds').execute();
  await db.schema.dropTable('person_dates').execute();
}
