import { type APIRequestContext, type Page, expect, test } from '@playwright/test';

/**
 * The viewer follows the grid it was opened from (sort and filter), opens any
 * card of the listing however deep — beyond the 500 it used to load — with its real neighbours,
 * and says «Открытка не найдена» for a card that is not there.
 */
test.use({ viewport: { width: 1280, height: 800 } });

let categoryId: number;
const COUNT = 560;

/** Ids of a gallery listing in the grid's order. */
async function listing(request: APIRequestContext, query: string): Promise<{ id: number; title: string }[]> {
  const out: { id: number; title: string }[] = [];
  let cursor = '';
  for (;;) {
    const res = await request.get(`/api/gallery?limit=100&${query}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status()).toBe(200);
    const page = await res.json();
    out.push(...page.items.map((p: { id: number; title: string }) => ({ id: p.id, title: p.title })));
    if (!page.next_cursor) return out;
    cursor = page.next_cursor;
  }
}

const title = (page: Page) => page.getByTestId('viewer-header').getByRole('heading');
const description = (page: Page) => page.getByTestId('viewer-header').locator('p');
const move = async (page: Page, key: 'ArrowDown' | 'ArrowUp', expected: string) => {
  await page.keyboard.press(key);
  await expect(title(page)).toHaveText(`Галерея · ${expected}`);
};

test.beforeAll(async ({ request }) => {
  const res = await request.post('/api/test-hooks/gallery/fill', { data: { count: COUNT } });
  expect(res.status(), await res.text()).toBe(200);
  categoryId = (await res.json()).category_id;
});

test.describe('the viewer follows the grid', () => {
  test('a card beyond 500 of a sorted, filtered listing opens with its own neighbours and the listing count', async ({ page, request }) => {
    const cards = await listing(request, `sort=popular&category=${categoryId}`);
    expect(cards).toHaveLength(COUNT);
    const at = 530;
    await page.goto(`/mychannels/9/${cards[at]!.id}?category=${categoryId}&group=&sort=popular&from=gallery`);
    await expect(title(page)).toHaveText(`Галерея · ${cards[at]!.title}`);
    await expect(description(page)).toContainText(`${COUNT} открыт`);
    await move(page, 'ArrowDown', cards[at + 1]!.title);
    await move(page, 'ArrowUp', cards[at]!.title);
    await move(page, 'ArrowUp', cards[at - 1]!.title);
    // far enough back that the viewer must load the stretch before its first window
    for (let i = at - 2; i >= at - 14; i--) await move(page, 'ArrowUp', cards[i]!.title);
    await expect(page).toHaveURL(new RegExp(`/mychannels/9/${cards[at - 14]!.id}\\?.*sort=popular`));
    // back goes to the grid in the same sort and filter
    await page.getByTestId('viewer-header').getByRole('button', { name: 'Назад' }).click();
    await expect(page).toHaveURL(new RegExp(`/gallery\\?category=${categoryId}&sort=popular$`));
    await expect(page.getByRole('radio', { name: /Популярн/ }).first()).toHaveAttribute('aria-checked', 'true');
  });

  test('from the grid, next is the next card of the grid in its sort, not in upload order', async ({ page, request }) => {
    const cards = await listing(request, `sort=popular&category=${categoryId}`);
    await page.goto(`/gallery?category=${categoryId}&sort=popular`);
    await page.locator(`[data-postcard-id="${cards[3]!.id}"] a`).click();
    await expect(title(page)).toHaveText(`Галерея · ${cards[3]!.title}`);
    await move(page, 'ArrowDown', cards[4]!.title);
    await move(page, 'ArrowDown', cards[5]!.title);
    // upload order would have shown another card: popular differs from newest here
    const newest = await listing(request, `sort=newest&category=${categoryId}`);
    expect(newest.findIndex((c) => c.id === cards[3]!.id) + 1).not.toBe(newest.findIndex((c) => c.id === cards[4]!.id));
  });

  test('a card that is not in the listing says «Открытка не найдена» instead of showing another', async ({ page }) => {
    await page.goto(`/mychannels/9/2147483000?category=${categoryId}&sort=newest&from=gallery`);
    await expect(page.getByText('Открытка не найдена')).toBeVisible();
    await expect(page).toHaveTitle('Открытка не найдена — Открытка');
    await expect(page.getByTestId('viewer-rail')).toHaveCount(0);
    await page.getByRole('link', { name: 'В галерею' }).click();
    await expect(page).toHaveURL(/\/gallery$/);
  });
});

test.describe('the viewer of a whole channel', () => {
  test('a channel of more than 500 opens at its oldest card, oldest first, and moves on to the newer ones', async ({ page, request }) => {
    // the channel's own listing (newest first): its oldest cards lie beyond the 500 newest
    const first = await request.get('/api/collections/9/postcards?limit=1');
    const { total } = await first.json();
    expect(total).toBeGreaterThan(500);
    const res = await request.get(`/api/collections/9/postcards?limit=3&offset=${total - 3}`);
    const [third, second, oldest] = (await res.json()).items as { id: number; title: string }[];
    await page.goto(`/mychannels/9/${oldest!.id}`);
    await expect(title(page)).toHaveText(`Галерея · ${oldest!.title}`);
    await expect(description(page)).toContainText(`${total} открыт`);
    // nothing is older: no way up from the oldest card
    await expect(page.getByTestId('viewer-next')).toBeVisible();
    await expect(page.getByTestId('viewer-prev')).toHaveCount(0);
    for (const card of [second!, third!]) {
      await page.keyboard.press('ArrowDown');
      await expect(page).toHaveURL(new RegExp(`/mychannels/9/${card.id}$`));
      await expect(title(page)).toHaveText(`Галерея · ${card.title}`);
    }
    await page.getByTestId('viewer-prev').click();
    await expect(page).toHaveURL(new RegExp(`/mychannels/9/${second!.id}$`));
    await expect(title(page)).toHaveText(`Галерея · ${second!.title}`);
  });
});
