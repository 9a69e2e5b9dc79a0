import { resolveText, type TextTree, type TOptions, translateText } from '@otkrytka/contract/i18n';
import { use, useCallback, useSyncExternalStore } from 'react';
import type { Namespace, TextKey } from './keys';

/**
 * A small translation runtime with the part of the react-i18next API this app uses:
 * `useTranslation(ns)` → `{ t, i18n }`, over the lookup the server shares (`@otkrytka/contract/i18n`:
 * interpolation, plural forms by `count`, `context`, nesting).
 * It replaces i18next (≈19 KB gzip) to keep the first page load within its budget.
 * Namespaces load on first use: a component whose namespace is not there yet suspends until it is.
 */
type Tree = TextTree;
export type { TOptions };
export type { Namespace, TextKey } from './keys';

const bundles = new Map<string, Map<string, Tree>>(); // lang → ns → tree
let language = 'ru';
let fallback = 'ru';
let version = 0;
const listeners = new Set<() => void>();
const emit = () => {
  version += 1;
  listeners.forEach((l) => l());
};

const source = (lang: string, ns: string) => bundles.get(lang)?.get(ns);
const languages = () => (language === fallback ? [language] : [language, fallback]);

/** Translates `key` (optionally `ns:key`) in the current language, falling back to Russian. */
export function translate<N extends Namespace = 'common'>(key: TextKey<N>, opts?: TOptions, defaultNs?: N): string;
/** A key made of what the server sends (a quest's, an action's) may have no text: `defaultValue` shows then. */
export function translate(key: string, opts: TOptions & { defaultValue: string }, defaultNs?: Namespace): string;
export function translate(key: string, opts: TOptions = {}, defaultNs = 'common'): string {
  return translateText(source, languages(), key, opts, defaultNs);
}

/**
 * A `t()` taking keys `K`; a key made of what the server sends (a quest's, an action's) may have
 * no text, and comes with the text to show then (`defaultValue`).
 */
export interface Translator<K extends string> {
  (key: K, opts?: TOptions): string;
  (key: string, opts: TOptions & { defaultValue: string }): string;
}
/**
 * The `t()` of namespace `N` (`useTranslation(N)`): `N`'s keys bare, `common`'s bare, any
 * namespace's as `ns:key`. The `t` of any namespace passes for a `TFunction` (of `common`).
 */
export type TFunction<N extends Namespace = 'common'> = Translator<TextKey<N>>;

type NamespaceLoader = (lang: string, ns: string) => Promise<Tree>;
let loadNamespace: NamespaceLoader | undefined;
const loading = new Map<string, Promise<void>>(); // "lang/ns" → its load

const isLoaded = (lang: string, ns: string) => bundles.get(lang)?.has(ns) ?? false;

/** Spec 000 (constants): a failed load is retried 5 times, the first after 350 ms, then doubling; at most 10 loads at once. */
export const LOAD_RETRIES = 5;
export const LOAD_RETRY_MS = 350;
export const MAX_PARALLEL_LOADS = 10;
let running = 0;
const waiting: (() => void)[] = [];

async function fetchTree(load: NamespaceLoader, lang: string, ns: string): Promise<Tree> {
  if (running >= MAX_PARALLEL_LOADS) await new Promise<void>((go) => waiting.push(go));
  running += 1;
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        return await load(lang, ns);
      } catch (e) {
        if (attempt >= LOAD_RETRIES) throw e;
        await new Promise((r) => setTimeout(r, LOAD_RETRY_MS * 2 ** attempt));
      }
    }
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/** Loads `ns` in `lang` once; resolves at once when it is already there. */
export function loadBundle(lang: string, ns: string): Promise<void> {
  if (isLoaded(lang, ns)) return Promise.resolve();
  const key = `${lang}/${ns}`;
  let p = loading.get(key);
  if (!p) {
    if (!loadNamespace) throw new Error('i18n: no namespace loader');
    p = fetchTree(loadNamespace, lang, ns).then((tree) => i18n.addResourceBundle(lang, ns, tree));
    p.catch(() => loading.delete(key)); // after the retries, a later render may try again
    loading.set(key, p);
  }
  return p;
}

/** The namespaces loaded in any language (a language switch loads the same ones). */
export const loadedNamespaces = () => [...new Set([...bundles.values()].flatMap((m) => [...m.keys()]))];

/** A promise React's `use` reads as already fulfilled, so `use` runs on every render (React wants that). */
const READY = Object.assign(Promise.resolve(), { status: 'fulfilled' as const, value: undefined });

/** A pending load of whatever of `namespaces` the current language (and its fallback) still lacks. */
function missing(namespaces: readonly string[]): Promise<unknown> | undefined {
  const wanted = languages().flatMap((l) => namespaces.filter((ns) => !isLoaded(l, ns)).map((ns) => [l, ns] as const));
  if (wanted.length === 0) return undefined;
  const key = wanted.map(([l, ns]) => `${l}/${ns}`).join(',');
  let p = loading.get(key);
  if (!p) {
    p = Promise.all(wanted.map(([l, ns]) => loadBundle(l, ns))).then(() => undefined);
    p.catch(() => loading.delete(key));
    loading.set(key, p);
  }
  return p;
}

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
  setNamespaceLoader(loader: NamespaceLoader) {
    loadNamespace = loader;
  },
  exists(key: string, ns = 'common') {
    return resolveText(source, languages(), ns, key) !== undefined;
  },
  t: ((key: string, opts?: TOptions) => translate(key as TextKey, opts)) as TFunction,
};

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Re-renders its component when the language or the texts change, without waiting for any texts. */
export function useTextsChange(): number {
  return useSyncExternalStore(subscribe, () => version);
}

/**
 * `const { t, i18n } = useTranslation('gallery')` (or several: the first is the default for bare keys);
 * suspends until those texts are loaded and re-renders when the language or texts change.
 */
export function useTranslation<N extends Namespace = 'common'>(ns: N | readonly [N, ...Namespace[]] = 'common' as N) {
  const namespaces = (Array.isArray(ns) ? ns : [ns]) as readonly Namespace[];
  const defaultNs = (namespaces[0] ?? 'common') as N;
  const v = useSyncExternalStore(subscribe, () => version);
  use(missing(namespaces) ?? READY);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `v` changes whenever the texts do
  const t = useCallback<TFunction<N>>((key: string, opts?: TOptions) => translate(key as TextKey<N>, opts, defaultNs), [defaultNs, v]);
  return { t, i18n: { language } };
}
