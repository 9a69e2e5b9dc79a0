import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { loadTelegram, TELEGRAM_BASE, telegramLaunchExpected, telegramSdk } from './environment';
import type { TelegramState } from './types';

const BROWSER: TelegramState = { isTelegramApp: false, telegramUser: null, isReady: true, telegramTheme: 'light' };
const TelegramContext = createContext<TelegramState>(BROWSER);

/**
 * Starts Telegram when launch data is present (any path; the address is already under /telegram,
 * see `./base`) and shows a spinner until the SDK is ready.
 * In an ordinary browser it is ready at once and reports no Telegram.
 */
export function TelegramProvider({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const [state, setState] = useState<TelegramState>(() => (telegramLaunchExpected() ? { ...BROWSER, isReady: false } : BROWSER));

  useEffect(() => {
    if (!telegramLaunchExpected()) return;
    let live = true;
    let offTheme = () => {};
    void loadTelegram().then((launch) => {
      if (!live) return;
      if (!launch) {
        setState(BROWSER);
        return;
      }
      document.documentElement.classList.add('tg-theme');
      setState({
        isTelegramApp: true,
        telegramUser: launch.user,
        isReady: true,
        telegramTheme: launch.isDark ? 'dark' : 'light',
      });
      const sdk = telegramSdk();
      const offThemeChange = sdk?.onThemeChange((dark) => setState((s) => ({ ...s, telegramTheme: dark ? 'dark' : 'light' })));
      // Telegram's settings button (the ⋯ menu) opens the app's settings
      sdk?.showSettingsButton(true);
      const offSettings = sdk?.onSettingsButton(openSettings);
      offTheme = () => {
        offThemeChange?.();
        offSettings?.();
      };
    });
    return () => {
      live = false;
      offTheme();
    };
  }, []);

  return <TelegramContext.Provider value={state}>{state.isReady ? children : fallback}</TelegramContext.Provider>;
}

/** Goes to the settings page through the router, which follows the history's popstate. */
function openSettings(): void {
  const path = `${TELEGRAM_BASE}/settings`;
  if (window.location.pathname === path) return;
  const idx = (window.history.state as { idx?: number } | null)?.idx;
  window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: typeof idx === 'number' ? idx + 1 : 0 }, '', path);
  window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
}

/** `{isTelegramApp, telegramUser, isReady, telegramTheme}`. */
export function useTelegram(): TelegramState {
  return useContext(TelegramContext);
}

interface BackButtonOwner {
  visible: boolean;
  onBack: () => void;
}

// Telegram has one back button. The shell sets a default (back in history); a page that mounts
// useTelegramBackButton takes it over while mounted, the last mounted first.
const backOwners: BackButtonOwner[] = [];
let backDefault: BackButtonOwner | null = null;
let backListening = false;
const backOwner = () => backOwners[backOwners.length - 1] ?? backDefault;

function applyBackButton(): void {
  const sdk = telegramSdk();
  if (!sdk) return;
  if (!backListening) {
    backListening = true;
    sdk.onBackButton(() => backOwner()?.onBack());
  }
  sdk.showBackButton(!!backOwner()?.visible);
}

/** The shell's default for Telegram's back button; pages using useTelegramBackButton win over it. */
export function setDefaultTelegramBackButton(owner: BackButtonOwner | null): void {
  backDefault = owner;
  applyBackButton();
}

/**
 * While the calling page is mounted it decides about Telegram's back button: shown while `visible`,
 * `onBack` when pressed (hidden when `visible` is false, whatever the shell's default). With
 * `active`, only while it is true (a sheet while it is open), taking it over from the page.
 */
export function useTelegramBackButton(visible: boolean, onBack: () => void, active = true): void {
  const { isTelegramApp } = useTelegram();
  const owner = useRef<BackButtonOwner>({ visible, onBack });
  useEffect(() => {
    owner.current.visible = visible;
    owner.current.onBack = onBack;
    applyBackButton();
  });
  useEffect(() => {
    if (!isTelegramApp || !active) return;
    const me = owner.current;
    backOwners.push(me);
    applyBackButton();
    return () => {
      backOwners.splice(backOwners.indexOf(me), 1);
      applyBackButton();
    };
  }, [isTelegramApp, active]);
}

export interface MainButtonOptions {
  text: string;
  onClick: () => void;
  visible?: boolean;
  loading?: boolean;
  enabled?: boolean;
}

/**
 * Drives Telegram's main button while the calling component is mounted. Returns true when the
 * Telegram button is in use, so the caller can leave out its own submit button.
 */
export function useTelegramMainButton({ text, onClick, visible = true, loading = false, enabled = true }: MainButtonOptions): boolean {
  const { isTelegramApp } = useTelegram();
  const cb = useRef(onClick);
  const shownText = useRef(text);
  useEffect(() => {
    cb.current = onClick;
    shownText.current = text;
  });
  useEffect(() => {
    telegramSdk()?.setMainButton({ text, visible, loading, enabled });
  }, [isTelegramApp, text, visible, loading, enabled]);
  useEffect(() => {
    const sdk = isTelegramApp ? telegramSdk() : null;
    if (!sdk) return;
    const off = sdk.onMainButton(() => cb.current());
    return () => {
      off();
      // hidden with its last text: Telegram's SDK refuses a button without text, and would leave it shown
      sdk.setMainButton({ text: shownText.current, visible: false, loading: false, enabled: false });
    };
  }, [isTelegramApp]);
  return isTelegramApp && !!telegramSdk();
}
