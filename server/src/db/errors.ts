import { ErrorCode } from '@otkrytka/contract';
/** A write refused by a unique index, on PostgreSQL (23505) or SQLite. */
export function isUniqueViolation(e: unknown): boolean {
  const msg = String((e as { message?: string })?.message ?? '');
  return (e as { code?: string })?.code === '23505' || msg.includes('UNIQUE constraint failed');
}

/** The code of the answer to a request the database could not serve for want of a connection (503). */
export const DATABASE_UNAVAILABLE = ErrorCode.DATABASE_UNAVAILABLE;

/**
 * SQLSTATEs of a database that cannot be reached or is going away: class 08 (connection exception),
 * 57P01 admin_shutdown (a fast shutdown, or the backend was terminated), 57P02 crash_shutdown,
 * 57P03 cannot_connect_now ("the database system is starting up" / "is shutting down"), 53300
 * too_many_connections.
 */
const PG_UNAVAILABLE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

/**
 * SQLite: the file is locked by another process past the busy timeout, cannot be opened or read
 * (the disk or mount has gone), or the connection was closed (shutting down).
 */
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|CANTOPEN|IOERR)(_[A-Z_]+)?$/;

/** How the network and the PostgreSQL driver report a connection that failed or was lost. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const DRIVER_MESSAGES = [
  'Connection terminated',
  'is not queryable',
  'timeout exceeded when trying to connect',
  'Cannot use a pool after calling end on the pool',
  'The database connection is not open',
];

/** Set by the database layer (db/index.ts) on a connection failure it saw, whatever its code. */
const LOST = Symbol('database connection lost');

/**
 * Marks `e` as a connection failure of the database layer. Only the layer that talks to the
 * database marks: a refused connection to object storage or the Bot API is not the database.
 */
export function markIfConnectionLost(e: unknown): unknown {
  if (e && typeof e === 'object' && isConnectionLoss(e)) Object.defineProperty(e, LOST, { value: true });
  return e;
}

function isConnectionLoss(e: object): boolean {
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || PG_UNAVAILABLE.test(code) || SQLITE_UNAVAILABLE.test(code))) return true;
  const message = String((e as { message?: unknown }).message ?? '');
  return DRIVER_MESSAGES.some((m) => message.includes(m));
}

/**
 * Whether the database could not serve this for want of a connection — it is restarting, shutting
 * down, unreachable, or (SQLite) locked or unreadable — rather than refusing the query itself. Such a
 * request may succeed if tried again in a moment: it is answered 503 with Retry-After.
 * Follows `cause` a few levels (an error wrapped by the code that caught it).
 */
export function isDatabaseUnavailable(e: unknown): boolean {
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if ((e as { [LOST]?: boolean })[LOST]) return true;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (PG_UNAVAILABLE.test(code) || SQLITE_UNAVAILABLE.test(code))) return true;
    if (String((e as { message?: unknown }).message ?? '').includes('The database connection is not open')) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
