/**
 * The access token lives in local storage, or only for this tab when the user did not
 * ask to be remembered. No password or login is ever stored on the client.
 */
const KEY = 'access_token';
/** The signed-in user as last confirmed by the server: the shell shows it at once on the next start. */
const USER_KEY = 'session_user';

export const tokenStore = {
  get(): string | null {
    try {
      return localStorage.getItem(KEY) ?? sessionStorage.getItem(KEY);
    } catch {
      return null;
    }
  },
  set(token: string, remember = true): void {
    this.clear();
    (remember ? localStorage : sessionStorage).setItem(KEY, token);
  },
  /** the saved user, kept beside the token (and only while there is one) */
  getUser<T>(): T | null {
    try {
      const raw = localStorage.getItem(KEY) ? localStorage.getItem(USER_KEY) : sessionStorage.getItem(KEY) ? sessionStorage.getItem(USER_KEY) : null;
      return raw ? (JSON.parse(raw) as T) : null;
    } catch {
      return null;
    }
  },
  setUser(user: unknown): void {
    try {
      const store = localStorage.getItem(KEY) ? localStorage : sessionStorage.getItem(KEY) ? sessionStorage : null;
      store?.setItem(USER_KEY, JSON.stringify(user));
    } catch {
      /* storage unavailable */
    }
  },
  /** Another tab signed in or out (the storage event reaches only the other tabs); returns the unsubscribe. */
  onOtherTab(listener: () => void): () => void {
    const heard = (e: StorageEvent) => {
      if (e.key === KEY || e.key === null) listener();
    };
    window.addEventListener('storage', heard);
    return () => window.removeEventListener('storage', heard);
  },
  clear(): void {
    try {
      localStorage.removeItem(KEY);
      sessionStorage.removeItem(KEY);
      localStorage.removeItem(USER_KEY);
      sessionStorage.removeItem(USER_KEY);
    } catch {
      /* storage unavailable */
    }
  },
};
