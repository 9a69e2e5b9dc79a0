import { expect, type Locator, type Page, test } from '@playwright/test';
import { authHeader, openSignedIn, registerViaApi } from '../helpers';
import { addPostcard, makeChannel } from './polish-helpers';

/**
 * Names and texts at their limits, written as one long word: on a phone they end with «…» inside
 * their place instead of running under a button or off the screen.
 */
const LONG_CATEGORY = `Категория${'и'.repeat(91)}`;
const LONG_TITLE = 'З'.repeat(120);

/** Whether an element's text is cut with an ellipsis, not clipped mid-letter. */
const endsWithEllipsis = (el: Locator) =>
  el.evaluate((e) => {
    const s = getComputedStyle(e);
    return e.scrollWidth > e.clientWidth && s.textOverflow === 'ellipsis';
  });
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth);

test('a 100-character category chip and a 120-character title end with «…» in their place at 360 px', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const me = await registerViaApi(request);
  const channel = await makeChannel(request, me.token);
  const category = await request.post('/api/categories', { headers: authHeader(me.token), data: { name: LONG_CATEGORY } });
  expect(category.status()).toBe(201);
  const categoryId = ((await category.json()) as { id: number }).id;
  const postcard = await addPostcard(request, me.token, channel, { title: LONG_TITLE, description: 'о'.repeat(500), category_id: categoryId });

  await openSignedIn(page, me.token, `/mychannels/${channel}`);
  const chip = page.getByRole('group', { name: 'Категории канала' }).getByRole('button', { name: LONG_CATEGORY });
  await expect(chip).toBeVisible();
  expect((await chip.boundingBox())!.width).toBeLessThanOrEqual(256);
  expect(await endsWithEllipsis(chip.locator('span'))).toBe(true);
  expect(await noSidewaysScroll(page)).toBe(true);

  await page.goto(`/mychannels/${channel}/${postcard}`);
  const title = page.getByText(LONG_TITLE, { exact: true });
  await expect(title).toBeVisible();
  expect(await endsWithEllipsis(title)).toBe(true);
  const menu = page.getByRole('button', { name: 'Ещё' }).last();
  const [titleBox, menuBox] = [(await title.boundingBox())!, (await menu.boundingBox())!];
  expect(titleBox.x + titleBox.width).toBeLessThanOrEqual(menuBox.x);
});
