import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ErrorCode, SHARE_IMAGE } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { isPageRequest } from '../../http/pages';
import { htmlEntryFor } from '../../http/route-hints';
import type { PageMeta } from './service';

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const text = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The longest title a Twitter card shows whole. */
export const TWITTER_TITLE_MAX = 70;

/** At most `max` characters (code points, so an emoji is not cut in half), ending with «…» when cut. */
export function clip(s: string, max: number): string {
  const chars = [...s];
  return chars.length <= max ? s : `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

/** `<title>`, description, canonical, OpenGraph and Twitter-card tags of a page. */
export function metaTags(meta: PageMeta, publicUrl: string): string {
  const image = `${publicUrl}${meta.imagePath}`;
  const square = image.replace('/wide.jpg', '/square.jpg');
  const prop = (p: string, v: string | number) => `<meta property="${p}" content="${attr(String(v))}">`;
  const name = (n: string, v: string) => `<meta name="${n}" content="${attr(v)}">`;
  const secure = publicUrl.startsWith('https:');
  const picture = (url: string, size: { width: number; height: number }) => [
    prop('og:image', url),
    ...(secure ? [prop('og:image:secure_url', url)] : []),
    prop('og:image:type', 'image/jpeg'),
    prop('og:image:width', size.width),
    prop('og:image:height', size.height),
    prop('og:image:alt', meta.imageAlt),
  ];
  return [
    `<link rel="canonical" href="${attr(meta.canonical)}">`,
    ...(meta.noindex ? [name('robots', 'noindex')] : []),
    prop('og:type', 'website'),
    prop('og:site_name', meta.lang === 'ru' ? 'Открытка' : 'Otkrytka'),
    prop('og:locale', meta.lang === 'ru' ? 'ru_RU' : 'en_US'),
    prop('og:title', meta.title),
    prop('og:description', meta.description),
    prop('og:url', meta.canonical),
    ...picture(image, SHARE_IMAGE.wide),
    ...picture(square, SHARE_IMAGE.square),
    name('twitter:card', 'summary_large_image'),
    name('twitter:title', clip(meta.title, TWITTER_TITLE_MAX)),
    name('twitter:description', meta.description),
    name('twitter:image', image),
    name('twitter:image:alt', meta.imageAlt),
  ].join('');
}

/** The theme the visitor chose on this device (the `darkMode` cookie), if they chose one. */
export const chosenTheme = (cookie: string | undefined): 'dark' | 'light' | undefined =>
  cookie === 'true' ? 'dark' : cookie === 'false' ? 'light' : undefined;

/**
 * index.html with the page's own title, description and language, and extra tags in its head. A
 * chosen theme is a class of <html> from the first byte, so a slow phone's page is not painted in
 * the other theme while its scripts arrive (without a choice, the page follows the system's).
 */
export function renderPage(html: string, meta: PageMeta, publicUrl: string, extraHead: string, theme?: 'dark' | 'light'): string {
  return html
    .replace(/<html lang="[^"]*"/, `<html lang="${meta.lang}"${theme ? ` class="${theme}"` : ''}`)
    .replace(/<title>[^<]*<\/title>/, `<title>${text(meta.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, `<meta name="description" content="${attr(meta.description)}" />`)
    .replace('</head>', `${metaTags(meta, publicUrl)}${extraHead}</head>`);
}

export type PageHead = (url: string, req: FastifyRequest) => Promise<{ meta: PageMeta; hints: string }>;

/** A character of a greeting's public id. */
const ID_CHAR = /^[A-Za-z0-9_-]$/;

/**
 * A greeting link with punctuation stuck to its end, as a link at the end of a sentence is pasted
 * ("…/greeting/abc.", "…/greeting/abc)»"), without it. Ids are [A-Za-z0-9_-], so nothing is cut
 * from the id itself.
 */
function greetingLinkWithoutTrail(url: string): string | undefined {
  const m = /^(\/(?:telegram\/)?greeting\/[A-Za-z0-9_-]+)((?:[.,;:!?)\]}'"*]|%[0-9A-Fa-f]{2})+)$/.exec(url);
  if (!m) return undefined;
  // an encoded id character ("%2D" is "-") is part of the id, not punctuation after it
  const encoded = m[2]!.match(/%[0-9A-Fa-f]{2}/g) ?? [];
  if (encoded.some((e) => ID_CHAR.test(String.fromCharCode(parseInt(e.slice(1), 16))))) return undefined;
  return m[1];
}

/**
 * The built SPA: hashed assets cached for a year; every other non-API path (GET or HEAD) answered
 * with its HTML entry (index.html, or greeting.html for a recipient's greeting) carrying the page's
 * meta and preload hints; with status 404 when the app has no such page (the app shows its own
 * not-found page either way), so crawlers, link previews and uptime checks can tell.
 */
export async function serveWebApp(app: FastifyInstance, deps: Deps, head: PageHead) {
  const { config } = deps;
  const dist = config.webDistDir;
  const indexPath = path.join(dist, 'index.html');
  const hasWeb = fs.existsSync(indexPath);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      // one route for every file (a missing one falls through to the handler below), not a route
      // per file: ~700 built files made ~1,400 routes, half a second of each start
      wildcard: true,
      // a path without an extension is a page (the handler below), never a file or a folder
      allowedPath: (pathname) => path.extname(pathname) !== '',
      index: false,
      // the build writes .br and .gz copies of scripts and styles (web/precompress.ts)
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  // browsers and crawlers that ignore <link rel="icon"> still ask for /favicon.ico
  if (hasWeb) app.get('/favicon.ico', { schema: { hide: true } }, (_req, reply) => reply.redirect('/favicon.svg', 301));
  app.setNotFoundHandler(async (req, reply) => {
    const q = req.url.indexOf('?');
    const url = q < 0 ? req.url : req.url.slice(0, q);
    const search = q < 0 ? '' : req.url.slice(q);
    const isPage = isPageRequest(req.method, url);
    const clean = isPage ? greetingLinkWithoutTrail(url) : undefined;
    if (clean) return reply.redirect(clean + search, 301);
    if (isPage && hasWeb) {
      const entry = path.join(dist, htmlEntryFor(req.url));
      const [html, page] = await Promise.all([fs.promises.readFile(entry, 'utf8').catch(() => fs.promises.readFile(indexPath, 'utf8')), head(req.url, req)]);
      return reply
        .status(page.meta.missing ? 404 : 200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'cookie')
        .send(renderPage(html, page.meta, config.publicUrl, page.hints, chosenTheme(req.cookies.darkMode)));
    }
    return reply.status(404).send({ detail: `Not found: ${req.method} ${url}`, code: ErrorCode.NOT_FOUND });
  });
}
