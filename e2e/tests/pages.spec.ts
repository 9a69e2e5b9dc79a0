import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import {
  addPostcard,
  authHeader,
  dialog,
  expectSignedIn,
  gameBar,
  loginViaApi,
  makeChannel,
  MODERATOR,
  openLoginModal,
  openMenu,
  openSignedIn,
  registerViaApi,
  signedInAsNewUser,
} from '../helpers';
import {
  blockLines,
  endsWithEllipsis,
  expectContrast,
  expectFingerSized,
  FINGER,
  hitSize,
  isCut,
  setDark,
  sideways,
  textLines,
  trackRequests,
  wrongLanguage,
} from '../page-checks';

/**
 * Every page, walked once on a phone in Russian and once on a desktop in English: on each page the
 * reader's language (no Cyrillic in English and no stray Latin in Russian outside user content, the
 * browser tab's title included), and there the layout checks that page needs — titles and their
 * actions, labels that must stay whole, long names cut with «…», what a finger hits, the contrast
 * of small coloured texts in both themes, the wizard beside or above its preview. SCREENSHOTS=1
 * saves a picture of each page visited into e2e/.artifacts/screens.
 */
test.describe.configure({ timeout: 300_000 });

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const LONG_CATEGORY = `Категория${'и'.repeat(91)}`;
const LONG_TITLE = 'З'.repeat(120);
const GAME_TABS = ['resources', 'quests', 'achievements', 'notifications', 'level', 'production'] as const;

type Language = 'ru' | 'en';

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
 * The walker's world: their channel with a postcard (approved, in a category of a group, bookmarked)
 * and one with a 120-character title in a 100-character category; a greeting they sent; someone
 * else's channel they follow, and one they do not, with a postcard waiting in the sandbox.
 */
async function world(request: APIRequestContext, language: Language) {
  const ru = language === 'ru';
  const me = await registerViaApi(request, { username: ru ? 'Ходок' : 'Walker' });
  const other = await registerViaApi(request, { username: ru ? 'Другой' : 'Other' });
  const headers = authHeader(me.token);
  // Russian is what a reader who chose nothing gets (the Russian walk runs in a browser that asks for English)
  if (!ru) expect((await request.post('/api/settings/batch', { headers, data: { settings: { language } } })).ok()).toBe(true);
  const channel = await makeChannel(request, me.token, ru ? 'Открытки для семьи' : 'Cards for the family');
  const group = ru ? 'Семья' : 'Family';
  const groupId = ((await (await request.post('/api/category-groups', { headers, data: { name: group } })).json()) as { id: number }).id;
  const categories = ru ? ['Мама', 'Папа'] : ['Mum', 'Dad'];
  const categoryIds: number[] = [];
  for (const name of [...categories, LONG_CATEGORY]) {
    const res = await request.post('/api/categories', { headers, data: { name, group_id: name === LONG_CATEGORY ? null : groupId } });
    expect(res.status(), await res.text()).toBe(201);
    categoryIds.push(((await res.json()) as { id: number }).id);
  }
  const mine = await addPostcard(request, me.token, channel, { description: ru ? 'Открытка для мамы' : 'A card for my mum', category_id: categoryIds[0] });
  const long = await addPostcard(request, me.token, channel, { title: LONG_TITLE, description: 'о'.repeat(500), category_id: categoryIds[2] });
  const mod = await loginViaApi(request, MODERATOR.login, MODERATOR.password);
  expect((await request.post(`/api/moderation/${mine}/approve`, { headers: authHeader(mod.token) })).ok()).toBe(true);
  expect((await request.post('/api/bookmarks', { headers, data: { image_relation_id: mine } })).status()).toBeLessThan(300);

  const followed = await makeChannel(request, other.token, ru ? 'Чужой канал' : 'Followed channel');
  expect((await request.post('/api/subscriptions/', { headers, data: { collection_id: followed } })).ok()).toBe(true);
  const theirs = await makeChannel(request, other.token, ru ? 'Мои открытки' : 'Their cards');
  const pending = await addPostcard(request, other.token, theirs, { description: ru ? 'Красная открытка ждёт голосов' : 'A card waiting for votes' });

  const greetingData = ru
    ? { to_whom: 'Рождественская-Васильева', greeting: 'С праздником! '.repeat(60).trim(), from_whom: 'Аня' }
    : { to_whom: 'Mum', greeting: 'Happy birthday! '.repeat(40).trim(), from_whom: 'Ann' };
  const created = await request.post('/api/greetings', { headers, data: { image_relations_id: mine, ...greetingData } });
  expect(created.status(), await created.text()).toBe(201);
  const greeting = ((await created.json()) as { id: string }).id;

  const content = await userContent(request, me.token);
  for (const text of [...Object.values(greetingData), group, ...categories, LONG_CATEGORY, LONG_TITLE]) content.add(text);
  return { me, channel, mine, long, theirs, pending, greeting, content };
}

/**
 * What other specs running beside the walk add meanwhile and the walk may show: the newest gallery and
 * sandbox postcards, the top players.
 */
async function addNewContent(request: APIRequestContext, token: string, content: Set<string>) {
  const headers = authHeader(token);
  type Card = { title: string | null; description: string | null; username: string | null; author: string | null; source: string | null; file_name: string | null };
  const gallery = (await (await request.get('/api/gallery?limit=100', { headers })).json()) as { items: Card[] };
  const sandbox = (await (await request.get('/api/sandbox?limit=100', { headers })).json()) as { items?: Card[] };
  for (const p of [...gallery.items, ...(sandbox.items ?? [])]) for (const s of [p.title, p.description, p.username, p.author, p.source, p.file_name]) if (s?.trim()) content.add(s.trim());
  for (const name of await topPlayerNames(request, token)) content.add(name);
}

/** Goes to pages, waits until each has settled, keeps what is in the wrong language, and takes a picture on demand. */
function walker(page: Page, language: Language, content: Set<string>, pass: string, token: string) {
  const { settled } = trackRequests(page);
  const wrong: string[] = [];
  const check = async (where: string) => {
    await addNewContent(page.request, token, content);
    wrong.push(...(await wrongLanguage(page, language, content, where)));
    if (process.env.SCREENSHOTS) await page.screenshot({ path: `.artifacts/screens/${pass}-${where.replace(/[^\w-]+/g, '_')}.png`, animations: 'disabled' });
  };
  return {
    wrong,
    check,
    /** Opens `route`, waits for it to settle and checks its language. */
    visit: async (route: string) => {
      await page.goto(route);
      await settled();
      await check(route);
    },
    settled,
  };
}

/** The bottom bar at the phone's width: six labels, each whole, none running into the next; production named as such. */
async function bottomBarLabels(page: Page, language: Language) {
  const bar = page.getByRole('navigation', { name: language === 'ru' ? 'Быстрые разделы' : 'Quick sections' });
  const links = bar.getByRole('link');
  await expect(links).toHaveCount(6);
  const production = bar.getByRole('link', { name: language === 'ru' ? 'Цех — производство' : 'Workshop — production' });
  await expect(production).toContainText(language === 'ru' ? 'Цех' : 'Workshop');
  // each name holds the word on screen, so a voice command naming what is seen finds it (WCAG 2.5.3)
  for (const link of await links.all()) {
    const shown = (await link.innerText()).trim().toLocaleLowerCase();
    expect((await link.getAttribute('aria-label'))!.toLocaleLowerCase(), shown).toContain(shown);
  }
  const boxes = await links.evaluateAll((els) =>
    els.map((a) => {
      const label = a.querySelector('span:last-child') as HTMLElement;
      const r = label.getBoundingClientRect();
      return { text: label.textContent, left: r.left, right: r.right, cut: label.scrollWidth > label.clientWidth + 0.5 || label.textContent!.length === 0 };
    }),
  );
  for (const b of boxes) expect(b.cut, `${b.text} is cut`).toBe(false);
  for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.left, `${boxes[i - 1]!.text} runs into ${boxes[i]!.text}`).toBeGreaterThanOrEqual(boxes[i - 1]!.right + 2);
  expect(boxes.at(-1)!.right).toBeLessThanOrEqual(page.viewportSize()!.width);
  return production;
}

/** The gallery's four sorts at 360 and 320 px: every label whole, on one line from 360 px (the longest is «Популярные за сутки»). */
async function sortLabels(page: Page, language: Language) {
  const size = page.viewportSize()!;
  for (const width of [360, 320]) {
    await page.setViewportSize({ width, height: size.height });
    const sorts = page.getByRole('radiogroup', { name: language === 'ru' ? 'Сортировка' : 'Sort' }).getByRole('radio');
    await expect(sorts).toHaveCount(4);
    await expect(sorts.last()).toHaveText(language === 'ru' ? 'Популярные за сутки' : 'Popular in 24 h');
    const labels = await sorts.evaluateAll((els) => els.map((b) => ({ text: b.textContent, cut: b.scrollWidth > b.clientWidth + 0.5, height: b.getBoundingClientRect().height })));
    for (const l of labels) {
      expect(l.cut, `${l.text} is cut at ${width} px`).toBe(false);
      if (width === 360) expect(l.height, `${l.text} takes one line at 360 px`).toBeLessThanOrEqual(36.5);
    }
  }
  await page.setViewportSize(size);
}

/** The open menu's backdrop lies over the bottom bar: a point of the bar right of the menu panel is not the bar's. */
async function menuCoversBottomBar(page: Page, language: Language) {
  const width = page.viewportSize()!.width;
  const box = (await page.getByRole('navigation', { name: language === 'ru' ? 'Быстрые разделы' : 'Quick sections' }).boundingBox())!;
  await openMenu(page);
  const x = Math.max(box.x + box.width - 20, Math.min(width - 10, 345));
  const onTop = await page.evaluate(([px, py]) => !!document.elementFromPoint(px!, py!)?.closest('nav[aria-label="Быстрые разделы"], nav[aria-label="Quick sections"]'), [x, box.y + box.height / 2]);
  expect(onTop, `bar on top at ${width}px`).toBe(false);
}

/** Tab from the top of /settings to its last button: the focused button is scrolled clear of the floating bottom bar. */
async function tabClearOfBottomBar(page: Page, language: Language) {
  const logout = page.getByRole('button', { name: language === 'ru' ? 'Выйти из аккаунта' : 'Sign out' });
  await expect(logout).toBeVisible();
  await page.evaluate(() => window.scrollTo({ top: 0 }));
  for (let i = 0; i < 80 && !(await logout.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(logout).toBeFocused();
  const button = (await logout.boundingBox())!;
  const bar = (await page.getByRole('navigation', { name: language === 'ru' ? 'Быстрые разделы' : 'Quick sections' }).boundingBox())!;
  expect(button.y + button.height, `the focused button runs under the bar at ${page.viewportSize()!.width}px`).toBeLessThanOrEqual(bar.y);
}

/** The sandbox's caption stays clear of the vote buttons. */
async function sandboxCaptionClear(page: Page, pending: number, caption: string) {
  const text = page.locator(`[data-card-id="${pending}"][data-active]`).getByText(caption);
  await expect(text).toBeVisible();
  const [t, b] = [(await text.boundingBox())!, (await page.getByTestId('sandbox-decision').boundingBox())!];
  expect(t.y + t.height, `caption over the buttons at ${page.viewportSize()!.width}px`).toBeLessThanOrEqual(b.y);
}

/** The greeting wizard's preview and its first field. */
async function wizardBoxes(page: Page, field: Locator) {
  await expect(field).toBeVisible();
  return { preview: (await page.getByTestId('wizard-preview').boundingBox())!, field: (await field.boundingBox())! };
}

/** /moderator refuses a user and moves on to / after a moment: its words are read while it shows them. */
async function checkRefusal(page: Page, language: Language, w: ReturnType<typeof walker>) {
  await expect(async () => {
    await page.goto('/moderator');
    await expect(page.getByRole('heading', { name: language === 'ru' ? 'Доступ запрещен' : /Access denied/ })).toBeVisible({ timeout: 5000 });
    await w.check('/moderator');
  }).toPass();
}

test.describe('on a 360 px phone, in Russian, in a browser that asks for English', () => {
  test.use({ viewport: PHONE, locale: 'en-US' });

  test('every page reads in Russian, and its layout holds at 360 px', async ({ page, request }) => {
    const s = await world(request, 'ru');
    // the share sheet with its own links, as on a device without one
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true }));
    const w = walker(page, 'ru', s.content, 'ru-360', s.me.token);
    await openSignedIn(page, s.me.token, '/gallery');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');

    await test.step('gallery: the bars, the sorts, the menu', async () => {
      await w.visit('/gallery');
      await expect(page.getByTestId('sandbox-return')).toHaveCount(0);
      // signed in on a phone: the game bar in the top bar, the bottom bar at the bottom
      await expectSignedIn(page);
      const bar = page.getByRole('navigation', { name: 'Быстрые разделы' });
      const barBox = (await bar.boundingBox())!;
      expect(barBox.y + barBox.height).toBeGreaterThan(PHONE.height - 14);
      // translucent bars blur what scrolls under them (the build once dropped the unprefixed `backdrop-filter`)
      for (const b of [page.locator('header').first(), bar]) expect(await b.evaluate((el) => getComputedStyle(el).backdropFilter)).toContain('blur(14px)');
      const production = await bottomBarLabels(page, 'ru');
      await sortLabels(page, 'ru');
      await menuCoversBottomBar(page, 'ru');
      await w.check('menu');
      await page.keyboard.press('Escape');
      await production.click();
      await expect(page).toHaveURL(/\/game-data\?tab=production$/);
      await expect(production).toHaveAttribute('aria-current', 'page');
    });

    await test.step('the game hub: every tab whole at 360 px; figures, pills and reasons readable in both themes; controls a finger reaches', async () => {
      await page.goto('/api/health'); // the walk's visits start afresh
      const yang = ((await (await request.get('/api/user-game-data/energy-status', { headers: authHeader(s.me.token) })).json()) as { yang_energy: number }).yang_energy;
      expect(yang).toBeLessThan(50);
      for (const tab of GAME_TABS) {
        await w.visit(`/game-data?tab=${tab}`);
        await expect(page.locator(`#panel-${tab}`)).toBeVisible();
        await expect.poll(() => sideways(page), { message: `tab ${tab}` }).toBe(0);
        for (const dark of [false, true]) {
          await setDark(page, dark);
          if (tab === 'resources') {
            const short = page.getByRole('button', { name: `Нужно 50 Ян, у вас ${yang}` });
            await expect(short).toBeDisabled();
            await expectContrast(short, 4.5);
            // the figure beside the slider's label (spoken as the slider's value, so hidden from the name): large text
            await expectContrast(page.locator('div', { has: page.locator('label', { hasText: 'Энергия для отправки' }) }).locator('> span[aria-hidden="true"]'), 3);
            for (const label of [page.getByText('День 1', { exact: true }), page.getByText('Ян', { exact: true }).first(), page.getByTestId('yang-percent'), page.getByTestId('yin-state')]) {
              await expectContrast(label, 4.5);
            }
          }
          if (tab === 'production') {
            const locked = page.locator('[data-testid^=card-]').filter({ hasText: /на \d+ уровне/ }).first();
            await expect(locked.getByRole('button', { name: /Запустить/ })).toBeDisabled();
            for (const text of [locked.getByRole('button', { name: /Запустить/ }), locked.getByText(/на \d+ уровне/), locked.getByRole('heading')]) await expectContrast(text, 4.5);
          }
          if (tab === 'quests') for (const name of ['Легко', 'Средне', 'Сложно']) await expectContrast(page.getByText(name, { exact: true }).first(), 4.5);
          if (tab === 'level') await expectContrast(page.locator('[data-testid^=exp-rule-] span.shrink-0').first(), 4.5);
        }
        await setDark(page, false);
        if (tab === 'quests') {
          await expectFingerSized(gameBar(page).getByRole('link', { name: /Уровень/ }), 'level');
          await expectFingerSized(page.getByRole('tab', { name: /Достижения/ }), 'tab');
          const details = page.locator('summary', { hasText: 'Подробнее' }).first();
          expect((await details.boundingBox())!.height).toBeGreaterThanOrEqual(40);
          await details.click();
          await expect(page.locator('details[open]').first()).toBeVisible();
        }
        if (tab === 'level') {
          const rule = page.getByTestId('exp-rule-greeting_sent');
          await expect(rule).toContainText('Отправленное поздравление');
          await expect(rule).toContainText('до 20 в день');
          expect(await rule.locator('span.block').first().evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        }
      }
      // the hub's five stat tiles: every label, «Самоцветы» the longest, fits its tile
      const labels = page.getByTestId('hub-stats').locator('li > span:last-child');
      await expect(labels).toHaveText([/опыт/, 'Ян', 'Инь', 'Монеты', 'Самоцветы']);
      const cut = await labels.evaluateAll((els) =>
        els
          .filter((el) => {
            const [box, tile] = [el.getBoundingClientRect(), el.parentElement!.getBoundingClientRect()];
            return el.scrollWidth > el.clientWidth || box.left < tile.left || box.right > tile.right;
          })
          .map((el) => el.textContent),
      );
      expect(cut).toEqual([]);
    });

    await test.step('channels: the title and its action, names whole or cut with «…», badges readable', async () => {
      await w.visit('/mychannels');
      const heading = page.getByRole('heading', { level: 1, name: 'Мои каналы' });
      const create = page.getByRole('button', { name: 'Создать канал' });
      await expect(create).toBeVisible();
      expect(await blockLines(heading)).toBe(1);
      const [h, b] = [(await heading.boundingBox())!, (await create.boundingBox())!];
      expect(b.y).toBeGreaterThanOrEqual(h.y + h.height);
      expect(b.x + b.width).toBeLessThanOrEqual(PHONE.width);
      expect(await isCut(page.getByText('Открытки для семьи', { exact: true })), 'the channel name is cut').toBe(false);
      for (const dark of [false, true]) {
        await setDark(page, dark);
        for (const badge of ['Мой', 'Подписка']) await expectContrast(page.getByText(badge, { exact: true }).first(), 4.5);
      }
      await setDark(page, false);

      await w.visit(`/mychannels/${s.channel}`);
      const chip = page.getByRole('group', { name: 'Категории канала' }).getByRole('button', { name: LONG_CATEGORY });
      await expect(chip).toBeVisible();
      expect((await chip.boundingBox())!.width).toBeLessThanOrEqual(256);
      expect(await endsWithEllipsis(chip.locator('span'))).toBe(true);
      expect(await sideways(page)).toBe(0);

      await w.visit(`/mychannels/${s.theirs}`);
      // someone else's channel: the name whole, the counts on one line, «Подписаться» below
      const name = page.getByRole('heading', { level: 1, name: 'Мои открытки' });
      const subscribe = page.getByRole('button', { name: 'Подписаться' });
      await expect(subscribe).toBeVisible();
      expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      expect(await blockLines(page.getByText(/подписчиков · \d+ открыт/))).toBe(1);
      const [nb, sb] = [(await name.boundingBox())!, (await subscribe.boundingBox())!];
      expect(sb.y).toBeGreaterThanOrEqual(nb.y + nb.height);
    });

    await test.step('the viewer: a 120-character title cut with «…» clear of the menu; the info sheet', async () => {
      await w.visit(`/mychannels/${s.channel}/${s.long}`);
      const title = page.getByText(LONG_TITLE, { exact: true });
      await expect(title).toBeVisible();
      expect(await endsWithEllipsis(title)).toBe(true);
      const [t, m] = [(await title.boundingBox())!, (await page.getByRole('button', { name: 'Ещё' }).last().boundingBox())!];
      expect(t.x + t.width).toBeLessThanOrEqual(m.x);

      await w.visit(`/mychannels/${s.channel}/${s.mine}`);
      await page.getByTestId('info-button').click();
      await expect(dialog(page)).toBeVisible();
      await w.settled();
      await w.check('info sheet');
      await page.keyboard.press('Escape');
    });

    await test.step('the greeting wizard: the miniature above the form, the name typed whole in it, the date switch a finger reaches', async () => {
      await w.visit(`/mychannels/${s.channel}/${s.mine}/create-congratulation`);
      const { preview, field } = await wizardBoxes(page, page.getByLabel('Имя получателя'));
      expect(preview.y + preview.height).toBeLessThanOrEqual(field.y);
      expect(preview.height).toBeLessThan(160);
      await page.getByLabel('Имя получателя').fill('Бабушке Гале 🌸');
      await expect(page.getByTestId('wizard-preview-to')).toHaveText('Бабушке Гале 🌸');
      expect(await isCut(page.getByTestId('wizard-preview-to')), 'the name is cut').toBe(false);
      await page.getByRole('button', { name: 'Далее' }).click();
      await page.getByRole('button', { name: 'Пропустить' }).click();
      const toggle = page.getByRole('switch', { name: 'Открыть в день праздника' });
      await expect(toggle).toBeVisible();
      await toggle.evaluate((el) => el.scrollIntoView({ block: 'center' })); // clear of the wizard's buttons
      expect((await hitSize(toggle)).height).toBeGreaterThanOrEqual(FINGER);
    });

    await test.step('greetings: rows and the share sheet a finger reaches; a long name breaks at its hyphen; a long text scrolls clear of the buttons', async () => {
      await w.visit('/congratulations');
      for (const name of ['Посмотреть', 'Поделиться']) await expectFingerSized(page.getByRole('button', { name }).first(), name);
      await page.getByRole('button', { name: 'Поделиться' }).first().click();
      const sheet = dialog(page);
      for (const name of ['Копировать', 'Показать QR-код']) {
        const control = sheet.getByRole('button', { name });
        await expect(control).toBeVisible();
        expect((await control.boundingBox())!.height, `${name} is drawn at its small size`).toBeLessThan(40);
        expect((await hitSize(control)).height, name).toBeGreaterThanOrEqual(FINGER);
      }
      await w.check('share sheet');
      await page.keyboard.press('Escape');

      for (const route of [`/greeting/${s.greeting}`, `/greeting/${s.greeting}?view=true`]) {
        await w.visit(route);
        const name = page.getByRole('heading', { level: 1, name: 'Рождественская-Васильева' });
        await expect(name).toBeVisible();
        // how many lines each part spans: one each, so the only break is the one after the hyphen
        const lines = await name.evaluate((h) => {
          const text = [...h.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.includes('-'))!;
          const cut = text.textContent!.indexOf('-') + 1;
          const span = (from: number, to: number) => {
            const r = document.createRange();
            r.setStart(text, from);
            r.setEnd(text, to);
            return new Set([...r.getClientRects()].map((rect) => Math.round(rect.top))).size;
          };
          return [span(0, cut), span(cut, text.textContent!.length)];
        });
        expect(lines, route).toEqual([1, 1]);
      }
      // the long greeting scrolls below the page's floating buttons, never under them
      await page.getByTestId('greeting-scroll').evaluate((el) => el.scrollBy(0, 400));
      const back = (await page.getByRole('button', { name: 'Назад' }).first().boundingBox())!;
      const under = await page.evaluate(([x, y]) => document.elementsFromPoint(x!, y!).some((el) => !!el.closest('article')), [back.x + back.width / 2, back.y + back.height / 2]);
      expect(under, 'the greeting text lies under «Назад»').toBe(false);
      await w.visit(`/edit-greeting/${s.greeting}`);
      for (const route of ['/accepted-greetings', '/received-greetings']) await w.visit(route);
    });

    await test.step('categories: the drag hint, a group handle and a category menu a finger reaches', async () => {
      await w.visit('/categories');
      await expect(page.getByText(/Перетаскивайте группы/)).toBeVisible();
      expect((await hitSize(page.getByRole('button', { name: 'Перетащить группу «Семья»' }))).height).toBeGreaterThanOrEqual(FINGER);
      const menu = page.getByRole('button', { name: 'Действия с категорией «Мама»' });
      await expectFingerSized(menu, 'category actions');
      await menu.click({ position: { x: 20, y: -1 } }); // just above the drawn button, within a finger's reach
      await expect(page.getByRole('menuitem', { name: 'Удалить' })).toBeVisible();
      await page.keyboard.press('Escape');
    });

    await test.step('the sandbox caption clear of the vote buttons; the other pages', async () => {
      await w.visit(`/sandbox/${s.pending}`);
      await sandboxCaptionClear(page, s.pending, 'Красная открытка ждёт голосов');
      await w.visit('/settings');
      await tabClearOfBottomBar(page, 'ru');
      for (const route of ['/gallery?sandbox=1', '/mysubscriptions', '/bookmarks', `/bookmarks/${s.mine}`, '/my-uploads', '/sandbox', '/terms', '/no-such-page']) await w.visit(route);
      await checkRefusal(page, 'ru', w);
    });

    await test.step('a visitor: the sign-in sheet\'s switches a finger reaches; a recipient\'s first screen', async () => {
      await page.evaluate(() => localStorage.removeItem('access_token'));
      for (const route of ['/auth', '/gallery']) await w.visit(route);
      // the gallery is open to visitors: no forced sign-in
      await expect(dialog(page)).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Нужно войти' })).toHaveCount(0);
      const sheet = await openLoginModal(page);
      const toRegister = sheet.getByRole('button', { name: 'Зарегистрироваться' });
      expect((await toRegister.boundingBox())!.height).toBeGreaterThanOrEqual(43.5);
      await toRegister.click();
      await expect(sheet.getByRole('heading', { name: 'Регистрация' })).toBeVisible();
      expect((await sheet.getByRole('button', { name: 'Войти', exact: true }).boundingBox())!.height).toBeGreaterThanOrEqual(43.5);
      await w.check('registration sheet');
      await page.keyboard.press('Escape');

      await w.visit(`/greeting/${s.greeting}`);
      const watch = page.getByRole('button', { name: 'Смотреть открытку' });
      await expect(watch).toBeVisible();
      expect(await textLines(watch), 'the button wraps').toBe(1);
      await watch.click();
      await page.getByRole('button', { name: 'Поздравление', exact: true }).click();
      // the recipient is named as typed, under «Кому» (a «Для» would need a declined name)
      await expect(page.getByText('Кому', { exact: true })).toBeVisible();
      const replay = page.getByRole('button', { name: 'Смотреть сначала' });
      await expect(replay).toBeVisible();
      expect((await replay.boundingBox())!.height).toBeGreaterThanOrEqual(43.5);
      await w.check('greeting, as its recipient');
    });

    await test.step('a new user: empty favourites lead to the gallery above the bottom bar; no drag hint without categories', async () => {
      await signedInAsNewUser(page, '/bookmarks');
      await expect(page.getByRole('heading', { name: 'В избранном пока пусто' })).toBeVisible();
      const toGallery = page.getByRole('link', { name: 'Открыть галерею' });
      const link = (await toGallery.boundingBox())!;
      const bar = (await page.getByRole('navigation', { name: 'Быстрые разделы' }).boundingBox())!;
      expect(link.y + link.height, 'the link runs under the bottom bar').toBeLessThanOrEqual(bar.y);
      await toGallery.click();
      await expect(page).toHaveURL(/\/gallery$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Галерея' })).toBeVisible();
      await page.goto('/categories');
      await expect(page.getByText('Категорий пока нет')).toBeVisible();
      await expect(page.getByText(/Перетаскивайте группы/)).toHaveCount(0);
    });

    expect(w.wrong, w.wrong.join('\n')).toEqual([]);
  });
});

test.describe('on a 1280 px desktop, in English', () => {
  test.use({ viewport: DESKTOP });

  test('every page reads in English, and its layout holds on a desktop (and, for the bars and titles, on a phone)', async ({ page, request, context, baseURL }) => {
    const s = await world(request, 'en');
    const w = walker(page, 'en', s.content, 'en-1280', s.me.token);
    await openSignedIn(page, s.me.token, '/gallery');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    // a desktop may show the bottom bar or leave its entries to the rail: where it shows, it stays clear
    const bottomBar = page.getByRole('navigation', { name: 'Quick sections' });
    await test.step('gallery: the menu over the bottom bar; at 360 px the bars and the sorts in English', async () => {
      await w.visit('/gallery');
      if (await bottomBar.isVisible()) await menuCoversBottomBar(page, 'en');
      else await openMenu(page);
      await w.check('menu');
      await page.keyboard.press('Escape');
      await page.setViewportSize(PHONE);
      await bottomBarLabels(page, 'en');
      await sortLabels(page, 'en');
      await w.check('/gallery at 360 px');
      await page.setViewportSize(DESKTOP);
    });

    await test.step('channels: the title with its action beside it, and on a phone below it', async () => {
      await w.visit('/mychannels');
      const heading = page.getByRole('heading', { level: 1, name: 'My channels' });
      const create = page.getByRole('button', { name: 'Create channel' });
      await expect(create).toBeVisible();
      let [h, b] = [(await heading.boundingBox())!, (await create.boundingBox())!];
      expect(b.y).toBeLessThan(h.y + h.height);
      await page.setViewportSize(PHONE);
      expect(await blockLines(heading)).toBe(1);
      [h, b] = [(await heading.boundingBox())!, (await create.boundingBox())!];
      expect(b.y).toBeGreaterThanOrEqual(h.y + h.height);
      expect(b.x + b.width).toBeLessThanOrEqual(PHONE.width);
      await page.setViewportSize(DESKTOP);

      await w.visit(`/mychannels/${s.theirs}`);
      const [n, sub] = [(await page.getByRole('heading', { level: 1, name: 'Their cards' }).boundingBox())!, (await page.getByRole('button', { name: 'Subscribe' }).boundingBox())!];
      expect(sub.y).toBeLessThan(n.y + n.height);
      for (const route of [`/mychannels/${s.channel}`, `/mychannels/${s.channel}/${s.long}`, `/mychannels/${s.channel}/${s.mine}`]) await w.visit(route);
      await page.getByTestId('info-button').click();
      await expect(dialog(page)).toBeVisible();
      await w.settled();
      await w.check('info sheet');
      await page.keyboard.press('Escape');
    });

    await test.step('the greeting wizard: from 820 px the greeting stands beside the form; narrower, the miniature sits above it', async () => {
      await w.visit(`/mychannels/${s.channel}/${s.mine}/create-congratulation`);
      const field = page.getByLabel("Recipient's name");
      for (const width of [1280, 820, 819]) {
        await page.setViewportSize({ width, height: 800 });
        await expect
          .poll(async () => {
            const { preview, field: f } = await wizardBoxes(page, field);
            return width >= 820
              ? preview.x + preview.width <= f.x && preview.height > 300 && Math.abs(preview.y - f.y) < 40 // the postcard itself, not the 101 px miniature
              : preview.y + preview.height <= f.y && preview.height < 160;
          }, { message: `the wizard's layout at ${width} px` })
          .toBe(true);
      }
      await page.setViewportSize(DESKTOP);
    });

    await test.step('the sandbox caption clear of the vote buttons; Tab clear of the bottom bar; the other pages', async () => {
      await w.visit(`/sandbox/${s.pending}`);
      await sandboxCaptionClear(page, s.pending, 'A card waiting for votes');
      await w.visit('/settings');
      if (await bottomBar.isVisible()) await tabClearOfBottomBar(page, 'en');
      await w.visit('/congratulations');
      await page.getByRole('button', { name: 'Share' }).first().click();
      await expect(dialog(page)).toBeVisible();
      await w.check('share sheet');
      await page.keyboard.press('Escape');
      const routes = [
        '/gallery?sandbox=1',
        '/mysubscriptions',
        '/bookmarks',
        `/bookmarks/${s.mine}`,
        '/categories',
        '/accepted-greetings',
        '/received-greetings',
        '/my-uploads',
        '/sandbox',
        '/terms',
        `/greeting/${s.greeting}`,
        `/greeting/${s.greeting}?view=true`,
        `/edit-greeting/${s.greeting}`,
        ...GAME_TABS.map((tab) => `/game-data?tab=${tab}`),
        '/no-such-page',
      ];
      for (const route of routes) await w.visit(route);
      await checkRefusal(page, 'en', w);
    });

    await test.step('a visitor: the top bar offers sign-in; the rail\'s RU/EN choices are big enough to click', async () => {
      await page.evaluate(() => localStorage.removeItem('access_token'));
      await context.addCookies([{ name: 'language', value: 'en', url: baseURL! }]);
      for (const route of ['/auth', '/gallery']) await w.visit(route);
      await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
      const rail = page.getByRole('radiogroup', { name: 'Language' });
      for (const name of ['RU', 'EN']) {
        const box = (await rail.getByRole('radio', { name }).boundingBox())!;
        expect(box.height, `${name} is ${box.height} px tall`).toBeGreaterThanOrEqual(24);
        expect(box.width).toBeGreaterThanOrEqual(24);
      }
    });

    expect(w.wrong, w.wrong.join('\n')).toEqual([]);
  });
});
