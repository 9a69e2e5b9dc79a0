import { expect, test } from '@playwright/test';
import { authHeader, openSignedIn, registerViaApi, signedInAsNewUser } from '../helpers';
import { makeChannel } from './polish-helpers';

/** Lines a block of text takes. */
const lines = (el: HTMLElement) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight));

test.describe('a page title keeps its line on a 360 px phone', () => {
  for (const [language, title, action] of [
    ['ru', 'Мои каналы', 'Создать канал'],
    ['en', 'My channels', 'Create channel'],
  ] as const) {
    test(`«${title}» stays on one line and «${action}» goes below it (${language})`, async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      const me = await signedInAsNewUser(page, '/gallery');
      await makeChannel(page.request, me.token);
      const saved = await page.request.post('/api/settings/batch', { headers: authHeader(me.token), data: { settings: { language } } });
      expect(saved.status()).toBe(200);
      await page.goto('/mychannels');
      const heading = page.getByRole('heading', { level: 1, name: title });
      const create = page.getByRole('button', { name: action });
      await expect(create).toBeVisible();
      expect(await heading.evaluate(lines)).toBe(1);
      const [h, b] = [(await heading.boundingBox())!, (await create.boundingBox())!];
      expect(b.y).toBeGreaterThanOrEqual(h.y + h.height);
      expect(b.x + b.width).toBeLessThanOrEqual(360);
    });
  }

  test('at 1280 px the action stays beside the title', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const me = await signedInAsNewUser(page, '/gallery');
    await makeChannel(page.request, me.token);
    await page.goto('/mychannels');
    const [h, b] = [(await page.getByRole('heading', { level: 1, name: 'Мои каналы' }).boundingBox())!, (await page.getByRole('button', { name: 'Создать канал' }).boundingBox())!];
    expect(b.y).toBeLessThan(h.y + h.height);
  });
});

test('someone else\'s channel on a 360 px phone: the name whole, the counts on one line, «Подписаться» below; beside the name at 1280 px', async ({ page, request }) => {
  const owner = await registerViaApi(request);
  const channel = await makeChannel(request, owner.token, 'Мои открытки');
  await page.setViewportSize({ width: 360, height: 740 });
  await signedInAsNewUser(page, `/mychannels/${channel}`);
  const heading = page.getByRole('heading', { level: 1, name: 'Мои открытки' });
  const subscribe = page.getByRole('button', { name: 'Подписаться' });
  await expect(subscribe).toBeVisible();
  expect(await heading.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  expect(await page.getByText(/подписчиков · \d+ открыт/).evaluate(lines)).toBe(1);
  let [h, b] = [(await heading.boundingBox())!, (await subscribe.boundingBox())!];
  expect(b.y).toBeGreaterThanOrEqual(h.y + h.height);
  await page.setViewportSize({ width: 1280, height: 800 });
  [h, b] = [(await heading.boundingBox())!, (await subscribe.boundingBox())!];
  expect(b.y).toBeLessThan(h.y + h.height);
});

test('a browser that asks for English gets the Russian app with a Russian tab title, on pages that set none of their own', async ({ browser, request }) => {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const me = await registerViaApi(request);
  const postcard = ((await (await request.get('/api/gallery?limit=1')).json()) as { items: { id: number; collection_id: number }[] }).items[0]!;
  await openSignedIn(page, me.token, `/mychannels/${postcard.collection_id}/${postcard.id}/create-congratulation`);
  await expect(page.getByRole('textbox', { name: 'Имя получателя' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  // the server's HTML guessed English for its title (link previews); the app speaks Russian
  await expect(page).toHaveTitle(/[А-Яа-яЁё]/);
  await expect(page).not.toHaveTitle(/[A-Za-z]/);
  await context.close();
});
