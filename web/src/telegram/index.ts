/**
 * The only place that talks to the Telegram Mini App environment. Everything else asks here:
 * `useTelegram()`, `useTelegramMainButton()`, `useTelegramBackButton()`, `openTelegramLink()`,
 * `haptic()`. The SDK itself is loaded on demand, only with Telegram launch data.
 */
export * from './environment';
export type { HapticKind, TelegramState, TelegramUserInfo } from './types';
export { setDefaultTelegramBackButton, TelegramProvider, useTelegram, useTelegramBackButton, useTelegramMainButton } from './TelegramProvider';
export { useTelegramHeaderColor } from './header';
// Telegram's other native controls (popups, swipes, fullscreen, the secondary button, write
// access) are in `@/telegram/native`, imported by the pages that use them: the first load never carries them.
