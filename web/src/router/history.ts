/** Where the app is: the path inside the router's base, the query (`?…` or ''), the hash, and what a navigation carried. */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  /** 'default' for the entry the app started on; a new key per navigation */
  key: string;
  /** an entry that stands for something open on the page (a sheet): see useTransientEntry */
  transient?: boolean;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  /** the new entry stands for something open on the page (useTransientEntry) */
  transient?: boolean;
}

/** A list of entries the router moves through: the browser's own, or one in memory (tests). */
export interface History {
  location(): Location;
  push(path: string, state: unknown, replace: boolean, transient?: boolean): void;
  /** the path of the entry behind this one, when the app put this one on top of it (else null) */
  previous(): string | null;
  go(delta: number): void;
  /** calls back after a move the router did not make itself (the back button) */
  listen(fn: () => void): () => void;
  href(path: string): string;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/** Splits `/a/b?x=1#h` into its parts. */
export function parsePath(path: string): Pick<Location, 'pathname' | 'search' | 'hash'> {
  const hashAt = path.indexOf('#');
  const hash = hashAt >= 0 ? path.slice(hashAt) : '';
  const rest = hashAt >= 0 ? path.slice(0, hashAt) : path;
  const queryAt = rest.indexOf('?');
  return {
    pathname: (queryAt >= 0 ? rest.slice(0, queryAt) : rest) || '/',
    search: queryAt >= 0 && queryAt < rest.length - 1 ? rest.slice(queryAt) : '',
    hash: hash.length > 1 ? hash : '',
  };
}

/**
 * The browser's history. Each entry's `history.state` is `{usr, key, idx, prev}`: what the
 * navigation carried, its key, its index from the entry the app started on (the shell reads `idx`
 * to know whether there is somewhere to go back to) and the path of the entry it was pushed on.
 */
export function browserHistory(basename = ''): History {
  const base = basename.replace(/\/+$/, '');
  type Entry = { usr?: unknown; key?: string; idx?: number; prev?: string; transient?: true } | null;
  const entry = () => window.history.state as Entry;
  if (entry()?.idx == null) window.history.replaceState({ ...entry(), idx: 0 }, '');
  const strip = (pathname: string) => {
    if (!base) return pathname;
    if (pathname.toLowerCase() === base.toLowerCase()) return '/';
    return pathname.toLowerCase().startsWith(`${base.toLowerCase()}/`) ? pathname.slice(base.length) : pathname;
  };
  return {
    location() {
      const { pathname, search, hash } = window.location;
      const e = entry();
      return { pathname: strip(pathname), search, hash, state: e?.usr ?? null, key: e?.key ?? 'default', ...(e?.transient ? { transient: true } : {}) };
    },
    push(path, state, replace, transient) {
      const here = this.location();
      const idx = (entry()?.idx ?? 0) + (replace ? 0 : 1);
      // a replaced entry keeps what lies behind it
      const prev = replace ? entry()?.prev : here.pathname + here.search + here.hash;
      const next = { usr: state, key: newKey(), idx, ...(prev !== undefined ? { prev } : {}), ...(transient ? { transient: true } : {}) };
      if (replace) window.history.replaceState(next, '', this.href(path));
      else window.history.pushState(next, '', this.href(path));
    },
    previous: () => entry()?.prev ?? null,
    go: (delta) => window.history.go(delta),
    listen(fn) {
      window.addEventListener('popstate', fn);
      return () => window.removeEventListener('popstate', fn);
    },
    href: (path) => (!base || !path.startsWith('/') ? path : path === '/' ? base : base + path),
  };
}

/** History kept in memory, for tests: starts at the last of `entries`. */
export function memoryHistory(entries: string[] = ['/']): History {
  const list: Location[] = entries.map((p, i) => ({ ...parsePath(p), state: null, key: i === 0 ? 'default' : newKey() }));
  let index = list.length - 1;
  const listeners = new Set<() => void>();
  return {
    location: () => list[index]!,
    push(path, state, replace, transient) {
      const next = { ...parsePath(path), state, key: newKey(), ...(transient ? { transient: true } : {}) };
      if (replace) list[index] = next;
      else {
        list.splice(index + 1, list.length, next);
        index += 1;
      }
    },
    previous() {
      const p = index > 0 ? list[index - 1] : undefined;
      return p ? p.pathname + p.search + p.hash : null;
    },
    go(delta) {
      const to = Math.min(list.length - 1, Math.max(0, index + delta));
      if (to === index) return;
      index = to;
      listeners.forEach((fn) => fn());
    },
    listen(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    href: (path) => path,
  };
}
