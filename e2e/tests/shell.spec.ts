import { expect, test } from '@playwright/test';
import { authHeader, dialog, expectSignedIn, gameBar, nextFrames, openLoginModal, openMenu, registerViaApi, sidebar, signedInAsNewUser, swipe } from '../helpers';

test.describe('preferences', () => {
  test('a visitor’s English and dark theme are kept on sign-in, saved to the account, and still so after a reload', async ({ page, request }) => {
    const account = await registerViaApi(request);
    // the account already says Russian and light
    const put = await request.post('/api/settings/batch', { headers: authHeader(account.token), data: { settings: { language: 'ru', darkMode: false } } });
    expect(put.ok(), await put.text()).toBe(true);

    await page.goto('/gallery');
    const menu = await openMenu(page);
    await menu.getByRole('radio', { name: 'EN' }).click();
    await expect(page.getByRole('heading', { name: 'Gallery', level: 1 })).toBeVisible();
    await menu.getByRole('switch', { name: 'Dark theme' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.keyboard.press('Escape');

    await openLoginModal(page);
    const d = dialog(page);
    await d.getByLabel('Login or email').fill(account.login);
    await d.getByLabel('Password', { exact: true }).fill(account.password);
    await d.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectSignedIn(page);

    await expect(page.getByRole('heading', { name: 'Gallery', level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect
      .poll(async () => (await (await request.get('/api/settings/', { headers: authHeader(account.token) })).json()) as Record<string, unknown>)
      .toMatchObject({ language: 'en', darkMode: true });
    // still so after a reload (the account now says so)
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Gallery', level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/dark/);
  });
});

test.describe('navigation', () => {
  test('the menu opened from the keyboard takes the focus, and Escape gives it back to the menu button', async ({ page }) => {
    for (const size of [{ width: 1280, height: 800 }, { width: 360, height: 740 }]) {
      await page.setViewportSize(size);
      await signedInAsNewUser(page, '/gallery');
      const button = page.getByRole('button', { name: 'Открыть меню' }).locator('visible=true').first();
      await button.focus();
      await page.keyboard.press('Enter');
      await expect(sidebar(page)).toBeVisible();
      // the first control of the menu, not the button now hidden behind it
      await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('#app-sidebar')), { message: `focus in the menu at ${size.width}px` }).toBe(true);
      await page.keyboard.press('Escape');
      await expect(sidebar(page)).toBeHidden();
      await expect(button).toBeFocused();
    }
  });

  test('game bar: open for 2 s, then folded into the level badge; hover opens it; items lead to their tabs', async ({ page }) => {
    // the page records when the bar opens and folds, so a busy test runner polling late cannot miss
    // the 2 s it stays open
    await page.addInitScript(() => {
      const log: { v: string | null; t: number }[] = [];
      Object.assign(window, { __gameBarLog: log });
      new MutationObserver(() => {
        const v = document.querySelector('[role=toolbar][data-expanded]')?.getAttribute('data-expanded') ?? null;
        if (v !== null && log.at(-1)?.v !== v) log.push({ v, t: performance.now() });
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-expanded'] });
    });
    await signedInAsNewUser(page);
    const bar = gameBar(page);
    await expect(bar).toHaveAttribute('data-expanded', 'false', { timeout: 10_000 });
    const log = await page.evaluate(() => (window as unknown as { __gameBarLog: { v: string; t: number }[] }).__gameBarLog);
    expect(log.map((e) => e.v)).toEqual(['true', 'false']);
    expect(log[1]!.t - log[0]!.t).toBeGreaterThanOrEqual(1900);
    await expect(bar.getByRole('link', { name: 'Задания' })).toBeHidden();

    await bar.getByRole('link', { name: /^Уровень/ }).hover();
    await expect(bar).toHaveAttribute('data-expanded', 'true');
    await bar.getByRole('link', { name: 'Достижения' }).click();
    await expect(page).toHaveURL(/\/game-data\?tab=achievements$/);
    await expect(bar.getByRole('link', { name: 'Достижения' })).toHaveAttribute('aria-current', 'page');
    await expect(bar.getByRole('link', { name: /^Уровень/ })).not.toHaveAttribute('aria-current', 'page');

    await bar.getByRole('link', { name: /^Уровень/ }).click();
    await expect(page).toHaveURL(/\/game-data\?tab=level$/);
    await expect(bar.getByRole('link', { name: /^Уровень/ })).toHaveAttribute('aria-current', 'page');
    await bar.getByRole('link', { name: /^Энергия/ }).click();
    await expect(page).toHaveURL(/\/game-data\?tab=resources$/);
  });

  test('game bar on a touch screen: the folded badge\'s first tap opens the bar (no hover there), so the bell is in reach; the next goes to the level', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await signedInAsNewUser(page, '/gallery');
    const bar = gameBar(page);
    await expect(bar).toHaveAttribute('data-expanded', 'false', { timeout: 10_000 });
    const level = bar.getByRole('link', { name: /^Уровень/ });
    await level.tap();
    await expect(bar).toHaveAttribute('data-expanded', 'true');
    await expect(page).toHaveURL(/\/gallery$/);
    await bar.getByRole('link', { name: 'Уведомления' }).tap();
    await expect(page).toHaveURL(/\/game-data\?tab=notifications$/);

    // on a page where it is folded again, a tap elsewhere folds what a tap opened
    await page.goto('/gallery');
    await expect(bar).toHaveAttribute('data-expanded', 'false', { timeout: 10_000 });
    await level.tap();
    await expect(bar).toHaveAttribute('data-expanded', 'true');
    await page.getByRole('heading', { level: 1 }).first().tap();
    await expect(bar).toHaveAttribute('data-expanded', 'false');
    await level.tap();
    await level.tap();
    await expect(page).toHaveURL(/\/game-data\?tab=level$/);
    await context.close();
  });

  test('the menu is left out of the first load, comes on the first press of its button, and slides in', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const scripts: string[] = [];
    page.on('request', (r) => void (r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname)));
    await page.goto('/gallery', { waitUntil: 'networkidle' });
    expect(scripts.filter((s) => /\/Sidebar-/.test(s))).toEqual([]);
    await expect(page.locator('#app-sidebar')).toHaveCount(0);
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    const menu = page.getByRole('dialog', { name: 'Меню' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Галерея' })).toBeVisible();
    // Tailwind's translate-x sets `translate`, which a transition of `transform` never animates
    expect(await menu.evaluate((el) => getComputedStyle(el).transitionProperty)).toContain('translate');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the sidebar opens with a swipe from the left edge and closes with a swipe to the left', async ({ page }) => {
    await page.goto('/gallery');
    await expect(page.getByRole('heading', { name: 'Галерея', level: 1 })).toBeVisible();
    const panel = sidebar(page);
    await expect(panel).toBeHidden();

    // a swipe that starts away from the edge does nothing
    await swipe(page, { x: 120, y: 420 }, { x: 300, y: 420 });
    await nextFrames(page);
    await expect(panel).toBeHidden();
    // nor does a short one from the edge
    await swipe(page, { x: 10, y: 420 }, { x: 45, y: 420 });
    await nextFrames(page);
    await expect(panel).toBeHidden();

    await swipe(page, { x: 12, y: 420 }, { x: 200, y: 430 });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Галерея' })).toBeVisible();

    await swipe(page, { x: 300, y: 400 }, { x: 120, y: 405 });
    await expect(panel).toBeHidden();
  });

  test('the open sidebar follows a finger that drags it left, and springs back when let go too early', async ({ page }) => {
    await page.goto('/gallery');
    const panel = await openMenu(page);
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x = 0) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y: 400, id: 1, radiusX: 4, radiusY: 4, force: 1 }] });

    // (passive listeners: the page handles a move a moment after it is sent)
    const left = async () => Math.round((await panel.boundingBox())!.x);
    await expect.poll(left).toBe(0);

    await touch('touchStart', 300);
    for (const x of [290, 270, 240, 220]) await touch('touchMove', x);
    await expect.poll(left, 'the panel is where the finger took it').toBe(-80);
    await touch('touchMove', 280); // back to within the threshold
    await expect.poll(left).toBe(-20);
    await touch('touchEnd');
    await expect(panel).toBeVisible();
    await expect.poll(left, 'back open').toBe(0);

    await touch('touchStart', 300);
    for (const x of [280, 240, 200, 160]) await touch('touchMove', x);
    await touch('touchEnd');
    await expect(panel).toBeHidden();
    await cdp.detach();
  });

  test('menu button, overlay and links close the sidebar; the phone top bar offers sign-in', async ({ page }) => {
    await page.goto('/gallery');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Войти' })).toBeVisible();
    let panel = await openMenu(page);
    await panel.getByRole('link', { name: 'Песочница' }).click();
    await expect(page).toHaveURL(/\/sandbox$/);
    await expect(sidebar(page)).toBeHidden();
    panel = await openMenu(page);
    await panel.getByRole('button', { name: 'Закрыть меню' }).click();
    await expect(sidebar(page)).toBeHidden();
  });
});
