import { useCallback, useSyncExternalStore } from 'react';

/**
 * A small translation runtime with the part of the react-i18next API this app uses:
 * `useTranslation(ns)` → `{ t, i18n }`, keys `ns:path.to.key`, `{{name}}` interpolation and
 * plural forms by `count` (`key_one`, `key_few`, `key_many`, `key_other` through Intl.PluralRules).
 * It replaces i18next (≈19 KB gzip) to keep the first page load within its budget.
 */
type Tree = { [k: string]: string | Tree };
export type TOptions = { count?: number; defaultValue?: string; ns?: string; [k: string]: unknown };

const bundles = new Map<string, Map<string, Tree>>(); // lang → ns → tree
let language = 'ru';
let fallback = 'ru';
let version = 0;
const listeners = new Set<() => void>();
const emit = () => {
  version += 1;
  listeners.forEach((l) => l());
};

function lookup(lang: string, ns: string, key: string): string | Tree | undefined {
  let node: string | Tree | undefined = bundles.get(lang)?.get(ns);
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return node;
}

function resolve(ns: string, key: string, opts: TOptions): string | undefined {
  for (const lang of language === fallback ? [language] : [language, fallback]) {
    if (typeof opts.count === 'number') {
      const form = new Intl.PluralRules(lang === 'ru' ? 'ru-RU' : 'en-GB').select(opts.count);
      const plural = lookup(lang, ns, `${key}_${form}`) ?? lookup(lang, ns, `${key}_other`);
      if (typeof plural === 'string') return plural;
    }
    const v = lookup(lang, ns, key);
    if (typeof v === 'string') return v;
  }
  return undefined;
}

const interpolate = (s: string, opts: TOptions) =>
  s.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => (opts[name] === undefined ? '' : String(opts[name])));

/** Translates `key` (optionally `ns:key`) in the current language, falling back to Russian. */
export function translate(key: string, opts: TOptions = {}, defaultNs = 'common'): string {
  const sep = key.indexOf(':');
  const ns = sep > 0 ? key.slice(0, sep) : (opts.ns ?? defaultNs);
  const path = sep > 0 ? key.slice(sep + 1) : key;
  const found = resolve(ns, path, opts) ?? (ns !== 'common' ? resolve('common', path, opts) : undefined);
  return interpolate(found ?? opts.defaultValue ?? path, opts);
}

export type TFunction = (key: string, opts?: TOptions) => string;

export const i18n = {
  get language() {
    return language;
  },
  addResourceBundle(lang: string, ns: string, tree: Tree) {
    if (!bundles.has(lang)) bundles.set(lang, new Map());
    bundles.get(lang)!.set(ns, tree);
    emit();
  },
  setLanguage(lang: string, fallbackLang = fallback) {
    language = lang;
    fallback = fallbackLang;
    emit();
  },
  exists(key: string, ns = 'common') {
    return resolve(ns, key, {}) !== undefined;
  },
  t: ((key: string, opts?: TOptions) => translate(key, opts)) as TFunction,
};

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** `const { t, i18n } = useTranslation('gallery')`; re-renders when the language or texts change. */
export function useTranslation(ns: string | string[] = 'common') {
  const defaultNs = Array.isArray(ns) ? (ns[0] ?? 'common') : ns;
  const v = useSyncExternalStore(subscribe, () => version);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `v` changes whenever the texts do
  const t = useCallback<TFunction>((key, opts) => translate(key, opts, defaultNs), [defaultNs, v]);
  return { t, i18n: { language, changeLanguage: (l: string) => import('./index').then((m) => m.changeLanguage(l as 'ru' | 'en')) } };
}
