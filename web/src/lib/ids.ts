/** A record id from a route or query parameter: a positive whole number, else undefined ("abc", "0", "1.5"). */
export function idFrom(value: string | null | undefined): number | undefined {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/**
 * A random id for one attempt at a write the server makes only once per id (creating a greeting):
 * a double tap or a retry sends the same id. `getRandomValues` works on plain http too.
 */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
