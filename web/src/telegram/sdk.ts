/**
 * The Telegram SDK binding. Loaded on demand (only under /telegram), so the SDK never weighs on the
 * ordinary web app's first load. Everything else reaches Telegram through `./index`.
 */
import {
  backButton,
  hapticFeedback,
  init,
  mainButton,
  miniApp,
  openLink as sdkOpenLink,
  openTelegramLink as sdkOpenTelegramLink,
  retrieveLaunchParams,
  retrieveRawInitData,
  shareMessage as sdkShareMessage,
  shareStory as sdkShareStory,
  swipeBehavior,
  themeParams,
  viewport,
} from '@telegram-apps/sdk-react';
import type { HapticKind, TelegramUserInfo } from './types';

export interface TelegramLaunch {
  user: TelegramUserInfo | null;
  /** the raw initData string, sent as is to the server for its HMAC check */
  rawInitData: string | null;
  isDark: boolean;
  /** the start parameter of a direct Mini App link (`?startapp=`), from the signed initData */
  startParam: string | null;
  /** the user's Telegram language code (`en`, `uk`…), from the signed initData */
  languageCode: string | null;
}

let started: TelegramLaunch | null | undefined;

/**
 * Starts the SDK when the page runs inside Telegram (or its development mock): mounts the mini
 * app, theme (bound to CSS variables), viewport, back and main buttons, then tells Telegram the
 * app is ready. Returns null in an ordinary browser (no launch parameters).
 */
export function startTelegram(): TelegramLaunch | null {
  if (started !== undefined) return started;
  let lp;
  try {
    lp = retrieveLaunchParams();
  } catch {
    started = null;
    return null;
  }
  init();
  themeParams.mountSync.ifAvailable();
  themeParams.bindCssVars.ifAvailable();
  miniApp.mountSync.ifAvailable();
  miniApp.bindCssVars.ifAvailable();
  backButton.mount.ifAvailable();
  mainButton.mount.ifAvailable();
  swipeBehavior.mount.ifAvailable();
  // The sidebar opens with a horizontal swipe; keep vertical swipes from closing the app mid-scroll.
  swipeBehavior.disableVertical.ifAvailable();
  // The viewport answers asynchronously; never let it hold up the first screen.
  if (viewport.mount.isAvailable()) {
    viewport
      .mount()
      .then(() => {
        viewport.bindCssVars.ifAvailable();
        viewport.expand.ifAvailable();
      })
      .catch((e: unknown) => console.warn('Telegram viewport', e));
  }
  setHeaderColor(null);
  miniApp.ready.ifAvailable();

  const u = lp.tgWebAppData?.user;
  let raw: string | null = null;
  try {
    raw = retrieveRawInitData() ?? null;
  } catch {
    raw = null;
  }
  const launch: TelegramLaunch = {
    user: u ? { id: u.id, username: u.username, first_name: u.first_name, last_name: u.last_name } : null,
    rawInitData: raw,
    isDark: themeParams.isDark(),
    startParam: lp.tgWebAppData?.start_param ?? lp.tgWebAppStartParam ?? null,
    languageCode: u?.language_code || null,
  };
  started = launch;
  return launch;
}

/** Telegram's header above the Mini App: a colour (`#rrggbb`), or null for the app's own (Telegram's secondary background). */
export function setHeaderColor(color: `#${string}` | null): void {
  miniApp.setHeaderColor.ifAvailable(color ?? 'secondary_bg_color');
}

/** Calls `fn(isDark)` whenever Telegram's theme changes. */
export function onThemeChange(fn: (isDark: boolean) => void): () => void {
  return themeParams.isDark.sub((v) => fn(v));
}

/** Calls `fn` whenever Telegram activates the mini app again (it was hidden or minimised). */
export function onActivated(fn: () => void): () => void {
  return miniApp.isActive.sub((active) => {
    if (active) fn();
  });
}

export function showBackButton(visible: boolean): void {
  if (visible) backButton.show.ifAvailable();
  else backButton.hide.ifAvailable();
}

export function onBackButton(fn: () => void): () => void {
  const [called, off] = backButton.onClick.ifAvailable(fn);
  return called ? off : () => {};
}

export interface MainButtonParams {
  text: string;
  visible: boolean;
  loading: boolean;
  enabled: boolean;
}

export function setMainButton(p: MainButtonParams): void {
  mainButton.setParams.ifAvailable({
    text: p.text,
    isVisible: p.visible,
    isLoaderVisible: p.loading,
    isEnabled: p.enabled && !p.loading,
  });
}

export function onMainButton(fn: () => void): () => void {
  const [called, off] = mainButton.onClick.ifAvailable(fn);
  return called ? off : () => {};
}

export function haptic(kind: HapticKind): void {
  if (kind === 'selection') hapticFeedback.selectionChanged.ifAvailable();
  else if (kind === 'success' || kind === 'error' || kind === 'warning') hapticFeedback.notificationOccurred.ifAvailable(kind);
  else hapticFeedback.impactOccurred.ifAvailable(kind);
}

/** Opens a link to another site in the browser Telegram chooses; false when the SDK cannot. */
export function openExternalLink(url: string): boolean {
  const [called] = sdkOpenLink.ifAvailable(url);
  return called;
}

/** Opens a t.me link inside Telegram; false when the SDK cannot (the caller falls back). */
export function openLink(url: string): boolean {
  const [called] = sdkOpenTelegramLink.ifAvailable(url);
  return called;
}

/**
 * Hands a prepared message (Bot API savePreparedInlineMessage) to Telegram's "send to a chat"
 * dialog. Resolves true when it was sent, false when the user closed the dialog; null when this
 * client is too old for it (the caller shares a link instead).
 */
export async function shareMessage(preparedId: string): Promise<boolean | null> {
  if (!sdkShareMessage.isAvailable()) return null;
  try {
    await sdkShareMessage(preparedId);
    return true;
  } catch (e) {
    console.warn('Telegram shareMessage', e);
    return false;
  }
}

export const canShareMessage = (): boolean => sdkShareMessage.isAvailable();
export const canShareStory = (): boolean => sdkShareStory.isAvailable();

/** Opens Telegram's story editor with a picture; false when this client cannot. */
export function shareStory(mediaUrl: string, o: { text?: string; link?: { url: string; name: string } }): boolean {
  const [called] = sdkShareStory.ifAvailable(mediaUrl, {
    ...(o.text ? { text: o.text } : {}),
    ...(o.link ? { widgetLink: { url: o.link.url, name: o.link.name } } : {}),
  });
  return called;
}
