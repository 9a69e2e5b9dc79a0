import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getCookie, setCookie } from '../lib/cookies';

export const LANGUAGES = ['ru', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ru';

// One JSON file per feature namespace and language: i18n/{ru,en}/{namespace}.json
const files = import.meta.glob<{ default: Record<string, unknown> }>('./*/*.json');

async function loadLanguage(lang: Language): Promise<void> {
  const entries = Object.entries(files).filter(([path]) => path.startsWith(`./${lang}/`));
  await Promise.all(
    entries.map(async ([path, load]) => {
      const ns = path.split('/')[2]!.replace('.json', '');
      i18next.addResourceBundle(lang, ns, (await load()).default, true, true);
    }),
  );
}

export function savedLanguage(): Language {
  const c = getCookie('language');
  return c === 'en' || c === 'ru' ? c : DEFAULT_LANGUAGE;
}

export async function initI18n(lang: Language = savedLanguage()): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: DEFAULT_LANGUAGE,
    defaultNS: 'common',
    ns: ['common'],
    interpolation: { escapeValue: false },
    returnNull: false,
    resources: {},
  });
  await loadLanguage(lang);
  if (lang !== DEFAULT_LANGUAGE) void loadLanguage(DEFAULT_LANGUAGE);
  document.documentElement.lang = lang;
  return i18next;
}

/** Switches the language, loads its texts and remembers it for 365 days (spec 000 §1). */
export async function changeLanguage(lang: Language): Promise<void> {
  await loadLanguage(lang);
  await i18next.changeLanguage(lang);
  setCookie('language', lang);
  document.documentElement.lang = lang;
}
