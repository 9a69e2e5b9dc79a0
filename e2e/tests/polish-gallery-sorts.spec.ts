import { expect, test } from '@playwright/test';
import { authHeader, registerViaApi } from '../helpers';

/** The gallery's four sorts: every label whole on a phone, on one line from 360 px (the longest is «Популярные за сутки»). */
for (const lang of ['ru', 'en'] as const) {
  test(`gallery sort labels are whole at 320 and 360 px (${lang})`, async ({ page, context }) => {
    await context.addCookies([{ name: 'language', value: lang, url: test.info().project.use.baseURL! }]);
    for (const width of [360, 320]) {
      await page.setViewportSize({ width, height: 740 });
      await page.goto('/gallery');
      const sorts = page.getByRole('radiogroup', { name: lang === 'ru' ? 'Сортировка' : 'Sort' }).getByRole('radio');
      await expect(sorts).toHaveCount(4);
      await expect(sorts.last()).toHaveText(lang === 'ru' ? 'Популярные за сутки' : 'Popular in 24 h');
      const labels = await sorts.evaluateAll((els) => els.map((b) => ({ text: b.textContent, cut: b.scrollWidth > b.clientWidth + 0.5, height: b.getBoundingClientRect().height })));
      for (const l of labels) {
        expect(l.cut, `${l.text} is cut at ${width} px`).toBe(false);
        if (width === 360) expect(l.height, `${l.text} takes one line at 360 px`).toBeLessThanOrEqual(36.5);
      }
    }
  });
}

test('the sorts are one Tab stop, and the arrow keys, Home and End choose among them', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/gallery');
  const group = page.getByRole('radiogroup', { name: 'Сортировка' });
  const newest = group.getByRole('radio', { name: 'Новые', exact: true });
  await expect(newest).toHaveAttribute('aria-checked', 'true');
  // the others are out of the Tab order
  await expect(group.locator('[role=radio][tabindex="0"]')).toHaveCount(1);
  await newest.focus();
  await page.keyboard.press('ArrowRight');
  const today = group.getByRole('radio', { name: 'Новые за сутки' });
  await expect(today).toBeFocused();
  await expect(today).toHaveAttribute('aria-checked', 'true');
  await expect(page).toHaveURL(/sort=newest24h/);
  // on a phone the sorts stand in two rows: down moves on as well
  await page.keyboard.press('ArrowDown');
  await expect(group.getByRole('radio', { name: 'Популярные', exact: true })).toBeFocused();
  await page.keyboard.press('End');
  await expect(group.getByRole('radio', { name: 'Популярные за сутки' })).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Home');
  await expect(newest).toBeFocused();
  await expect(newest).toHaveAttribute('aria-checked', 'true');
  await expect(page).not.toHaveURL(/sort=/);
});

test('a 24-hour sort that finds nothing says so, not that the category is empty, and offers the same sort over all time', async ({ page, request }) => {
  // someone's own category: empty in the gallery, and not among the gallery's chips (other tests read those)
  const someone = await registerViaApi(request);
  const res = await request.post('/api/categories', { headers: authHeader(someone.token), data: { name: 'Пусто' } });
  expect(res.status()).toBe(201);
  const category = ((await res.json()) as { id: number }).id;
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/gallery?sort=popular24h&category=${category}`);
  await expect(page.getByRole('heading', { name: 'За последние 24 часа здесь новых открыток нет' })).toBeVisible();
  await expect(page.getByText('В этой категории пока нет открыток')).toHaveCount(0);
  await page.getByRole('button', { name: 'Показать за всё время' }).click();
  await expect(page).toHaveURL(/sort=popular(&|$)/);
  await expect(page.getByRole('radio', { name: 'Популярные', exact: true })).toHaveAttribute('aria-checked', 'true');
  // over all time this category is empty indeed, and it says that
  await expect(page.getByRole('heading', { name: 'В этой категории пока нет открыток' })).toBeVisible();
});
