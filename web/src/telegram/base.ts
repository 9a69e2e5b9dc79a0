/** Where the Mini App lives: shared by the first load and the chunks loaded only inside Telegram. */
export const TELEGRAM_BASE = '/telegram';

/** True when the app was opened under /telegram (the Mini App entry point). */
export function isTelegramPath(pathname: string = window.location.pathname): boolean {
  return pathname === TELEGRAM_BASE || pathname.startsWith(`${TELEGRAM_BASE}/`);
}

/** Where the development mock's options are kept for the tab's session. */
export const MOCK_KEY = 'otkrytka.telegram-mock';
