import type { SettingsMap } from '@otkrytka/contract';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { changeLanguage, i18n, type Language, useTranslation } from '@/i18n';
import { setCookie } from '@/lib/cookies';
import { tokenStore } from '@/lib/token';
import { TELEGRAM_THEME_BREAKPOINT, useTelegram } from '@/telegram';
import { useToast } from '@/ui/toast';
import { useMediaQuery } from '@/ui/useMediaQuery';
import { useSession } from '../auth/session';
import { SETTING } from './queries';

export type Theme = 'light' | 'dark';

export interface Preferences {
  /** the theme on screen */
  theme: Theme;
  /** inside Telegram on a narrow screen the theme follows Telegram and cannot be switched */
  themeLocked: boolean;
  setTheme(theme: Theme): void;
  toggleTheme(): void;
  language: Language;
  setLanguage(lang: Language): Promise<void>;
  /** sound of short videos (setting shorts_sound_enabled) */
  soundEnabled: boolean;
  setSoundEnabled(on: boolean): void;
}

const PreferencesContext = createContext<Preferences | null>(null);
const SOUND_KEY = SETTING.sound;
const THEME_COLORS: Record<Theme, string> = { light: '#fff7f3', dark: '#17131f' };

const readSound = () => {
  try {
    return localStorage.getItem(SOUND_KEY) === 'true';
  } catch {
    return false;
  }
};

/**
 * Theme, language and sound. Visitors keep them in cookies (365 days) and local storage; for a
 * signed-in user they are also saved on the server and restored from it after sign-in.
 */
export function PreferencesProvider({ children }: { children: ReactNode }) {
  // the common texts: this provider is part of every first screen, the settings' texts are not
  const { t } = useTranslation();
  const toast = useToast();
  const qc = useQueryClient();
  const { user } = useSession();
  const { isTelegramApp, telegramTheme } = useTelegram();
  const narrow = useMediaQuery(`(max-width: ${TELEGRAM_THEME_BREAKPOINT - 0.02}px)`);
  const [chosenTheme, setChosenTheme] = useState<Theme>(() => (document.documentElement.classList.contains('dark') ? 'dark' : 'light'));
  const [language, setLanguageState] = useState<Language>(() => (i18n.language === 'en' ? 'en' : 'ru'));
  const [soundEnabled, setSoundState] = useState(readSound);

  const themeLocked = isTelegramApp && narrow;
  const theme: Theme = themeLocked ? telegramTheme : chosenTheme;

  useLayoutEffect(() => {
    document.documentElement.classList.toggle('dark', theme === 'dark');
    document.documentElement.classList.toggle('light', theme !== 'dark');
    document.querySelectorAll('meta[name="theme-color"]').forEach((m) => m.setAttribute('content', THEME_COLORS[theme]));
  }, [theme]);

  // choices made without a connection, sent when it comes back (the last of each key wins)
  const unsent = useRef(new Map<string, SettingsMap[string]>());
  /** Saves one setting on the server for a signed-in user (the account's code loads with them); without a token there is nothing to do. */
  const save = useCallback(
    async (key: string, value: SettingsMap[string]) => {
      if (!tokenStore.get()) return;
      unsent.current.delete(key);
      // a failed load of that code is a lost connection too: the choice waits for it
      await import('./account')
        .then((m) => m.saveSetting(key, value, { qc, toast, unsent: unsent.current }))
        .catch(() => (unsent.current.set(key, value), toast(t('settingSavedLater'), 'error')));
    },
    [qc, t, toast],
  );
  useEffect(() => {
    const resend = () => {
      for (const [key, value] of [...unsent.current]) void save(key, value);
    };
    window.addEventListener('online', resend);
    return () => window.removeEventListener('online', resend);
  }, [save]);

  // what a visitor chose in this visit; it is kept on sign-in or registration and saved to the account
  const visitorChoice = useRef<{ theme?: boolean; language?: boolean }>({});
  const setTheme = useCallback(
    (next: Theme) => {
      if (themeLocked) return;
      if (!tokenStore.get()) visitorChoice.current.theme = true;
      setChosenTheme(next);
      setCookie('darkMode', String(next === 'dark'));
      void save(SETTING.darkMode, next === 'dark');
    },
    [themeLocked, save],
  );

  const setLanguage = useCallback(
    async (lang: Language) => {
      if (!tokenStore.get()) visitorChoice.current.language = true;
      await changeLanguage(lang);
      setLanguageState(lang);
      void save(SETTING.language, lang);
    },
    [save],
  );

  const setSoundEnabled = useCallback(
    (on: boolean) => {
      setSoundState(on);
      try {
        localStorage.setItem(SOUND_KEY, String(on));
      } catch {
        /* storage unavailable */
      }
      void save(SETTING.sound, String(on));
    },
    [save],
  );

  // After sign-in: what the visitor chose just before wins and is saved to the account; otherwise the
  // server's choices win, and what the server does not have yet is sent to it.
  const syncedFor = useRef<number | null>(null);
  const local = useRef({ chosenTheme, theme, language, soundEnabled });
  useEffect(() => {
    local.current = { chosenTheme, theme, language, soundEnabled };
  });
  useEffect(() => {
    if (!user) {
      syncedFor.current = null;
      return;
    }
    if (syncedFor.current === user.id) return;
    syncedFor.current = user.id;
    import('./account')
      .then((m) =>
        m.syncAfterSignIn({ qc, toast, visitorChoice: visitorChoice.current, local: () => local.current, setChosenTheme, setLanguageState, setSoundState }),
      )
      .catch(() => toast(t('settingsFailed'), 'error'));
  }, [user, qc, t, toast]);

  const value = useMemo<Preferences>(
    () => ({
      theme,
      themeLocked,
      setTheme,
      toggleTheme: () => setTheme(theme === 'dark' ? 'light' : 'dark'),
      language,
      setLanguage,
      soundEnabled,
      setSoundEnabled,
    }),
    [theme, themeLocked, setTheme, language, setLanguage, soundEnabled, setSoundEnabled],
  );
  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>;
}

export function usePreferences(): Preferences {
  const p = useContext(PreferencesContext);
  if (!p) throw new Error('usePreferences outside PreferencesProvider');
  return p;
}
