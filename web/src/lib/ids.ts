/** A record id from a route or query parameter: a positive whole number, else undefined ("abc", "0", "1.5"). */
export function idFrom(value: string | null | undefined): number | undefined {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}
