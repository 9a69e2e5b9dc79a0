export interface TelegramUserInfo {
  id: number;
  username?: string;
  first_name?: string;
  last_name?: string;
}

/** Telegram state as the app sees it. */
export interface TelegramState {
  /** true inside Telegram (or its development mock): launch parameters are present */
  isTelegramApp: boolean;
  telegramUser: TelegramUserInfo | null;
  /** false until the SDK has started (the shell shows a spinner until then) */
  isReady: boolean;
  telegramTheme: 'light' | 'dark';
}

export type HapticKind = 'light' | 'medium' | 'heavy' | 'rigid' | 'soft' | 'success' | 'warning' | 'error' | 'selection';
