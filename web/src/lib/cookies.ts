/** Preference cookies (language, darkMode) live 365 days. */
export const COOKIE_DAYS = 365;

export function getCookie(name: string): string | undefined {
  const m = document.cookie.match(new RegExp(`(?:^|; )${name}=([^;]*)`));
  return m ? decodeURIComponent(m[1]!) : undefined;
}

export function setCookie(name: string, value: string, days = COOKIE_DAYS): void {
  const maxAge = days * 24 * 60 * 60;
  document.cookie = `${name}=${encodeURIComponent(value)}; max-age=${maxAge}; path=/; samesite=lax`;
}

export function deleteCookie(name: string): void {
  document.cookie = `${name}=; max-age=0; path=/`;
}
