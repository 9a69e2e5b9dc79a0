/**
 * The access token lives in local storage (spec 000 §7), or only for this tab when the user did not
 * ask to be remembered. No password or login is ever stored on the client.
 */
const KEY = 'access_token';

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
  clear(): void {
    try {
      localStorage.removeItem(KEY);
      sessionStorage.removeItem(KEY);
    } catch {
      /* storage unavailable */
    }
  },
};
