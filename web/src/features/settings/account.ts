import type { SettingsMap } from '@otkrytka/contract';
import type { QueryClient } from '@tanstack/react-query';
import { changeLanguage, preloadNamespaces, translate } from '@/i18n';
import { api, ApiError } from '@/lib/api';
import { setCookie } from '@/lib/cookies';
import { SETTING, settingsKeys, settingsQuery } from './queries';

type Theme = 'light' | 'dark';
type Language = 'ru' | 'en';
/*
 * The account side of the preferences: saving a choice to the account and reading the account's
 * choices at sign-in. It loads with the first signed-in user (a visitor's first load is without it),
 * and its texts (settings) with it.
 */
const texts = preloadNamespaces(['settings']).catch(() => undefined);
const say = async (key: 'errors.update' | 'errors.fetch' | 'errors.batch', opts?: { status: number | string }) => {
  await texts;
  return translate(`settings:${key}`, opts);
};

const asBool = (v: SettingsMap[string] | undefined) => (v === true || v === 'true' ? true : v === false || v === 'false' ? false : undefined);

/** Saves one setting of the signed-in user; one that could not go for want of a connection waits in `unsent`. */
export async function saveSetting(
  key: string,
  value: SettingsMap[string],
  c: { qc: QueryClient; toast: (text: string, kind: 'error') => void; unsent: Map<string, SettingsMap[string]> },
): Promise<void> {
  try {
    c.qc.setQueryData(settingsKeys.all, await api('PUT /api/settings/{key}', { params: { key }, body: { value } }));
  } catch (e) {
    if (e instanceof ApiError && e.code === 'AUTH_REQUIRED') return;
    if (e instanceof ApiError && e.status === 0) {
      c.unsent.set(key, value);
      c.toast(translate('common:settingSavedLater'), 'error');
      return;
    }
    c.toast(await say('errors.update', { status: e instanceof ApiError ? e.status : '—' }), 'error');
  }
}

/** What the preferences provider hands the sync after a sign-in. */
export interface SignInSync {
  qc: QueryClient;
  toast: (text: string, kind: 'error') => void;
  /** what a visitor chose in this visit before signing in (taken, and emptied, once the account's settings are read) */
  visitorChoice: { theme?: boolean; language?: boolean };
  /** what is on screen when the account's settings have come */
  local: () => { chosenTheme: Theme; theme: Theme; language: Language; soundEnabled: boolean };
  setChosenTheme: (theme: Theme) => void;
  setLanguageState: (lang: Language) => void;
  setSoundState: (on: boolean) => void;
}

/**
 * After sign-in: what the visitor chose just before wins and is saved to the account; otherwise the
 * server's choices win, and what the server does not have yet is sent to it.
 */
export async function syncAfterSignIn(c: SignInSync): Promise<void> {
  let remote: SettingsMap;
  try {
    remote = await c.qc.fetchQuery(settingsQuery);
  } catch (e) {
    if (!(e instanceof ApiError && e.code === 'AUTH_REQUIRED')) c.toast(await say('errors.fetch'), 'error');
    return;
  }
  const chosen = { ...c.visitorChoice };
  delete c.visitorChoice.theme;
  delete c.visitorChoice.language;
  const local = c.local();
  const missing: SettingsMap = {};
  const dark = asBool(remote[SETTING.darkMode]);
  // an account without a theme keeps the one on screen (inside Telegram, Telegram's)
  if (dark === undefined) missing[SETTING.darkMode] = local.theme === 'dark';
  else if (chosen.theme && dark !== (local.chosenTheme === 'dark')) missing[SETTING.darkMode] = local.chosenTheme === 'dark';
  else {
    c.setChosenTheme(dark ? 'dark' : 'light');
    setCookie('darkMode', String(dark));
  }
  const lang = remote[SETTING.language];
  if (chosen.language && lang !== local.language) missing[SETTING.language] = local.language;
  else if (lang === 'ru' || lang === 'en') {
    if (lang !== local.language) {
      await changeLanguage(lang);
      c.setLanguageState(lang);
    }
  } else missing[SETTING.language] = local.language;
  const sound = asBool(remote[SETTING.sound]);
  if (sound === undefined) missing[SETTING.sound] = String(local.soundEnabled);
  else {
    c.setSoundState(sound);
    try {
      localStorage.setItem(SETTING.sound, String(sound));
    } catch {
      /* storage unavailable */
    }
  }
  if (Object.keys(missing).length === 0) return;
  try {
    c.qc.setQueryData(settingsKeys.all, await api('POST /api/settings/batch', { body: { settings: missing } }));
  } catch (e) {
    if (!(e instanceof ApiError && e.code === 'AUTH_REQUIRED')) c.toast(await say('errors.batch'), 'error');
  }
}
