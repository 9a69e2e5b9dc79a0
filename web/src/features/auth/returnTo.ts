import { TELEGRAM_BASE } from '@/telegram';

/** Where /auth sends the user after sign-in when no returnTo is given. */
export const DEFAULT_RETURN_TO = `${TELEGRAM_BASE}/`;

/**
 * The returnTo query parameter as a safe same-site path: it must start with one slash (no
 * `//host` or `/\host` tricks, no scheme) and may not point back at an auth page.
 */
export function safeReturnTo(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return DEFAULT_RETURN_TO;
  if ([...raw].some((c) => c.charCodeAt(0) < 32)) return DEFAULT_RETURN_TO;
  const path = raw.split(/[?#]/)[0]!;
  if (path === '/auth' || path === `${TELEGRAM_BASE}/auth`) return DEFAULT_RETURN_TO;
  return raw;
}

/**
 * How to reach a full path from a router running under `basename` ('' for none): a route inside
 * this router, or null when it belongs to the other base and needs a page load.
 */
export function routerTarget(fullPath: string, basename: string): string | null {
  const inTelegram = fullPath === TELEGRAM_BASE || fullPath.startsWith(`${TELEGRAM_BASE}/`) || fullPath.startsWith(`${TELEGRAM_BASE}?`);
  if (basename === TELEGRAM_BASE) {
    if (!inTelegram) return null;
    const rest = fullPath.slice(TELEGRAM_BASE.length);
    return rest.startsWith('/') ? rest : `/${rest}`;
  }
  return inTelegram ? null : fullPath;
}

/** The path to /auth that brings the user back to `fullPath` afterwards. */
export function authPathFor(fullPath: string): string {
  return `/auth?returnTo=${encodeURIComponent(fullPath)}`;
}
