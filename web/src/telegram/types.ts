export interface TelegramUserInfo {
  id: number;
  username?: string;
  first_name?: string;
  last_name?: string;
  /** Telegram Premium (from the launch data): only Premium users can add a link widget to a story */
  is_premium?: boolean;
  /** whether the user already lets the bot write to them (from the launch data) */
  allows_write_to_pm?: boolean;
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
