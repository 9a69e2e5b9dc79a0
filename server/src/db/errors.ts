/** A write refused by a unique index, on PostgreSQL (23505) or SQLite. */
export function isUniqueViolation(e: unknown): boolean {
  const msg = String((e as { message?: string })?.message ?? '');
  return (e as { code?: string })?.code === '23505' || msg.includes('UNIQUE constraint failed');
}
