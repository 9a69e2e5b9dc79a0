/**
 * Telegram's native controls beyond the back and main buttons: vertical swipes, fullscreen and the
 * secondary button, each held by the screen that needs it while it is mounted. They do nothing in
 * a browser.
 */
import { useEffect, useRef } from 'react';
import { i18n } from '../i18n';
import { telegramSdk, telegramUser } from './environment';
import { useTelegram } from './TelegramProvider';

/** Vertical swipes (minimise/close the Mini App) on or off; does nothing in a browser. */
export function setTelegramVerticalSwipes(enabled: boolean): void {
  telegramSdk()?.setVerticalSwipes(enabled);
}

/** Telegram's fullscreen on or off; does nothing in a browser or a client without it. */
export function setTelegramFullscreen(on: boolean): void {
  telegramSdk()?.setFullscreen(on);
}

/**
 * Asks once for the bot's permission to write to the user (reminders come as bot messages).
 * Resolves whether it is allowed; null outside Telegram or when the client cannot ask.
 */
export async function requestTelegramWriteAccess(): Promise<boolean | null> {
  const s = telegramSdk();
  return s ? s.requestWriteAccess() : null;
}

/** Telegram's popup limits: a title of 64 characters, a message of 256, three buttons. */
export const POPUP_LIMITS = { title: 64, message: 256, buttons: 3 } as const;

/** `window.alert`, inside Telegram its native popup (Telegram allows the browser's dialogs poorly). */
export async function appAlert(message: string): Promise<void> {
  const s = telegramSdk();
  if (s && (await s.showPopup({ message, buttons: [{ id: 'ok', type: 'ok' }] })) !== undefined) return;
  window.alert(message);
}

/** `window.confirm`, inside Telegram its native popup: true when `ok` was pressed. */
export async function appConfirm(message: string, o: { title?: string; ok: string; cancel: string; destructive?: boolean }): Promise<boolean> {
  const s = telegramSdk();
  if (s) {
    const id = await s.showPopup({
      ...(o.title ? { title: o.title } : {}),
      message,
      buttons: [
        { id: 'cancel', type: 'default', text: o.cancel },
        { id: 'ok', type: o.destructive ? 'destructive' : 'default', text: o.ok },
      ],
    });
    if (id !== undefined) return id === 'ok';
  }
  return window.confirm(message);
}

const WRITE_ACCESS_KEY = 'otkrytka.telegram-write-access-asked';

/**
 * Inside Telegram, asks once for the bot's permission to write to the user, after a short
 * explanation (`title`, `message`); never again once answered, nor when the user already allows it.
 */
export async function askTelegramWriteAccessOnce(title: string, message: string): Promise<void> {
  const s = telegramSdk();
  if (!s || telegramUser()?.allows_write_to_pm) return;
  try {
    if (localStorage.getItem(WRITE_ACCESS_KEY)) return;
  } catch {
    return;
  }
  await s.showPopup({ title, message, buttons: [{ id: 'ok', type: 'ok' }] });
  const allowed = await s.requestWriteAccess();
  if (allowed === null) return;
  try {
    localStorage.setItem(WRITE_ACCESS_KEY, allowed ? 'allowed' : 'denied');
  } catch {
    // private mode: asked again next time
  }
}

let swipesOff = 0;

/**
 * Vertical swipes minimise or close the Mini App; they stay on except while a screen needs them
 * (the viewer's swipes, a drag in the category editor): off while `active`, on again after.
 */
export function useTelegramVerticalSwipesOff(active: boolean): void {
  const { isTelegramApp } = useTelegram();
  useEffect(() => {
    if (!isTelegramApp || !active) return;
    if (swipesOff++ === 0) setTelegramVerticalSwipes(false);
    return () => {
      if (--swipesOff === 0) setTelegramVerticalSwipes(true);
    };
  }, [isTelegramApp, active]);
}

let fullscreenHolders = 0;

/**
 * Fullscreen while the calling screen is mounted and `active` (the greeting's reveal, the
 * viewer); the layout keeps clear of Telegram's controls by the content safe-area insets
 * (`--tg-viewport-content-safe-area-inset-*`, see styles). Left when the last holder goes.
 */
export function useTelegramFullscreen(active = true): void {
  const { isTelegramApp } = useTelegram();
  useEffect(() => {
    if (!isTelegramApp || !active) return;
    if (fullscreenHolders++ === 0) setTelegramFullscreen(true);
    return () => {
      if (--fullscreenHolders === 0) setTelegramFullscreen(false);
    };
  }, [isTelegramApp, active]);
}

export interface SecondaryButtonOptions {
  text: string;
  onClick: () => void;
  visible?: boolean;
  loading?: boolean;
  enabled?: boolean;
}

/**
 * Drives Telegram's secondary button (beside the main one) while the caller is mounted. Returns
 * true when the Telegram button is in use, so the caller can leave out its own.
 */
export function useTelegramSecondaryButton({ text, onClick, visible = true, loading = false, enabled = true }: SecondaryButtonOptions): boolean {
  const { isTelegramApp } = useTelegram();
  const cb = useRef(onClick);
  const shownText = useRef(text);
  useEffect(() => {
    cb.current = onClick;
    shownText.current = text;
  });
  useEffect(() => {
    telegramSdk()?.setSecondaryButton({ text, visible, loading, enabled });
  }, [isTelegramApp, text, visible, loading, enabled]);
  useEffect(() => {
    const sdk = isTelegramApp ? telegramSdk() : null;
    if (!sdk) return;
    const off = sdk.onSecondaryButton(() => cb.current());
    return () => {
      off();
      sdk.setSecondaryButton({ text: shownText.current, visible: false, loading: false, enabled: false });
    };
  }, [isTelegramApp]);
  return isTelegramApp && !!telegramSdk();
}

/**
 * Says that signing in with this Telegram launch failed (the server refused its launch data): a
 * Telegram user never lands in the website silently. For the session's sign-in to call.
 */
export function telegramSignInFailed(): void {
  if (telegramSdk()) void appAlert(i18n.t('shell:tg.signInFailed'));
}
