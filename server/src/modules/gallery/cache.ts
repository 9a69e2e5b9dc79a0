/**
 * Gallery pages kept while the database has not changed since they were read. The gallery is the
 * same for everyone and read far more than written, so repeated requests skip the query. Entries
 * are keyed by the database's data version: any write (here or in another process) makes every
 * entry stale at once, so an answer is never older than the data. Without a cheap data version
 * (PostgreSQL) nothing is cached.
 */
export class PageCache<T> {
  private entries = new Map<string, T>();
  private version: string | null = null;

  constructor(private readonly max = 200) {}

  get(version: string | null, key: string): T | undefined {
    if (version === null || version !== this.version) return undefined;
    return this.entries.get(key);
  }

  set(version: string | null, key: string, value: T): void {
    if (version === null) return;
    if (version !== this.version) {
      this.entries.clear();
      this.version = version;
    }
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, value);
  }
}
