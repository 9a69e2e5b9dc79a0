import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { authHeader, loginViaApi, MODERATOR, openSignedIn, registerViaApi } from '../helpers';
import { addPostcard, makeChannel } from './polish-helpers';

/**
 * Issue 13 item 14: every route in English shows no Cyrillic outside user content, and every route
 * in Russian no Latin outside user content and the short list of names below.
 */
test.describe.configure({ timeout: 300_000 });

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

/** Everything a reader sees or hears on the page: text nodes, placeholders, labels, titles, alt texts. */
async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
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

/** The names of the first 100 top players. */
async function topPlayerNames(request: APIRequestContext, token: string): Promise<string[]> {
  const names: string[] = [];
  for (let offset = 0; offset < 100; offset += 20) {
    const top = (await (await request.get(`/api/game/top-players?offset=${offset}`, { headers: authHeader(token) })).json()) as { players: { name: string | null }[] };
    for (const p of top.players) if (p.name?.trim()) names.push(p.name.trim());
  }
  return names;
}

/** User content the app shows as it was written: names, descriptions, titles, greeting texts. */
async function userContent(request: APIRequestContext, token: string): Promise<Set<string>> {
  const texts = new Set<string>();
  const add = (...v: unknown[]) => {
    for (const s of v) if (typeof s === 'string' && s.trim()) texts.add(s.trim());
  };
  const get = async (url: string) => (await request.get(url, { headers: authHeader(token) })).json();
  type Card = { title: string | null; description: string | null; username: string | null; author: string | null; source: string | null; file_name: string | null };
  const cards = (items: Card[]) => items.forEach((p) => add(p.title, p.description, p.username, p.author, p.source, p.file_name));
  let cursor = '';
  for (;;) {
    const page = await get(`/api/gallery?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
    cards(page.items);
    if (!page.has_more) break;
    cursor = page.next_cursor;
  }
  for (const c of (await get('/api/collections?limit=100')) as { name: string; description: string | null; id: number }[]) {
    add(c.name, c.description);
    cards((await get(`/api/image_relations?collection_id=${c.id}&limit=500`)).items);
  }
  const gallery = await get('/api/collections/9');
  add(gallery.name, gallery.description);
  const sandbox = await get('/api/sandbox?limit=100');
  cards(sandbox.items ?? []);
  add(...(await topPlayerNames(request, token)));
  const me = await get('/api/auth/me');
  add(me.user?.username, me.user?.login, me.username, me.login);
  return texts;
}

/**
 * A text is user content when it is one of the user's texts, the start of one cut with «…», or a
 * label wrapping a whole one («Канал «Мои карточки»»). Short texts never match by containment.
 */
const isUserContent = (text: string, content: Set<string>) => {
  if (content.has(text)) return true;
  const cut = text.endsWith('…') ? text.slice(0, -1).trimEnd() : null;
  return [...content].some((c) => (cut !== null && cut.length >= 3 && c.startsWith(cut)) || (c.length >= 4 && text.includes(c)));
};

function latinOutsideAllowed(text: string): boolean {
  let rest = text;
  for (const word of [...LATIN_ALLOWED].sort((a, b) => b.length - a.length)) rest = rest.split(word).join(' ');
  return LATIN.test(rest);
}

async function setup(request: APIRequestContext, language: 'en' | 'ru') {
  const me = await registerViaApi(request, { username: language === 'en' ? 'Walker' : 'Ходок' });
  const other = await registerViaApi(request, { username: language === 'en' ? 'Other' : 'Другой' });
  const put = await request.post('/api/settings/batch', { headers: authHeader(me.token), data: { settings: { language } } });
  expect(put.ok(), await put.text()).toBe(true);
  const channel = await makeChannel(request, me.token, language === 'en' ? 'My cards' : 'Мои карточки');
  const mine = await addPostcard(request, me.token, channel, { description: language === 'en' ? 'A card for my mum' : 'Открытка для мамы' });
  const mod = await loginViaApi(request, MODERATOR.login, MODERATOR.password);
  await request.post(`/api/moderation/${mine}/approve`, { headers: authHeader(mod.token) });
  const pending = await addPostcard(request, other.token, await makeChannel(request, other.token, language === 'en' ? 'Theirs' : 'Чужой'), {
    description: language === 'en' ? 'A card waiting for votes' : 'Открытка ждёт голосов',
  });
  await request.post('/api/bookmarks', { headers: authHeader(me.token), data: { image_relation_id: mine } });
  // a category, so /categories shows its drag handle and what it says to a screen reader
  const category = language === 'en' ? 'Family' : 'Для семьи';
  const made = await request.post('/api/categories', { headers: authHeader(me.token), data: { name: category } });
  expect(made.status(), await made.text()).toBe(201);
  const greeting = await request.post('/api/greetings', {
    headers: authHeader(me.token),
    data: language === 'en' ? { image_relations_id: mine, to_whom: 'Mum', greeting: 'Happy birthday!', from_whom: 'Ann' } : { image_relations_id: mine, to_whom: 'Маме', greeting: 'С днём рождения!', from_whom: 'Аня' },
  });
  expect(greeting.status(), await greeting.text()).toBe(201);
  const g = (await greeting.json()) as { id: string; to_whom: string; greeting: string; from_whom: string };
  return { me, channel, mine, pending, greeting: g, category };
}

for (const language of ['en', 'ru'] as const) {
  test(`every route in ${language === 'en' ? 'English has no Cyrillic' : 'Russian has no stray Latin'} outside user content`, async ({ page, request }) => {
    const s = await setup(request, language);
    const content = await userContent(request, s.me.token);
    content.add(s.greeting.to_whom).add(s.greeting.greeting).add(s.greeting.from_whom).add(s.category);
    const routes = [
      '/gallery',
      '/gallery?sandbox=1',
      '/mychannels',
      `/mychannels/${s.channel}`,
      `/mychannels/${s.channel}/${s.mine}`,
      `/mychannels/${s.channel}/${s.mine}/create-congratulation`,
      '/mysubscriptions',
      '/bookmarks',
      `/bookmarks/${s.mine}`,
      '/categories',
      '/accepted-greetings',
      '/congratulations',
      '/received-greetings',
      '/my-uploads',
      '/sandbox',
      `/sandbox/${s.pending}`,
      '/moderator',
      '/settings',
      '/terms',
      `/greeting/${s.greeting.id}`,
      `/greeting/${s.greeting.id}?view=true`,
      `/edit-greeting/${s.greeting.id}`,
      ...['resources', 'quests', 'achievements', 'notifications', 'level', 'production'].map((tab) => `/game-data?tab=${tab}`),
      '/no-such-page',
    ];
    const wrong: string[] = [];
    const check = async (route: string) => {
      // the app keeps a notification stream open, so "network idle" never comes: wait for the page to settle
      await page.waitForLoadState('load');
      await page.waitForTimeout(1200);
      for (const text of await visibleTexts(page)) {
        if (isUserContent(text, content)) continue;
        const bad = language === 'en' ? !CYRILLIC_ALLOWED.includes(text) && CYRILLIC.test(text) : latinOutsideAllowed(text);
        if (bad) wrong.push(`${route}: ${JSON.stringify(text)}`);
      }
    };
    await openSignedIn(page, s.me.token, '/gallery');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    for (const route of routes) {
      // players of specs running beside this one climb into the top list meanwhile: their names are user content too
      if (route.endsWith('tab=level')) for (const name of await topPlayerNames(request, s.me.token)) content.add(name);
      await page.goto(route);
      await check(route);
    }
    // the dialogs a user meets most: the info modal and the add-postcard wizard
    await page.goto(`/mychannels/${s.channel}/${s.mine}`);
    await page.getByTestId('info-button').click();
    await check('info modal');
    // a visitor's pages
    await page.evaluate(() => localStorage.removeItem('access_token'));
    for (const route of ['/auth', '/gallery']) {
      await page.goto(route);
      await check(`visitor ${route}`);
    }
    expect(wrong, wrong.join('\n')).toEqual([]);
  });
}
