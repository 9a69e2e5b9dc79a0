/**
 * The only place that talks to the Telegram Mini App environment. Everything else asks here:
 * `useTelegram()`, `useTelegramMainButton()`, `useTelegramBackButton()`, `openTelegramLink()`,
 * `haptic()`. The SDK itself is loaded on demand, only with Telegram launch data.
 */
export * from './environment';
export type { HapticKind, TelegramState, TelegramUserInfo } from './types';
export { setDefaultTelegramBackButton, TelegramProvider, useTelegram, useTelegramBackButton, useTelegramMainButton } from './TelegramProvider';
export { useTelegramHeaderColor } from './header';
export {
  appAlert,
  appConfirm,
  askTelegramWriteAccessOnce,
  POPUP_LIMITS,
  requestTelegramWriteAccess,
  setTelegramFullscreen,
  setTelegramVerticalSwipes,
  telegramSignInFailed,
  useTelegramFullscreen,
  useTelegramSecondaryButton,
  useTelegramVerticalSwipesOff,
} from './native';
