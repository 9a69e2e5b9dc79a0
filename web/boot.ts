import type { Plugin } from 'vite';

/*
 * What a slow phone shows before the scripts arrive, in both pages (index.html, greeting.html): the
 * page's colour (the theme the server writes on <html>, else the system's) and, after 0.4 s, the
 * brand mark breathing (never fading out). React replaces it when it renders into #root.
 */
const STYLE = [
  'html { background: #fff7f3 } html.dark { background: #17131f }',
  '@media (prefers-color-scheme: dark) { html:not(.light) { background: #17131f } }',
  '.boot { position: fixed; inset: 0; display: flex; align-items: center; justify-content: center }',
  // it fades in once, then breathes without fading out: a blank moment would look like a dead page
  '.boot svg { animation: boot 0.3s 0.4s both, breathe 0.9s 0.7s ease-in-out infinite alternate }',
  '@keyframes boot { from { opacity: 0 } to { opacity: 1 } }',
  '@keyframes breathe { from { opacity: 1 } to { opacity: 0.45 } }',
  '@media (prefers-reduced-motion: reduce) { .boot svg { animation: boot 0.3s 0.4s both } }',
].join(' ');

const MARK =
  '<svg width="64" height="64" viewBox="0 0 64 64"><defs><linearGradient id="boot-g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f77fa0"/><stop offset=".5" stop-color="#e2466f"/><stop offset="1" stop-color="#8b5cf6"/></linearGradient></defs><rect x="4" y="9" width="56" height="46" rx="14" fill="url(#boot-g)"/><path d="M14 21l18 12.5L50 21" fill="none" stroke="#fff" stroke-opacity=".9" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/><path d="M32 48c-6.5-4.2-10.5-7.4-10.5-11.4a5.2 5.2 0 0 1 10.5-1.1 5.2 5.2 0 0 1 10.5 1.1c0 4-4 7.2-10.5 11.4z" fill="#fff"/></svg>';

export function bootSplash(): Plugin {
  return {
    name: 'otkrytka-boot-splash',
    transformIndexHtml: (html) =>
      html.replace('</head>', `<style>${STYLE}</style></head>`).replace('<div id="root"></div>', `<div id="root"><div class="boot" aria-hidden="true">${MARK}</div></div>`),
  };
}
