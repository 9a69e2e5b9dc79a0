import zlib from 'node:zlib';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { authHeader, registerViaApi } from '../helpers';

/**
 * The page most recipients open first, cold, on a phone: /greeting/{id} is its
 * own lean entry — React and the greeting's screens — and the whole app loads at the first tap and
 * takes over where the recipient is.
 */
const PHONE = { width: 390, height: 844 };
/** The budget of the greeting's first load: JavaScript, gzip level 9. */
const FIRST_LOAD_JS_BUDGET = 80 * 1024;

async function newGreeting(request: APIRequestContext) {
  const sender = await registerViaApi(request);
  const gallery = (await (await request.get('/api/gallery?limit=1')).json()) as { items: { id: number }[] };
  const res = await request.post('/api/greetings', {
    headers: authHeader(sender.token),
    data: { image_relations_id: gallery.items[0]!.id, to_whom: 'Бабушке', greeting: 'С юбилеем, родная!', from_whom: 'Внучка' },
  });
  expect(res.status()).toBe(201);
  return { sender, id: ((await res.json()) as { id: string }).id };
}

/** Every script the page loads, with its gzip size, in order (0 for a body the page closed on before it came). */
function recordScripts(page: Page) {
  const scripts: { url: string; bytes: Promise<number> }[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.push({ url: new URL(res.url()).pathname, bytes: res.body().then((b) => zlib.gzipSync(b, { level: 9 }).length, () => 0) });
  });
  return scripts;
}

test.describe("a recipient's first load", () => {
  test('a recipient whose browser asks for English reads the page in Russian with a Russian title and language, and in English once they chose it', async ({ browser, request }) => {
    const { id } = await newGreeting(request);
    const context = await browser.newContext({ viewport: PHONE, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`/greeting/${id}`);
    await expect(page.getByRole('button', { name: 'Смотреть открытку' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page).toHaveTitle('Поздравление — Бабушке');

    await page.goto('/greeting/no-such-greeting-here');
    await expect(page.getByRole('heading', { name: 'Поздравление не найдено' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page).toHaveTitle('Поздравление не найдено — Открытка');

    await context.addCookies([{ name: 'language', value: 'en', url: page.url() }]);
    await page.goto(`/greeting/${id}`);
    await expect(page.getByRole('button', { name: 'Open the postcard' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle('A greeting for Бабушке');
    await context.close();
  });

  test('a link shared from the app in English (?lang=en) opens in English, the app included, for a reader who chose no language on a device that reads English; one who chose Russian keeps it', async ({
    browser,
    request,
  }) => {
    const { id } = await newGreeting(request);
    const context = await browser.newContext({ viewport: PHONE, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`/greeting/${id}?lang=en`);
    await expect(page.getByRole('button', { name: 'Open the postcard' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle('A greeting for Бабушке');
    // the first tap brings the whole app, which speaks the same language
    await page.getByRole('button', { name: 'Open the postcard' }).click();
    await page.getByRole('button', { name: 'Read the greeting' }).click();
    await expect(page.getByRole('button', { name: 'Accept' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await context.addCookies([{ name: 'language', value: 'ru', url: page.url() }]);
    await page.goto(`/greeting/${id}?lang=en`);
    await expect(page.getByRole('button', { name: 'Смотреть открытку' })).toBeVisible();
    await expect(page).toHaveTitle('Поздравление — Бабушке');
    await context.close();
  });

  test('a link shared in English opens in Russian on a device that reads Russian, the app and its title included', async ({ browser, request }) => {
    const { id } = await newGreeting(request);
    const context = await browser.newContext({ viewport: PHONE, locale: 'ru-RU' });
    const page = await context.newPage();
    await page.goto(`/greeting/${id}?lang=en`);
    await expect(page.getByRole('button', { name: 'Смотреть открытку' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page).toHaveTitle('Поздравление — Бабушке');
    await page.getByRole('button', { name: 'Смотреть открытку' }).click();
    await page.getByRole('button', { name: 'Поздравление' }).click();
    await expect(page.getByRole('button', { name: 'Принять' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await context.close();
  });

  test('while the greeting loads, its loading words stand on the greeting’s colours at once, not fading in white on the page’s cream', async ({ browser, request }) => {
    const { id } = await newGreeting(request);
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    let release!: () => void;
    const arrived = new Promise<void>((r) => (release = r));
    await page.route(`**/api/greetings/${id}`, async (route) => {
      await arrived;
      await route.continue();
    });
    await page.goto(`/greeting/${id}`);
    const loading = page.getByTestId('greeting-loading');
    await expect(loading).toHaveText('Загрузка...');
    const stage = await loading.evaluate((el) => {
      const frame = el.parentElement!;
      return { opacity: getComputedStyle(frame).opacity, fading: frame.getAnimations().length, background: getComputedStyle(frame).backgroundImage };
    });
    expect(stage).toEqual({ opacity: '1', fading: 0, background: expect.stringContaining('linear-gradient') });
    release();
    await expect(page.getByRole('heading', { name: 'Бабушке' })).toBeVisible();
    await context.close();
  });

  test('shows the intro with React alone, within 80 KB of JavaScript; the first tap brings the app, which carries on to the greeting and its accept button', async ({
    browser,
    request,
  }) => {
    const { id } = await newGreeting(request);
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const scripts = recordScripts(page);
    let greetingReads = 0;
    page.on('request', (r) => void (new URL(r.url()).pathname === `/api/greetings/${id}` && greetingReads++));

    await page.goto(`/greeting/${id}`, { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { name: 'Бабушке' })).toBeVisible();
    const firstLoad = scripts.map((s) => s.url);
    // not the router, the query cache, the shell or the gallery
    expect(firstLoad.filter((u) => /\/assets\/(app|vendor|index|GalleryPage)-/.test(u))).toEqual([]);
    const bytes = (await Promise.all(scripts.map((s) => s.bytes))).reduce((a, b) => a + b, 0);
    expect(bytes).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET);

    await page.getByRole('button', { name: 'Смотреть открытку' }).click();
    await expect(page.locator('main img, main video').first()).toBeVisible();
    await page.getByRole('button', { name: 'Поздравление', exact: true }).click();
    await expect(page.getByText('С юбилеем, родная!')).toBeVisible();
    // the app took over: the accept button is its panel, the skip link its shell
    await expect(page.getByRole('button', { name: 'Принять' })).toBeVisible();
    expect(scripts.some((s) => /\/assets\/app-/.test(s.url))).toBe(true);
    // read once: the app took the greeting the first screen had read
    expect(greetingReads).toBe(1);
    // it is still the greeting's own page, not an intro played again
    await expect(page.getByRole('heading', { name: 'Бабушке' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Смотреть открытку' })).toHaveCount(0);
    await context.close();
  });

  test('a signed-in recipient: the first tap moves on to the postcard, and the app carries on from there', async ({ browser, request }) => {
    const { id } = await newGreeting(request);
    const recipient = await registerViaApi(request);
    const context = await browser.newContext({ viewport: PHONE });
    // as after signing in on this device: the token and the user the shell shows at once (lib/token.ts)
    await context.addInitScript(({ token, user }) => {
      localStorage.setItem('access_token', token);
      localStorage.setItem('session_user', JSON.stringify(user));
    }, { token: recipient.token, user: recipient.user });
    const page = await context.newPage();
    await page.goto(`/greeting/${id}`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Смотреть открытку' }).click();
    // the app has taken over (its skip link) and still shows the postcard, not the intro again
    await expect(page.getByRole('link', { name: 'Перейти к содержимому' })).toBeAttached();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('button', { name: 'Поздравление', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Смотреть открытку' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Поздравление', exact: true }).click();
    await expect(page.getByText('С юбилеем, родная!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Принять' })).toBeVisible();
    await context.close();
  });

  test("the sender's own link and a link that opens on the greeting itself go straight to the app", async ({ browser, request }) => {
    const { sender, id } = await newGreeting(request);
    const context = await browser.newContext({ viewport: PHONE });
    await context.addInitScript((token) => localStorage.setItem('access_token', token), sender.token);
    const page = await context.newPage();
    await page.goto(`/greeting/${id}`);
    // the sender's preview: their share button, which only the app has
    await expect(page.getByRole('button', { name: 'Поделиться', exact: true }).first()).toBeVisible();

    const visitor = await browser.newContext({ viewport: PHONE });
    const other = await visitor.newPage();
    const scripts = recordScripts(other);
    await other.goto(`/greeting/${id}?view=true`);
    await expect(other.getByRole('button', { name: 'Принять' })).toBeVisible();
    expect(scripts.map((s) => s.url).some((u) => /\/assets\/index-/.test(u))).toBe(true);
    await context.close();
    await visitor.close();
  });

  test('a recipient name of one long word wraps inside a 360 px screen, on the envelope and on the countdown', async ({ page, request }) => {
    const sender = await registerViaApi(request);
    const gallery = (await (await request.get('/api/gallery?limit=1')).json()) as { items: { id: number }[] };
    const name = `👩‍👩‍👧‍👦${'Бабушкеидедушке'.repeat(6)}`.slice(0, 100);
    const make = async (extra: Record<string, unknown>) => {
      const res = await request.post('/api/greetings', { headers: authHeader(sender.token), data: { image_relations_id: gallery.items[0]!.id, to_whom: name, ...extra } });
      expect(res.status(), await res.text()).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    const open = await make({});
    const sealed = await make({ opens_at: new Date(Date.now() + 2 * 86_400_000).toISOString(), opens_tz: 'Europe/Moscow' });
    await page.setViewportSize({ width: 360, height: 740 });
    for (const id of [open, sealed]) {
      await page.goto(`/greeting/${id}`);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toContainText('Бабушкеидедушке');
      const box = (await heading.boundingBox())!;
      expect(box.x, id).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, id).toBeLessThanOrEqual(360);
    }
  });

  test('a link opened cold in the app: «Назад» shows the gallery, and the browser\'s back returns to the greeting', async ({ page, request }) => {
    const { id } = await newGreeting(request);
    await page.setViewportSize(PHONE);
    await page.goto(`/greeting/${id}?view=true`);
    await expect(page.getByRole('button', { name: 'Принять' })).toBeVisible();
    await page.getByRole('button', { name: 'Назад' }).click();
    await expect(page).toHaveURL(/\/gallery$/);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/greeting/${id}\\?view=true$`));
    await expect(page.getByText('С юбилеем, родная!')).toBeVisible();
  });

  for (const [what, id] of [
    ['an unknown greeting', 'NoSuchGreetingAtAll0000'],
    ['a mistyped link', 'not-a-greeting-id'],
  ] as const) {
    test(`${what} says so on the first screen, read once, without loading the app; «Назад» leads to the gallery`, async ({ page }) => {
      await page.setViewportSize(PHONE);
      const scripts = recordScripts(page);
      const reads: number[] = [];
      page.on('response', (r) => r.url().includes('/api/greetings/') && reads.push(r.status()));
      await page.goto(`/greeting/${id}`);
      await expect(page.getByRole('heading', { name: 'Поздравление не найдено' })).toBeVisible();
      await expect(page.getByText('Возможно, его удалили или в ссылке опечатка.')).toBeVisible();
      expect(reads).toHaveLength(1);
      expect(scripts.map((s) => s.url).some((u) => /\/assets\/index-/.test(u))).toBe(false);
      await page.getByRole('button', { name: 'Назад' }).click();
      await expect(page).toHaveURL(/\/gallery$/);
    });
  }
});
