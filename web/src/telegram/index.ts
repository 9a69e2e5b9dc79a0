/**
 * The only place that talks to the Telegram Mini App environment. Everything else asks here.
 * (The shell work fills in the SDK binding: ready, theme, viewport, back button, main button.)
 */
export const TELEGRAM_BASE = '/telegram';

/** True when the app was opened under /telegram (the Mini App entry point). */
export function isTelegramPath(pathname: string = window.location.pathname): boolean {
  return pathname === TELEGRAM_BASE || pathname.startsWith(`${TELEGRAM_BASE}/`);
}

export interface TelegramUserInfo {
  id: number;
  username?: string;
  first_name?: string;
  last_name?: string;
}

export interface TelegramState {
  isTelegramApp: boolean;
  telegramUser: TelegramUserInfo | null;
  isReady: boolean;
  telegramTheme: 'light' | 'dark';
}
