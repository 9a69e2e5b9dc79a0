import { type Kysely, PostgresAdapter } from 'kysely';

export const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;
