import { expect, type Page, test } from '@playwright/test';
import { authHeader, signedInAsNewUser } from '../helpers';

/**
 * One navigation per width: the bottom bar on phones, the left rail from medium width up, the rail
 * then holding the bottom bar's entries too (the greetings and production).
 */

const quickBar = (page: Page) => page.getByRole('navigation', { name: /^(Быстрые разделы|Quick sections)$/ });
const BREATH = 6;

test('a 1280 px desktop has no bottom bar over the page: the rail holds its greetings and production, all in view', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInAsNewUser(page, '/gallery');
  await expect(page.getByRole('heading', { level: 1, name: 'Галерея' })).toBeVisible();
  await expect(quickBar(page)).toBeHidden();
  const rail = page.getByRole('complementary', { name: 'Разделы' });
  for (const [name, href] of [
    ['Созданы — мои поздравления', '/congratulations'],
    ['Доставлены — мои поздравления, которые приняли', '/received-greetings'],
    ['Принятые мной поздравления', '/accepted-greetings'],
    ['Цех — производство', '/game-data?tab=production'],
  ] as const) {
    const link = rail.getByRole('link', { name });
    await expect(link).toHaveAttribute('href', href);
    // in view without scrolling the rail, over the theme and language switches' row
    await expect(link).toBeInViewport({ ratio: 1 });
  }
  await rail.getByRole('link', { name: 'Цех — производство' }).click();
  await expect(page).toHaveURL(/\/game-data\?tab=production$/);
  await expect(rail.getByRole('link', { name: 'Цех — производство' })).toHaveAttribute('aria-current', 'page');
  await expect(quickBar(page)).toBeHidden();
});

for (const language of ['ru', 'en'] as const) {
  for (const width of [360, 390]) {
    test(`at ${width} px in ${language} the bottom bar's six labels fit with room between them and at the edges`, async ({ page }) => {
      await page.setViewportSize({ width, height: 740 });
      const account = await signedInAsNewUser(page, '/gallery');
      if (language === 'en') {
        await page.request.put('/api/settings/language', { headers: authHeader(account.token), data: { value: 'en' } });
        await page.reload();
      }
      const bar = quickBar(page);
      await expect(bar).toBeVisible();
      await expect(page.getByRole('complementary', { name: /^(Разделы|Sections)$/ })).toBeHidden();
      const links = bar.getByRole('link');
      await expect(links).toHaveCount(6);
      await expect(links.nth(2)).toHaveText(language === 'ru' ? 'Созданы' : 'Created');
      const labels = await links.evaluateAll((els) =>
        els.map((a) => {
          const label = a.querySelector('span:last-child') as HTMLElement;
          const r = label.getBoundingClientRect();
          return { text: label.textContent, left: r.left, right: r.right, cut: label.scrollWidth > label.clientWidth + 0.5 };
        }),
      );
      for (const l of labels) expect(l.cut, `${l.text} is cut`).toBe(false);
      expect(labels[0]!.left, `${labels[0]!.text} at the left edge`).toBeGreaterThanOrEqual(BREATH);
      expect(width - labels.at(-1)!.right, `${labels.at(-1)!.text} at the right edge`).toBeGreaterThanOrEqual(BREATH);
      for (let i = 1; i < labels.length; i++) {
        expect(labels[i]!.left - labels[i - 1]!.right, `${labels[i - 1]!.text} and ${labels[i]!.text}`).toBeGreaterThanOrEqual(BREATH);
      }
    });
  }
}
