/**
 * Gallery pages kept with the listing version they were read at (migration 0061: the database
 * bumps a version for the channel, the category and the group of every postcard written, in the
 * writing transaction). A request first reads the current version of its listing — one indexed
 * row, shared by every server process — and gets the kept page only while that is unchanged, so
 * an answer is never older than a committed write, on this instance or any other. A write drops
 * only the listings its postcard is in; the rest stay cached.
 */
export class PageCache<T> {
  private entries = new Map<string, { version: string; value: T }>();

  constructor(private readonly max = 2000) {}

  get(version: string, key: string): T | undefined {
    const e = this.entries.get(key);
    return e && e.version === version ? e.value : undefined;
  }

  set(version: string, key: string, value: T): void {
    // oldest first out (a Map keeps insertion order)
    if (!this.entries.has(key) && this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { version, value });
  }

  clear(): void {
    this.entries.clear();
  }
}
