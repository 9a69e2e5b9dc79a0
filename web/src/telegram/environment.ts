/** The Mini App environment: loading the SDK on demand (only under /telegram) and what it offers. */
import type { TelegramMockOptions } from './mock';
import type * as SdkModule from './sdk';
import type { TelegramLaunch } from './sdk';
import type { HapticKind } from './types';
import { startParamPath } from '@otkrytka/contract/rules/share';

export const TELEGRAM_BASE = '/telegram';
/** Telegram switches theme with the app only on narrow screens (spec 000 §4, §9). */
export const TELEGRAM_THEME_BREAKPOINT = 768;

/** True when the app was opened under /telegram (the Mini App entry point). */
export function isTelegramPath(pathname: string = window.location.pathname): boolean {
  return pathname === TELEGRAM_BASE || pathname.startsWith(`${TELEGRAM_BASE}/`);
}

type Sdk = typeof SdkModule;
let sdk: Sdk | null = null;
let launch: TelegramLaunch | null = null;
let loading: Promise<TelegramLaunch | null> | null = null;

const MOCK_KEY = 'otkrytka.telegram-mock';

/**
 * The development/test Telegram mock is asked for with `?tg_mock=1` (or `?tg_mock=<telegram user id>`,
 * plus `tg_mock_theme=dark`, `tg_mock_name=…`, `tg_mock_start=<start param>`, `tg_mock_version=7.0`) and kept for the tab's session; `?tg_mock=0` ends it.
 * It only works against a server with test hooks, which signs the initData.
 */
function mockRequest(): TelegramMockOptions | null {
  try {
    const q = new URLSearchParams(window.location.search);
    const flag = q.get('tg_mock');
    if (flag === '0' || flag === 'off') {
      sessionStorage.removeItem(MOCK_KEY);
      return null;
    }
    if (flag !== null) {
      const id = /^\d{2,15}$/.test(flag) ? Number(flag) : 100001;
      const opts: TelegramMockOptions = {
        user: { id, first_name: q.get('tg_mock_name') ?? 'Тест', last_name: 'Телеграмов', username: `tg_${id}` },
        theme: q.get('tg_mock_theme') === 'dark' ? 'dark' : 'light',
        ...(q.get('tg_mock_start') ? { startParam: q.get('tg_mock_start')! } : {}),
        ...(q.get('tg_mock_version') ? { version: q.get('tg_mock_version')! } : {}),
      };
      sessionStorage.setItem(MOCK_KEY, JSON.stringify(opts));
      return opts;
    }
    const saved = sessionStorage.getItem(MOCK_KEY);
    return saved ? (JSON.parse(saved) as TelegramMockOptions) : null;
  } catch {
    return null;
  }
}

/** Loads and starts the SDK once; null outside Telegram. */
export function loadTelegram(): Promise<TelegramLaunch | null> {
  loading ??= (async () => {
    const mock = mockRequest();
    if (mock) {
      try {
        await (await import('./mock')).installTelegramMock(mock);
      } catch (e) {
        console.warn(e);
      }
    }
    sdk = await import('./sdk');
    launch = sdk.startTelegram();
    if (launch) openStartTarget(launch.startParam);
    return launch;
  })().catch((e: unknown) => {
    console.error('Telegram SDK failed to start', e);
    return null;
  });
  return loading;
}

/**
 * A direct Mini App link (`t.me/<bot>/<app>?startapp=card_<id>`) opens the app on its home page
 * with a start parameter: go to the greeting before the router starts, so the recipient never
 * sees the gallery first. Only from the home page — a reload elsewhere stays where it is.
 */
function openStartTarget(startParam: string | null): void {
  const target = startParamPath(startParam);
  const path = window.location.pathname.replace(/\/+$/, '');
  if (!target || (path !== TELEGRAM_BASE && path !== `${TELEGRAM_BASE}/gallery`)) return;
  window.history.replaceState(null, '', `${TELEGRAM_BASE}${target}`);
}

/** The SDK module once Telegram has started (null in a browser). */
export function telegramSdk(): Sdk | null {
  return launch ? sdk : null;
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

/** Share links must be https links to Telegram (spec 000 §5). */
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
 * Sends a prepared Telegram message through the client's chat picker. true: sent; false: the
 * user closed it; null: outside Telegram or the client is too old (share a link instead).
 */
export async function telegramShareMessage(preparedId: string): Promise<boolean | null> {
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
