import { setCookie } from '../lib/cookies';
import { DEFAULT_LANGUAGE, type Language, pageLanguage } from './language';
import { i18n, loadBundle, loadedNamespaces, type Namespace } from './runtime';

export { i18n, translate, useTextsChange, useTranslation, type Namespace, type TextKey, type TFunction } from './runtime';

export { DEFAULT_LANGUAGE, LANGUAGES, pageLanguage, type Language } from './language';

// One JSON file per feature namespace and language, each its own chunk: i18n/{ru,en}/{namespace}.json,
// and contract/src/texts/{ru,en}/{namespace}.json for the texts the server writes too
const files = {
  ...import.meta.glob<{ default: Record<string, never> }>('./*/*.json'),
  ...import.meta.glob<{ default: Record<string, never> }>('./*/*.json', { base: '../../../contract/src/texts' }),
};
// a namespace without a file fails its load (`files[…]` is not a function) like one the network lost
i18n.setNamespaceLoader(async (lang, ns) => (await files[`./${lang}/${ns}.json`]!()).default);
/** `./ru/game.json` → `game` (every language is two letters) */
const namespaceOf = (file: string) => file.slice(5, -5);
const allNamespaces = [...new Set(Object.keys(files).map(namespaceOf))] as Namespace[];

// Russian (the default) texts of the shell and the home page come inside the first script: no extra round trip.
// The sign-in texts (`auth`) are not on a first screen: they load with the sign-in dialog, the menu or the page that shows them.
// The settings' texts load with the settings page and with the account side of the preferences.
const builtIn = import.meta.glob<{ default: Record<string, never> }>('./ru/{common,shell,gallery,postcards,search}.json', { eager: true });
for (const [path, module] of Object.entries(builtIn)) i18n.addResourceBundle('ru', namespaceOf(path), module.default);

/** The app shell's texts, loaded before the first render; a feature's texts load when it first renders. */
const SHELL_NAMESPACES: Namespace[] = ['common', 'shell'];

const loadLanguage = (lang: Language, namespaces: readonly string[]) => Promise.all(namespaces.map((ns) => loadBundle(lang, ns)));

/** Starts loading `namespaces` in the saved language (and the Russian fallback) before they are needed. */
export function preloadNamespaces(namespaces: Namespace[], lang: Language = pageLanguage()): Promise<unknown> {
  return Promise.all([loadLanguage(lang, namespaces), lang !== DEFAULT_LANGUAGE && loadLanguage(DEFAULT_LANGUAGE, namespaces)]);
}

/** Loads the shell's texts in the saved language (Russian by default) before the first render; `'all'` loads every namespace (tests). */
export async function initI18n(lang: Language = pageLanguage(), namespaces: 'shell' | 'all' = 'shell'): Promise<void> {
  await preloadNamespaces(namespaces === 'all' ? allNamespaces : SHELL_NAMESPACES, lang);
  i18n.setLanguage(lang, DEFAULT_LANGUAGE);
  setPageLanguage(lang);
}

/**
 * The page's language, and its title when that was written in another one: the server writes the
 * HTML's title by the device's cookie or the link's `?lang=`, and a signed-in account's saved
 * language may differ. The app's name stands in until a page sets a title of its own.
 */
function setPageLanguage(lang: Language) {
  if (document.documentElement.lang !== lang) document.title = i18n.t('common:appName');
  document.documentElement.lang = lang;
}

/** Shows the app in `lang` once the texts in use are loaded in it, without remembering it on the device. */
export async function showLanguage(lang: Language): Promise<void> {
  await loadLanguage(lang, loadedNamespaces());
  i18n.setLanguage(lang, DEFAULT_LANGUAGE);
  setPageLanguage(lang);
}

/** Switches the language, loads its texts and remembers it for 365 days. */
export async function changeLanguage(lang: Language): Promise<void> {
  await showLanguage(lang);
  setCookie('language', lang);
}
