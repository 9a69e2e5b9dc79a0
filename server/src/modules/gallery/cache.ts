/**
 * Gallery pages kept with the listing version they were read at (migration 0061: the database
 * bumps a version for the channel, the category and the group of every postcard written, in the
 * writing transaction). A request first reads the current version of its listing — one indexed
 * row, shared by every server process — and gets the kept page only while that is unchanged, so
 * an answer is never older than a committed write, on this instance or any other. A write drops
 * only the listings its postcard is in; the rest stay cached.
 *
 * A page also remembers when it was last known current (`checkedAt`, on a monotonic clock), so a
 * reader who has written nothing can be given it for a short while without asking (`recent`).
 */
export class PageCache<T> {
  private entries = new Map<string, { version: string; value: T; checkedAt: number }>();

  constructor(
    private readonly max = 2000,
    readonly now: () => number = () => performance.now(),
  ) {}

  /** The kept page while `version` (read at `checkedAt`) is still the one it was read at. */
  get(version: string, key: string, checkedAt: number): T | undefined {
    const e = this.entries.get(key);
    if (!e || e.version !== version) return undefined;
    e.checkedAt = Math.max(e.checkedAt, checkedAt);
    return e.value;
  }

  /** The kept page if it was known current at most `maxAgeMs` ago, whatever was written since. */
  recent(key: string, maxAgeMs: number): T | undefined {
    const e = this.entries.get(key);
    return e && this.now() - e.checkedAt <= maxAgeMs ? e.value : undefined;
  }

  /** Keeps a page read after its listing's `version` was read at `checkedAt`. */
  set(version: string, key: string, value: T, checkedAt: number): void {
    // oldest first out (a Map keeps insertion order)
    if (!this.entries.has(key) && this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { version, value, checkedAt });
  }

  clear(): void {
    this.entries.clear();
  }
}
