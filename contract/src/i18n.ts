/**
 * The text lookup the web app and the server share (no dependencies, so the web bundle may take
 * it): keys `ns:path.to.key`, `{{name}}` interpolation, plural forms by `count` (`key_one`,
 * `key_few`, `key_many`, `key_other` through Intl.PluralRules), `context` (`key_<context>` before
 * `key`) and nesting `$t(ns:key)` or `$t(ns:key, {"count": 2})`, i18next-style.
 */
export type TextTree = { [k: string]: string | TextTree };
export type TOptions = { count?: number; context?: string; defaultValue?: string; ns?: string; [k: string]: unknown };
/** The texts of namespace `ns` in `lang`, if loaded. */
export type TextSource = (lang: string, ns: string) => TextTree | undefined;

const LOCALES: Record<string, string> = { ru: 'ru-RU', en: 'en-GB' };
const pluralRules = new Map<string, Intl.PluralRules>();
const pluralForm = (lang: string, n: number) => {
  let rules = pluralRules.get(lang);
  if (!rules) pluralRules.set(lang, (rules = new Intl.PluralRules(LOCALES[lang] ?? lang)));
  return rules.select(n);
};

function lookup(tree: TextTree | undefined, key: string): string | TextTree | undefined {
  let node: string | TextTree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return node;
}

/** The raw text of `key` in the first of `languages` that has it (context and plural forms first). */
export function resolveText(source: TextSource, languages: readonly string[], ns: string, key: string, opts: TOptions = {}): string | undefined {
  const bases = opts.context ? [`${key}_${opts.context}`, key] : [key];
  for (const lang of languages) {
    const tree = source(lang, ns);
    for (const base of bases) {
      if (typeof opts.count === 'number') {
        const plural = lookup(tree, `${base}_${pluralForm(lang, opts.count)}`) ?? lookup(tree, `${base}_other`);
        if (typeof plural === 'string') return plural;
      }
      const v = lookup(tree, base);
      if (typeof v === 'string') return v;
    }
  }
  return undefined;
}

/** `$t(ns:key, {json options})` or `{{name}}`; both are replaced in one pass, so a value is never read as a text. */
const TOKEN = /\$t\(([^,()]+?)(?:,\s*(\{[^()]*\}))?\)|\{\{\s*(\w+)\s*\}\}/g;
const VALUE = /\{\{\s*(\w+)\s*\}\}/g;
const show = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/**
 * Translates `key` (optionally `ns:key`) in the first of `languages` that has it, else from the
 * `common` namespace, else `defaultValue`, else the key itself.
 */
export function translateText(source: TextSource, languages: readonly string[], key: string, opts: TOptions = {}, defaultNs = 'common', depth = 0): string {
  const sep = key.indexOf(':');
  const ns = sep > 0 ? key.slice(0, sep) : (opts.ns ?? defaultNs);
  const path = sep > 0 ? key.slice(sep + 1) : key;
  const found =
    resolveText(source, languages, ns, path, opts) ?? (ns !== 'common' ? resolveText(source, languages, 'common', path, opts) : undefined);
  // a nested text sees the same values, not the outer count, context or default
  const { count: _c, context: _x, defaultValue: _d, ns: _n, ...values } = opts;
  return (found ?? opts.defaultValue ?? path).replace(TOKEN, (_, nestedKey?: string, json?: string, name?: string) => {
    if (name !== undefined) return show(opts[name]);
    if (depth > 3) return '';
    let extra: TOptions = {};
    try {
      if (json) extra = JSON.parse(json.replace(VALUE, (_v, n: string) => JSON.stringify(opts[n] ?? null))) as TOptions;
    } catch {
      /* malformed options: the nested text without them */
    }
    const k = nestedKey!.trim().replace(VALUE, (_v, n: string) => show(opts[n]));
    return translateText(source, languages, k, { ...values, ...extra }, ns, depth + 1);
  });
}
