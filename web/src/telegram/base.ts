/** Where the Mini App lives: shared by the first load and the chunks loaded only inside Telegram. */
export const TELEGRAM_BASE = '/telegram';

/** True when the app was opened under /telegram (the Mini App entry point). */
export function isTelegramPath(pathname: string = window.location.pathname): boolean {
  return pathname === TELEGRAM_BASE || pathname.startsWith(`${TELEGRAM_BASE}/`);
}

/** Where the development mock's options are kept for the tab's session. */
export const MOCK_KEY = 'otkrytka.telegram-mock';

/** Where the Telegram SDK keeps the launch parameters for the tab's session (a reload keeps them). */
export const SDK_LAUNCH_KEY = 'tapps/launchParams';

/**
 * True when Telegram launch data is present: `tgWebAppData` in the address (Telegram puts it in the
 * hash) or kept by the SDK for the tab's session. Cheap, with no SDK code, for the first load.
 */
export function hasTelegramLaunchData(): boolean {
  try {
    return window.location.hash.includes('tgWebAppData=') || (sessionStorage.getItem(SDK_LAUNCH_KEY) ?? '').includes('tgWebAppData');
  } catch {
    return false;
  }
}

/**
 * A Mini App whose bot points at the site's root (or any page) instead of /telegram still runs as
 * the Mini App: with launch data present, the address moves under /telegram before the router
 * starts (the hash, holding the launch data, goes with it), and the Mini App routes from there.
 */
export function moveLaunchUnderTelegramBase(): void {
  try {
    if (isTelegramPath() || !hasTelegramLaunchData()) return;
    const { pathname, search, hash } = window.location;
    window.history.replaceState(window.history.state, '', `${TELEGRAM_BASE}${pathname === '/' ? '' : pathname}${search}${hash}`);
  } catch (e) {
    console.warn('Telegram launch outside /telegram', e);
  }
}
moveLaunchUnderTelegramBase();
