/** The Mini App environment: loading the SDK on demand (only with Telegram launch data) and what it offers. */
import type * as SdkModule from './sdk';
import type { TelegramLaunch } from './sdk';
import { hasTelegramLaunchData, isTelegramPath, MOCK_KEY } from './base';
import type { HapticKind } from './types';

export { hasTelegramLaunchData, isTelegramPath, TELEGRAM_BASE } from './base';

/** Telegram switches theme with the app only on narrow screens. */
export const TELEGRAM_THEME_BREAKPOINT = 768;

type Sdk = typeof SdkModule;
let sdk: Sdk | null = null;
let launch: TelegramLaunch | null = null;
let loading: Promise<TelegramLaunch | null> | null = null;

/**
 * The development/test Telegram mock (`?tg_mock=1`, see `./mock`), asked for in the address or kept
 * for the tab's session: only then is the mock's own code loaded.
 */
function mockAsked(): boolean {
  try {
    return window.location.search.includes('tg_mock') || sessionStorage.getItem(MOCK_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * Whether to load the SDK: Telegram launch data is present (on any path: a bot may point at the
 * site's root), the address is under /telegram, or the development mock is asked for.
 */
export function telegramLaunchExpected(): boolean {
  return hasTelegramLaunchData() || isTelegramPath() || mockAsked();
}

/** Loads and starts the SDK once; null outside Telegram. */
export function loadTelegram(): Promise<TelegramLaunch | null> {
  loading ??= (async () => {
    if (mockAsked()) {
      try {
        const mock = await import('./mock');
        const options = mock.mockRequest();
        if (options) await mock.installTelegramMock(options);
      } catch (e) {
        console.warn(e);
      }
    }
    const launched = import('./launch');
    sdk = await import('./sdk');
    launch = sdk.startTelegram();
    // before the router starts and the app draws
    if (launch) await launched.then((l) => l.applyLaunch(launch!)).catch((e: unknown) => console.warn(e));
    return launch;
  })().catch((e: unknown) => {
    console.error('Telegram SDK failed to start', e);
    return null;
  });
  return loading;
}

/** The SDK module once Telegram has started (null in a browser). */
export function telegramSdk(): Sdk | null {
  return launch ? sdk : null;
}

/** The Telegram user of this launch (unchecked: the server's check is what signs in). */
export function telegramUser(): TelegramLaunch['user'] {
  return launch?.user ?? null;
}

/** The raw initData of this launch, for POST /api/auth/telegram. */
export function telegramInitData(): string | null {
  return launch?.rawInitData ?? null;
}

/** Calls `fn` when Telegram activates the mini app again; does nothing in a browser. Returns the unsubscribe. */
export function onTelegramActivated(fn: () => void): () => void {
  return telegramSdk()?.onActivated(fn) ?? (() => {});
}

/** A short vibration inside Telegram; does nothing elsewhere. */
export function haptic(kind: HapticKind): void {
  telegramSdk()?.haptic(kind);
}

/** Share links must be https links to Telegram. */
export function isTelegramLink(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' && (u.hostname === 't.me' || u.hostname === 'telegram.me');
  } catch {
    return false;
  }
}

/**
 * Opens a t.me link: inside Telegram through the client (so it stays in the app), elsewhere in a
 * new tab. Returns false, opening nothing, for a link that is not an https t.me link.
 */
export function openTelegramLink(url: string): boolean {
  if (!isTelegramLink(url)) return false;
  if (telegramSdk()?.openLink(url)) return true;
  window.open(url, '_blank', 'noopener,noreferrer');
  return true;
}

/**
 * Inside Telegram, opens a link to another site (WhatsApp, VK) the way Telegram opens links, not
 * as a tab of the Mini App's web view; false outside Telegram (the caller's link opens as usual).
 */
export function openExternalLink(url: string): boolean {
  return telegramSdk()?.openExternalLink(url) ?? false;
}

/**
 * Sends a prepared Telegram message through the client's chat picker. 'sent'; 'declined': the user
 * closed it; 'failed': Telegram could not send it (`prepared_message_failed`); null: outside
 * Telegram or the client is too old (share a link instead).
 */
export async function telegramShareMessage(preparedId: string): Promise<'sent' | 'declined' | 'failed' | null> {
  const s = telegramSdk();
  return s ? s.shareMessage(preparedId) : null;
}

/** Whether this Telegram client can send prepared messages (false in a browser). */
export function canTelegramShareMessage(): boolean {
  return telegramSdk()?.canShareMessage() ?? false;
}

/** Whether this Telegram client can post stories (false in a browser). */
export function canTelegramShareStory(): boolean {
  return telegramSdk()?.canShareStory() ?? false;
}

/** Opens Telegram's story editor with the picture at `mediaUrl` (absolute https in production). */
export function telegramShareStory(mediaUrl: string, o: { text?: string; link?: { url: string; name: string } } = {}): boolean {
  return telegramSdk()?.shareStory(mediaUrl, o) ?? false;
}
