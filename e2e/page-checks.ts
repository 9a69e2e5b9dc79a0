/**
 * What the walk through every page (tests/pages.spec.ts) checks on a page: the language of what a
 * reader sees, the contrast of a text, what a finger hits, lines, cut texts; and waiting until a
 * page has settled before reading it.
 */
import { expect, type Locator, type Page, type Request } from '@playwright/test';

/** Latin words a Russian page may show: brand and format names, the licence's own name, key names, the language picker. */
const LATIN_ALLOWED = [
  'Telegram',
  'Insert',
  'Cookie',
  'RU',
  'EN',
  'English',
  'Creative Commons Attribution 4.0',
  'CC BY 4.0',
  'Pinterest',
  'TikTok',
  'WhatsApp',
  'QR',
  'Instagram',
  'GIF',
  'JPG',
  'JPEG',
  'PNG',
  'WebP',
  'MP4',
  'http://',
  'https://',
  'https://…',
  'ID',
  'email',
  'Email',
  'E-mail',
];

/** Cyrillic an English page may show: the language picker names Russian in Russian. */
const CYRILLIC_ALLOWED = ['Русский'];

const CYRILLIC = /[А-Яа-яЁё]/;
const LATIN = /[A-Za-z]/;

/**
 * Everything a reader sees or hears on the page: text nodes, placeholders, labels, titles, alt
 * texts, and the browser tab's title.
 */
export async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [document.title];
    const shown = (el: Element | null) => {
      for (let e = el; e; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (s.display === 'none' || s.visibility === 'hidden') return false;
        if (e.getAttribute('aria-hidden') === 'true' && e.tagName !== 'svg') return false;
      }
      return true;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim();
      const parent = n.parentElement;
      if (!text || !parent || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue;
      if (shown(parent)) out.push(text);
    }
    for (const el of document.body.querySelectorAll('[placeholder],[aria-label],[aria-roledescription],[title],img[alt]')) {
      if (!shown(el)) continue;
      for (const a of ['placeholder', 'aria-label', 'aria-roledescription', 'title', 'alt']) {
        const v = el.getAttribute(a)?.trim();
        if (v) out.push(v);
      }
    }
    return out;
  });
}

/**
 * A text is user content when it is one of the user's texts, the start of one cut with «…», or a
 * label wrapping a whole one («Канал «Мои карточки»»). Short texts never match by containment.
 */
function isUserContent(text: string, content: Set<string>): boolean {
  if (content.has(text)) return true;
  const cut = text.endsWith('…') ? text.slice(0, -1).trimEnd() : null;
  return [...content].some((c) => (cut !== null && cut.length >= 3 && c.startsWith(cut)) || (c.length >= 4 && text.includes(c)));
}

function latinOutsideAllowed(text: string): boolean {
  // an address shown as it is (a link to share) is not a text to translate
  let rest = text.replace(/https?:\/\/\S+/g, ' ');
  for (const word of [...LATIN_ALLOWED].sort((a, b) => b.length - a.length)) rest = rest.split(word).join(' ');
  return LATIN.test(rest);
}

/**
 * The texts of the page, outside user content, in another script than `language`'s: Cyrillic on an
 * English page, Latin (beyond the short list above) on a Russian one. Each comes as "where: text".
 */
export async function wrongLanguage(page: Page, language: 'ru' | 'en', content: Set<string>, where: string): Promise<string[]> {
  const wrong: string[] = [];
  for (const text of await visibleTexts(page)) {
    if (isUserContent(text, content)) continue;
    const bad = language === 'en' ? !CYRILLIC_ALLOWED.includes(text) && CYRILLIC.test(text) : latinOutsideAllowed(text);
    if (bad) wrong.push(`${where}: ${JSON.stringify(text)}`);
  }
  return wrong;
}

/**
 * Keeps count of the page's requests in flight, leaving out the notification stream (it stays open)
 * and media (a video keeps its connection). `settled()` waits until none has been in flight for a
 * quarter of a second — the app keeps its stream open, so the browser's "network idle" never comes —
 * and no spinner or busy control is left.
 */
export function trackRequests(page: Page): { settled: () => Promise<void> } {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const counted = (r: Request) => !r.url().includes('/api/notifications/stream') && r.resourceType() !== 'media';
  page.on('request', (r) => {
    if (!counted(r)) return;
    inFlight.add(r);
    lastChange = Date.now();
  });
  const done = (r: Request) => {
    if (inFlight.delete(r)) lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    settled: async () => {
      await page.waitForLoadState('load');
      await expect.poll(() => inFlight.size === 0 && Date.now() - lastChange >= 250, { message: 'the page has requests in flight', intervals: [50] }).toBe(true);
      await expect(page.locator('.animate-spin, [aria-busy="true"]')).toHaveCount(0);
    },
  };
}

/**
 * The contrast a reader gets for an element's text: its colour against the first opaque
 * background behind it, with every ancestor's opacity applied (a faded card fades its text too).
 */
export async function textContrast(target: Locator): Promise<number> {
  return target.evaluate((el) => {
    const ctx = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    const rgba = (css: string): [number, number, number, number] => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = '#000';
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a! / 255];
    };
    const over = (top: number[], alpha: number, under: number[]) => top.map((c, i) => c * alpha + under[i]! * (1 - alpha));
    // backgrounds from the element up, painted from the page down
    const layers: { color: [number, number, number, number]; opacity: number }[] = [];
    let opacity = 1;
    for (let node: Element | null = el; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      opacity *= Number(style.opacity);
      layers.push({ color: rgba(style.backgroundColor), opacity: Number(style.opacity) });
    }
    let behind = [255, 255, 255];
    for (const layer of layers.reverse()) {
      const [r, g, b, a] = layer.color;
      behind = over(over([r, g, b], a, behind), layer.opacity, behind);
    }
    const [r, g, b, a] = rgba(getComputedStyle(el).color);
    const text = over([r, g, b], a * opacity, behind);
    const luminance = (c: number[]) =>
      c.map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4)).reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i]!, 0);
    const [hi, lo] = [luminance(text), luminance(behind)].sort((x, y) => y - x);
    return (hi! + 0.05) / (lo! + 0.05);
  });
}

/** Polls until the text's contrast reaches `min` (a theme's colours glide in over a moment). */
export async function expectContrast(target: Locator, min: number): Promise<void> {
  await expect(target).toBeVisible();
  await expect.poll(() => textContrast(target), { message: (await target.textContent()) ?? '' }).toBeGreaterThanOrEqual(min);
}

/** Switches the page's theme as the app's switch does (the class on <html>). */
export async function setDark(page: Page, dark: boolean): Promise<void> {
  await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
}

/** 44 px, read in whole-pixel steps from a centre that may fall between pixels */
export const FINGER = 43;

/** How far through its centre, across and down, a tap still lands on the control. */
export const hitSize = (control: Locator) =>
  control.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const [cx, cy] = [r.left + r.width / 2, r.top + r.height / 2];
    const hits = (x: number, y: number) => {
      const at = document.elementFromPoint(x, y);
      return !!at && (at === el || el.contains(at));
    };
    const reach = (dx: number, dy: number) => {
      let n = 0;
      while (n < 80 && hits(cx + dx * (n + 1), cy + dy * (n + 1))) n++;
      return n;
    };
    return { width: reach(-1, 0) + reach(1, 0) + 1, height: reach(0, -1) + reach(0, 1) + 1 };
  });

/** A control a finger reaches: 44 px both ways through its middle. */
export async function expectFingerSized(control: Locator, what: string): Promise<void> {
  await expect(control).toBeVisible();
  const size = await hitSize(control);
  expect(size.height, `${what} (height)`).toBeGreaterThanOrEqual(FINGER);
  expect(size.width, `${what} (width)`).toBeGreaterThanOrEqual(FINGER);
}

/** Lines a block of text takes (its height over its line height). */
export const blockLines = (el: Locator) => el.evaluate((e) => Math.round(e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight)));

/** How many lines a control's text runs to, read from where its words lie. */
export const textLines = (el: Locator) =>
  el.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    // a line is the rects whose middles lie together (an emoji's box sits a little higher or lower than the words')
    const middles = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => (r.top + r.bottom) / 2).sort((a, b) => a - b);
    return middles.filter((m, i) => i === 0 || m - middles[i - 1]! > 8).length;
  });

/** Whether an element's text is cut with an ellipsis, not clipped mid-letter. */
export const endsWithEllipsis = (el: Locator) =>
  el.evaluate((e) => e.scrollWidth > e.clientWidth && getComputedStyle(e).textOverflow === 'ellipsis');

/** Whether any of the element's text is cut off (it needs more room than its box gives). */
export const isCut = (el: Locator) => el.evaluate((e) => e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1);

/** Pixels the page scrolls sideways. */
export const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
