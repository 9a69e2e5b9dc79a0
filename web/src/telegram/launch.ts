/**
 * What the app does with a Telegram launch before it draws. Loaded with the SDK, only under
 * /telegram, so the web app's first load never carries it.
 */
import { startParamPath } from '@otkrytka/contract/rules/share';
import { telegramUserLanguage } from '@otkrytka/contract/rules/telegram';
import { i18n, showLanguage } from '../i18n';
import { getCookie } from '../lib/cookies';
import { TELEGRAM_BASE } from './base';
import type { TelegramLaunch } from './sdk';

export async function applyLaunch(launch: TelegramLaunch): Promise<void> {
  openStartTarget(launch.startParam);
  await showTelegramUserLanguage(launch.languageCode);
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

/**
 * Inside the Mini App the app speaks the Telegram user's language, by the bot's rule
 * (`telegramUserLanguage`), unless a language was chosen on this device. Without a code it keeps
 * the language the page opened in.
 */
export async function showTelegramUserLanguage(code: string | null): Promise<void> {
  if (!code || getCookie('language')) return;
  const lang = telegramUserLanguage(code);
  if (lang !== i18n.language) await showLanguage(lang);
}
