import fs from 'node:fs';
import path from 'node:path';

/** One chunk of the web build's manifest (web/dist/.vite/manifest.json, vite's `build.manifest`). */
interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * Pages whose first paint waits on more than the first script: their own chunk (and what it
 * imports) and their texts. Named here, in the page's HTML, the browser
 * fetches them with the first script instead of one round trip after it has run. The greeting is
 * the page a recipient opens first, usually on a phone: outside Telegram it is its own lean HTML
 * entry (web/greeting.html, React and the greeting's stages only); inside Telegram, and for a link
 * that opens on the greeting itself (`?view=true`, where the first thing shown needs the app's
 * panels), it runs in the whole app. The Russian texts load in every language (they are the fallback). Its API request is
 * not preloaded: the answer depends on who asks (the sender sees their panel, an open is counted
 * for anyone else), and a preload goes without the token yet would be reused by the app.
 */
const PAGES: { path: RegExp; html: HtmlEntry; modules: string[] }[] = [
  { path: /^\/greeting\/[A-Za-z0-9_-]{1,64}$/, html: 'greeting.html', modules: ['src/i18n/ru/greeting.json'] },
  {
    path: /^\/(?:telegram\/)?greeting\/[A-Za-z0-9_-]{1,64}$/,
    html: 'index.html',
    modules: ['src/features/greetings/pages/GreetingPage.tsx', 'src/i18n/ru/greetings.json', 'src/i18n/ru/greeting.json'],
  },
];

/** The built HTML entries: the whole app, and a recipient's greeting. */
export type HtmlEntry = 'index.html' | 'greeting.html';

/** The page of a URL, if it is one of PAGES. */
function pageOf(url: string) {
  const [pathname = '/', query = ''] = url.split('?');
  const opensOnGreeting = new URLSearchParams(query).get('view') === 'true';
  return PAGES.find((p) => p.path.test(pathname) && !(p.html === 'greeting.html' && opensOnGreeting));
}

/** Which HTML entry answers a page's URL. */
export function htmlEntryFor(url: string): HtmlEntry {
  return pageOf(url)?.html ?? 'index.html';
}

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** `(url) => <link> tags` for the built web app in `webDistDir`; nothing when there is no manifest. */
export function routeHints(webDistDir: string): (url: string) => string {
  let manifest: Manifest | null | undefined;
  const read = (): Manifest | null => {
    try {
      return JSON.parse(fs.readFileSync(path.join(webDistDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    } catch {
      return null;
    }
  };
  const closure = (m: Manifest, keys: string[], into = new Set<string>()) => {
    for (const key of keys) {
      if (into.has(key) || !m[key]) continue;
      into.add(key);
      closure(m, m[key].imports ?? [], into);
    }
    return into;
  };
  return (url) => {
    const page = pageOf(url);
    if (!page) return '';
    manifest ??= read();
    if (!manifest) return '';
    const inHtml = closure(manifest, [page.html]);
    const links: string[] = [];
    for (const key of closure(manifest, page.modules)) {
      if (!inHtml.has(key)) links.push(`<link rel="modulepreload" crossorigin href="/${attr(manifest[key]!.file)}">`);
    }
    return links.join('');
  };
}
