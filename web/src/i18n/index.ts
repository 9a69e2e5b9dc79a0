import { getCookie, setCookie } from '../lib/cookies';
import { i18n } from './runtime';

export { i18n, translate, useTranslation, type TFunction } from './runtime';

export const LANGUAGES = ['ru', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ru';

// One JSON file per feature namespace and language: i18n/{ru,en}/{namespace}.json
const files = import.meta.glob<{ default: Record<string, never> }>('./*/*.json');
const loaded = new Set<Language>();

async function loadLanguage(lang: Language): Promise<void> {
  if (loaded.has(lang)) return;
  const entries = Object.entries(files).filter(([path]) => path.startsWith(`./${lang}/`));
  await Promise.all(
    entries.map(async ([path, load]) => {
      const ns = path.split('/')[2]!.replace('.json', '');
      i18n.addResourceBundle(lang, ns, (await load()).default);
    }),
  );
  loaded.add(lang);
}

export function savedLanguage(): Language {
  const c = getCookie('language');
  return c === 'en' || c === 'ru' ? c : DEFAULT_LANGUAGE;
}

/** Loads the saved language (Russian by default) before the first render. */
export async function initI18n(lang: Language = savedLanguage()): Promise<void> {
  await loadLanguage(lang);
  if (lang !== DEFAULT_LANGUAGE) await loadLanguage(DEFAULT_LANGUAGE);
  i18n.setLanguage(lang, DEFAULT_LANGUAGE);
  document.documentElement.lang = lang;
}

/** Switches the language, loads its texts and remembers it for 365 days (spec 000 §1). */
export async function changeLanguage(lang: Language): Promise<void> {
  await loadLanguage(lang);
  i18n.setLanguage(lang, DEFAULT_LANGUAGE);
  setCookie('language', lang);
  document.documentElement.lang = lang;
}
