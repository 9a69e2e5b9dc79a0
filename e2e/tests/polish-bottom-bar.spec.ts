import { expect, test } from '@playwright/test';
import { openMenu, signedInAsNewUser } from '../helpers';

/** Issue 13 item 11: production has its own labelled entry; six labels fit at 360 px; the open menu's backdrop covers the bar. */
for (const lang of ['ru', 'en'] as const) {
  test(`bottom bar at 360 px (${lang}): every label whole, none overlapping, production labelled`, async ({ page, context }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await context.addCookies([{ name: 'language', value: lang, url: test.info().project.use.baseURL! }]);
    await signedInAsNewUser(page, '/gallery');
    const bar = page.getByRole('navigation', { name: lang === 'ru' ? 'Быстрые разделы' : 'Quick sections' });
    const links = bar.getByRole('link');
    await expect(links).toHaveCount(6);
    const production = bar.getByRole('link', { name: lang === 'ru' ? 'Цех — производство' : 'Workshop — production' });
    await expect(production).toContainText(lang === 'ru' ? 'Цех' : 'Workshop');
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
    expect(boxes.at(-1)!.right).toBeLessThanOrEqual(360);
    await production.click();
    await expect(page).toHaveURL(/\/game-data\?tab=production$/);
    await expect(production).toHaveAttribute('aria-current', 'page');
  });
}

test('the open menu backdrop lies over the bottom bar', async ({ page }) => {
  for (const size of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
    await page.setViewportSize(size);
    await signedInAsNewUser(page, '/gallery');
    const bar = page.getByRole('navigation', { name: 'Быстрые разделы' });
    const box = (await bar.boundingBox())!;
    await openMenu(page);
    // a point of the bar right of the menu panel: what is on top there must not be the bar
    const x = Math.max(box.x + box.width - 20, Math.min(size.width - 10, 345));
    const onTop = await page.evaluate(([px, py]) => !!document.elementFromPoint(px!, py!)?.closest('nav[aria-label="Быстрые разделы"]'), [x, box.y + box.height / 2]);
    expect(onTop, `bar on top at ${size.width}px`).toBe(false);
    await page.keyboard.press('Escape');
  }
});

/** The top and bottom bars are translucent: what scrolls under them is blurred, not shown through (the build once dropped the unprefixed `backdrop-filter`). */
test('the top and bottom bars blur what scrolls under them', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInAsNewUser(page, '/gallery');
  const bars = [page.locator('header').first(), page.getByRole('navigation', { name: 'Быстрые разделы' })];
  for (const bar of bars) {
    await expect(bar).toBeVisible();
    expect(await bar.evaluate((el) => getComputedStyle(el).backdropFilter)).toContain('blur(14px)');
  }
});

/** Keyboard review: Tab to the last button of settings left it under the floating bar at 1280 px. */
test('a control reached by Tab is scrolled clear of the bottom bar', async ({ page }) => {
  for (const size of [{ width: 1280, height: 800 }, { width: 360, height: 740 }]) {
    await page.setViewportSize(size);
    await signedInAsNewUser(page, '/settings');
    const logout = page.getByRole('button', { name: 'Выйти из аккаунта' });
    await expect(logout).toBeVisible();
    await page.evaluate(() => window.scrollTo({ top: 0 }));
    for (let i = 0; i < 80 && !(await logout.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(logout).toBeFocused();
    const button = (await logout.boundingBox())!;
    const bar = (await page.getByRole('navigation', { name: 'Быстрые разделы' }).boundingBox())!;
    expect(button.y + button.height, `the focused button runs under the bar at ${size.width}px`).toBeLessThanOrEqual(bar.y);
  }
});
