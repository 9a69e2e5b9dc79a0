/**
 * The Telegram SDK binding. Loaded on demand (only when Telegram launch data is present), so the SDK never weighs on the
 * ordinary web app's first load. Everything else reaches Telegram through `./index`.
 */
import {
  addToHomeScreen as sdkAddToHomeScreen,
  backButton,
  checkHomeScreenStatus,
  closingBehavior,
  cloudStorage,
  createRequestId,
  hapticFeedback,
  init,
  mainButton,
  miniApp,
  openLink as sdkOpenLink,
  openTelegramLink as sdkOpenTelegramLink,
  popup,
  request,
  requestWriteAccess as sdkRequestWriteAccess,
  retrieveLaunchParams,
  retrieveRawInitData,
  shareMessage as sdkShareMessage,
  shareStory as sdkShareStory,
  secondaryButton,
  settingsButton,
  supports,
  swipeBehavior,
  themeParams,
  viewport,
  type HomeScreenStatus,
} from '@telegram-apps/sdk-react';
import { SDK_LAUNCH_KEY } from './base';
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
/** The Mini Apps version the client reports (what it can do), from the launch parameters. */
let clientVersion = '6.0';

/** The launch query as Telegram passed it: the address's hash, the page's first address, or the tab's session. */
function rawLaunchQuery(): URLSearchParams | null {
  const sources = [
    () => window.location.hash,
    () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.name.replace(/^[^#]*/, '') ?? '',
    () => JSON.parse(sessionStorage.getItem(SDK_LAUNCH_KEY) ?? '""') as string,
  ];
  for (const source of sources) {
    try {
      const q = new URLSearchParams(source().replace(/^[^?#]*[?#]/, '').replace(/[?#]/g, '&'));
      if (q.get('tgWebAppData')) return q;
    } catch {
      // the next source
    }
  }
  return null;
}

/** The user and start parameter of raw initData, read as is (the server checks its signature). */
function readInitData(raw: string): { user: TelegramUserInfo | null; startParam: string | null; languageCode: string | null } {
  const q = new URLSearchParams(raw);
  let u: (TelegramUserInfo & { language_code?: string }) | null = null;
  try {
    u = q.get('user') ? (JSON.parse(q.get('user')!) as TelegramUserInfo & { language_code?: string }) : null;
  } catch {
    u = null;
  }
  return {
    user: u && typeof u.id === 'number' ? userInfo(u) : null,
    startParam: q.get('start_param'),
    languageCode: u?.language_code || null,
  };
}

function userInfo(u: {
  id: number;
  username?: string;
  first_name?: string;
  last_name?: string;
  is_premium?: boolean;
  allows_write_to_pm?: boolean;
}): TelegramUserInfo {
  return {
    id: u.id,
    username: u.username,
    first_name: u.first_name,
    last_name: u.last_name,
    is_premium: u.is_premium === true,
    allows_write_to_pm: u.allows_write_to_pm === true,
  };
}

/** What this app reads of the launch parameters the SDK parsed. */
interface LaunchRead {
  tgWebAppStartParam?: string;
  tgWebAppVersion?: string;
  tgWebAppData?: { start_param?: string; user?: Parameters<typeof userInfo>[0] & { language_code?: string } };
}

/**
 * Starts the SDK when the page runs inside Telegram (or its development mock): mounts the mini
 * app, theme (bound to CSS variables), viewport, back, main, secondary and settings buttons, then
 * tells Telegram the app is ready. Returns null in an ordinary browser (no launch parameters).
 *
 * Launch data the SDK's parser refuses (a field it insists on is missing) is still a Telegram
 * launch: the error is logged, and the raw initData goes to the server, whose signature check decides.
 */
export function startTelegram(): TelegramLaunch | null {
  if (started !== undefined) return started;
  let lp: LaunchRead | null = null;
  let original: string | null = null;
  try {
    lp = retrieveLaunchParams() as LaunchRead;
  } catch (e) {
    const query = rawLaunchQuery();
    if (!query) {
      started = null;
      return null;
    }
    console.error('Telegram launch data did not pass the SDK parser; the server checks it as is', e);
    original = query.get('tgWebAppData');
    lp = acceptedByPatching(query, original!);
  }
  if (lp?.tgWebAppVersion) clientVersion = lp.tgWebAppVersion;
  step('start', () => init());
  mountAll();

  let raw: string | null = original;
  if (raw === null) {
    try {
      raw = retrieveRawInitData() ?? null;
      // the SDK's copy of a launch it refused at first: the server gets what Telegram signed
      const kept = JSON.parse(sessionStorage.getItem(ORIGINAL_KEY) ?? 'null') as { patched: string; original: string } | null;
      if (kept && kept.patched === raw) raw = kept.original;
    } catch {
      // raw stays as read
    }
  }
  const u = lp?.tgWebAppData?.user;
  const loose = raw && !u ? readInitData(raw) : null;
  let isDark = false;
  try {
    isDark = themeParams.isDark();
  } catch {
    isDark = false;
  }
  const launch: TelegramLaunch = {
    user: u ? userInfo(u) : (loose?.user ?? null),
    rawInitData: raw,
    isDark,
    startParam: lp?.tgWebAppData?.start_param ?? loose?.startParam ?? lp?.tgWebAppStartParam ?? null,
    languageCode: u?.language_code || loose?.languageCode || null,
  };
  started = launch;
  return launch;
}

/** Where a launch the SDK refused keeps its original initData beside the SDK's patched copy. */
const ORIGINAL_KEY = 'otkrytka.telegram-init-data';

/**
 * The SDK's parser insists on fields the server does not need (`signature`); without them none of
 * its features would start. Its session copy gets stand-ins, so the buttons, theme and viewport
 * work; the server still receives the original, unchanged initData.
 */
function acceptedByPatching(query: URLSearchParams, original: string): LaunchRead | null {
  try {
    const data = new URLSearchParams(original);
    if (!data.has('signature')) data.set('signature', 'none');
    if (!data.has('auth_date')) data.set('auth_date', '0');
    const patched = new URLSearchParams(query);
    patched.set('tgWebAppData', data.toString());
    if (!patched.has('tgWebAppThemeParams')) patched.set('tgWebAppThemeParams', '{}');
    if (!patched.has('tgWebAppVersion')) patched.set('tgWebAppVersion', '6.0');
    if (!patched.has('tgWebAppPlatform')) patched.set('tgWebAppPlatform', 'unknown');
    sessionStorage.setItem(ORIGINAL_KEY, JSON.stringify({ patched: data.toString(), original }));
    sessionStorage.setItem(SDK_LAUNCH_KEY, JSON.stringify(patched.toString()));
    return retrieveLaunchParams() as LaunchRead;
  } catch (e) {
    console.error('Telegram SDK: launch data refused even with stand-ins; signing in with it as is', e);
    return null;
  }
}

/** One step of the start; a step that fails (launch data the SDK refused) does not stop the others. */
function step(name: string, fn: () => unknown): void {
  try {
    fn();
  } catch (e) {
    console.warn(`Telegram ${name}`, e);
  }
}

function mountAll(): void {
  step('theme', () => {
    themeParams.mountSync.ifAvailable();
    themeParams.bindCssVars.ifAvailable();
  });
  step('mini app', () => {
    miniApp.mountSync.ifAvailable();
    miniApp.bindCssVars.ifAvailable();
  });
  step('back button', () => backButton.mount.ifAvailable());
  step('main button', () => mainButton.mount.ifAvailable());
  step('secondary button', () => secondaryButton.mount.ifAvailable());
  step('settings button', () => settingsButton.mount.ifAvailable());
  // Vertical swipes stay on (Telegram's native way to minimise or close the app); the viewer and
  // a drag in progress turn them off while they need them (setVerticalSwipes).
  step('swipes', () => {
    swipeBehavior.mount.ifAvailable();
    swipeBehavior.enableVertical.ifAvailable();
  });
  // The viewport answers asynchronously; never let it hold up the first screen. Its CSS variables
  // include the content safe-area insets (--tg-viewport-content-safe-area-inset-*).
  step('viewport', () => {
    if (!viewport.mount.isAvailable()) return;
    viewport
      .mount()
      .then(() => {
        viewport.bindCssVars.ifAvailable();
        viewport.expand.ifAvailable();
      })
      .catch((e: unknown) => console.warn('Telegram viewport', e));
  });
  step('fullscreen layout', keepClearOfTelegramControls);
  step('header', () => setHeaderColor(null));
  step('ready', () => miniApp.ready.ifAvailable());
}

/**
 * In fullscreen Telegram draws its close and menu controls over the app, under the phone's notch:
 * the page and the fullscreen screens (`data-tg-safe`) keep clear of them by the insets the SDK
 * binds as CSS variables (safe area: the device; content safe area: Telegram's controls).
 */
function keepClearOfTelegramControls(): void {
  const style = document.createElement('style');
  style.id = 'otkrytka-telegram-insets';
  style.textContent = `html.tg-fullscreen{--tg-inset-top:calc(var(--tg-viewport-safe-area-inset-top,0px) + var(--tg-viewport-content-safe-area-inset-top,0px));--tg-inset-bottom:calc(var(--tg-viewport-safe-area-inset-bottom,0px) + var(--tg-viewport-content-safe-area-inset-bottom,0px))}
html.tg-fullscreen #root,html.tg-fullscreen [data-tg-safe]{padding-top:var(--tg-inset-top);padding-bottom:var(--tg-inset-bottom)}`;
  document.head.appendChild(style);
  const apply = (on: boolean) => document.documentElement.classList.toggle('tg-fullscreen', on);
  viewport.isFullscreen.sub(apply);
  apply(viewport.isFullscreen());
}

/** Telegram asks before closing the app while `on` (a draft that is not saved everywhere yet). */
export function setClosingConfirmation(on: boolean): void {
  if (!closingBehavior.isMounted()) closingBehavior.mount.ifAvailable();
  if (on) closingBehavior.enableConfirmation.ifAvailable();
  else closingBehavior.disableConfirmation.ifAvailable();
}

/** How long a storage request may wait for the client's answer (a client may never answer). */
const STORAGE_TIMEOUT_MS = 4000;

/** Telegram's CloudStorage (the user's, across their devices); null when this client has none. */
export async function cloudGet(key: string): Promise<string | null> {
  if (!cloudStorage.getItem.isAvailable()) return null;
  try {
    return (await cloudStorage.getItem(key, { timeout: STORAGE_TIMEOUT_MS })) || null;
  } catch (e) {
    console.warn('Telegram CloudStorage', e);
    return null;
  }
}

/** Keeps `value` (at most 4096 characters) in CloudStorage, or removes the key for null; false when it could not. */
export async function cloudSet(key: string, value: string | null): Promise<boolean> {
  try {
    if (value === null) {
      if (!cloudStorage.deleteItem.isAvailable()) return false;
      await cloudStorage.deleteItem(key, { timeout: STORAGE_TIMEOUT_MS });
      return true;
    }
    if (!cloudStorage.setItem.isAvailable() || value.length > 4096) return false;
    await cloudStorage.setItem(key, value, { timeout: STORAGE_TIMEOUT_MS });
    return true;
  } catch (e) {
    console.warn('Telegram CloudStorage', e);
    return false;
  }
}

/** Whether this client keeps data on the device for the app (DeviceStorage, Mini Apps 9.0). */
export const hasDeviceStorage = (): boolean => supports('web_app_device_storage_get_key', clientVersion);

/** Telegram's DeviceStorage (this device only, kept by the client): the value, null when none; undefined when the client has none or failed. */
export async function deviceGet(key: string): Promise<string | null | undefined> {
  if (!hasDeviceStorage()) return undefined;
  const req_id = createRequestId();
  try {
    const r = await request('web_app_device_storage_get_key', ['device_storage_key_received', 'device_storage_failed'], {
      params: { req_id, key },
      capture: ({ payload }) => payload.req_id === req_id,
      timeout: STORAGE_TIMEOUT_MS,
    });
    return 'value' in r ? (r.value ?? null) : undefined;
  } catch (e) {
    console.warn('Telegram DeviceStorage', e);
    return undefined;
  }
}

/** Keeps `value` in DeviceStorage, or removes the key for null; false when it could not. */
export async function deviceSet(key: string, value: string | null): Promise<boolean> {
  if (!hasDeviceStorage()) return false;
  const req_id = createRequestId();
  try {
    const r = await request('web_app_device_storage_save_key', ['device_storage_key_saved', 'device_storage_failed'], {
      params: { req_id, key, value },
      capture: ({ payload }) => payload.req_id === req_id,
      timeout: STORAGE_TIMEOUT_MS,
    });
    return !('error' in r);
  } catch (e) {
    console.warn('Telegram DeviceStorage', e);
    return false;
  }
}

/**
 * Whether the app is on the device's home screen (Mini Apps 8.0): 'added', 'missed', 'unknown'
 * (it can be added, whether it is cannot be told) or 'unsupported'; null when this client cannot say.
 */
export async function homeScreenStatus(): Promise<HomeScreenStatus | null> {
  if (!checkHomeScreenStatus.isAvailable()) return null;
  try {
    return await checkHomeScreenStatus({ timeout: STORAGE_TIMEOUT_MS });
  } catch (e) {
    console.warn('Telegram home screen', e);
    return null;
  }
}

/** Telegram's own prompt to add the app to the home screen; false when this client has none. */
export function addToHomeScreen(): boolean {
  const [called] = sdkAddToHomeScreen.ifAvailable();
  return called;
}

/** Vertical swipes (minimise/close the Mini App): off while a screen needs them for itself. */
export function setVerticalSwipes(enabled: boolean): void {
  if (enabled) swipeBehavior.enableVertical.ifAvailable();
  else swipeBehavior.disableVertical.ifAvailable();
}

/** Fullscreen (Bot API 8.0): the layout keeps clear of Telegram's controls by the content safe-area insets. */
export function setFullscreen(on: boolean): void {
  if (on) {
    if (viewport.requestFullscreen.isAvailable() && !viewport.isFullscreen()) viewport.requestFullscreen().catch((e: unknown) => console.warn('Telegram fullscreen', e));
  } else if (viewport.exitFullscreen.isAvailable() && viewport.isFullscreen()) viewport.exitFullscreen().catch((e: unknown) => console.warn('Telegram fullscreen', e));
}

export function showSettingsButton(visible: boolean): void {
  if (visible) settingsButton.show.ifAvailable();
  else settingsButton.hide.ifAvailable();
}

export function onSettingsButton(fn: () => void): () => void {
  const [called, off] = settingsButton.onClick.ifAvailable(fn);
  return called ? off : () => {};
}

export interface PopupButton {
  id: string;
  type: 'default' | 'ok' | 'close' | 'cancel' | 'destructive';
  text?: string;
}

/**
 * Telegram's native popup (title ≤ 64 characters, message 1–256, 1–3 buttons; longer texts are
 * cut with «…»). Resolves the pressed button's id, or null when closed; undefined when this client
 * has none (the caller uses the browser's dialog).
 */
export async function showPopup(p: { title?: string; message: string; buttons: PopupButton[] }): Promise<string | null | undefined> {
  if (!popup.open.isAvailable() || popup.isOpened()) return undefined;
  const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
  try {
    return await popup.open({
      ...(p.title ? { title: cut(p.title, 64) } : {}),
      message: cut(p.message, 256) || ' ',
      buttons: p.buttons.slice(0, 3).map((b) =>
        b.type === 'ok' || b.type === 'close' || b.type === 'cancel' ? { id: b.id, type: b.type } : { id: b.id, type: b.type, text: cut(b.text ?? '', 64) },
      ),
    });
  } catch (e) {
    console.warn('Telegram popup', e);
    return undefined;
  }
}

/** Asks the user to let the bot write to them. Resolves whether they allowed it; null when this client cannot ask. */
export async function requestWriteAccess(): Promise<boolean | null> {
  if (!sdkRequestWriteAccess.isAvailable()) return null;
  try {
    return (await sdkRequestWriteAccess()) === 'allowed';
  } catch (e) {
    console.warn('Telegram write access', e);
    return null;
  }
}

export function setSecondaryButton(p: MainButtonParams): void {
  secondaryButton.setParams.ifAvailable({
    text: p.text,
    isVisible: p.visible,
    isLoaderVisible: p.loading,
    isEnabled: p.enabled && !p.loading,
    position: 'left',
  });
}

export function onSecondaryButton(fn: () => void): () => void {
  const [called, off] = secondaryButton.onClick.ifAvailable(fn);
  return called ? off : () => {};
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
 * dialog. Resolves 'sent'; 'declined' when the user closed the dialog; 'failed' when Telegram
 * reports `prepared_message_failed` for another reason (expired, could not send); null when this
 * client is too old for it (the caller shares a link instead).
 */
export async function shareMessage(preparedId: string): Promise<'sent' | 'declined' | 'failed' | null> {
  if (!sdkShareMessage.isAvailable()) return null;
  try {
    await sdkShareMessage(preparedId);
    return 'sent';
  } catch (e) {
    console.warn('Telegram shareMessage', e);
    return e instanceof Error && e.message.includes('USER_DECLINED') ? 'declined' : 'failed';
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
