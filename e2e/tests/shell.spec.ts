import { expect, test } from '@playwright/test';
import {
  dialog,
  expectSignedIn,
  gameBar,
  loginViaApi,
  openLoginModal,
  openMenu,
  openSignedIn,
  registerViaApi,
  sidebar,
  signedInAsModerator,
  signedInAsNewUser,
  swipe,
} from '../helpers';

const YEAR_S = 365 * 24 * 3600;

test.describe('preferences', () => {
  test('language and theme toggles survive a reload, kept in cookies for 365 days', async ({ page, context }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByRole('heading', { name: 'Галерея', level: 1 })).toBeVisible();

    const rail = page.getByRole('complementary', { name: 'Разделы' });
    await rail.getByRole('radio', { name: 'EN' }).click();
    await expect(page.getByRole('heading', { name: 'Gallery', level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
    await page.getByRole('complementary', { name: 'Sections' }).getByRole('button', { name: dark ? 'Switch to the light theme' : 'Switch to the dark theme' }).click();
    await expect(page.locator('html')).toHaveClass(dark ? /^(?!.*\bdark\b)/ : /\bdark\b/);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Gallery', level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(!dark);

    const cookies = await context.cookies();
    const now = Date.now() / 1000;
    for (const [name, value] of [
      ['language', 'en'],
      ['darkMode', String(!dark)],
    ]) {
      const c = cookies.find((x) => x.name === name);
      expect(c?.value, name).toBe(value);
      expect(c!.expires - now, name).toBeGreaterThan(YEAR_S - 120);
      expect(c!.expires - now, name).toBeLessThan(YEAR_S + 120);
    }
  });

  test('Russian is the default language', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.getByRole('heading', { name: 'Пользовательское соглашение', level: 1 })).toBeVisible();
    await expect(page.getByText('Что такое Сервис')).toBeVisible();
  });

  test('settings are saved to the account and come back on another device', async ({ page, browser }) => {
    const account = await signedInAsNewUser(page, '/settings');
    await page.getByRole('radio', { name: 'Тёмная' }).click();
    await page.getByRole('switch', { name: 'Звук в видеооткрытках' }).click();
    await page.getByRole('radio', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect
      .poll(async () => (await page.request.get('/api/settings/', { headers: { authorization: `Bearer ${account.token}` } })).json())
      .toMatchObject({ darkMode: true, language: 'en', shorts_sound_enabled: 'true' });

    // a fresh browser (no cookies): after sign-in the account's choices apply
    const other = await browser.newContext();
    const p2 = await other.newPage();
    const { token } = await loginViaApi(p2.request, account.login, account.password);
    await openSignedIn(p2, token, '/settings');
    await expect(p2.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(p2.locator('html')).toHaveClass(/\bdark\b/);
    await expect(p2.getByRole('switch', { name: 'Sound in video postcards' })).toHaveAttribute('aria-checked', 'true');
    await other.close();
  });
});

test.describe('navigation', () => {
  test('sidebar entries follow the sign-in state; create channel opens the channels page with its dialog', async ({ page }) => {
    await page.goto('/');
    let menu = await openMenu(page);
    await expect(menu.getByRole('link', { name: 'Галерея' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Песочница' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Настройки' })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Войти' })).toBeVisible();
    for (const hidden of ['Мои каналы', 'Категории', 'Избранное', 'Мои загрузки', 'Создать канал', 'Модерация']) {
      await expect(menu.getByRole('link', { name: hidden })).toHaveCount(0);
    }
    await expect(menu.getByRole('button', { name: 'Выйти' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await signedInAsNewUser(page);
    menu = await openMenu(page);
    for (const shown of ['Галерея', 'Мои каналы', 'Категории', 'Избранное', 'Мои загрузки', 'Песочница', 'Создать канал', 'Настройки']) {
      await expect(menu.getByRole('link', { name: shown })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: 'Модерация' })).toHaveCount(0);
    await expect(menu.getByRole('button', { name: 'Выйти' })).toBeVisible();
    await menu.getByRole('link', { name: 'Создать канал' }).click();
    await expect(page).toHaveURL(/\/mychannels$/);
    await expect(sidebar(page)).toBeHidden();
    await expect(dialog(page).getByRole('heading', { name: 'Новый канал' })).toBeVisible();
  });

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

  test('the moderator entry is shown to the moderator only', async ({ page, browser }) => {
    await signedInAsModerator(page);
    const menu = await openMenu(page);
    await menu.getByRole('link', { name: 'Модерация' }).click();
    await expect(page).toHaveURL(/\/moderator$/);
    await expect(page.getByRole('heading', { name: 'Панель модератора', level: 1 })).toBeVisible();

    const context = await browser.newContext();
    const user = await context.newPage();
    await signedInAsNewUser(user);
    const userMenu = await openMenu(user);
    await expect(userMenu.getByRole('link', { name: 'Галерея' })).toBeVisible();
    await expect(userMenu.getByRole('link', { name: 'Модерация' })).toHaveCount(0);
    await context.close();
  });

  test('desktop rail: sections by sign-in state', async ({ page }) => {
    await page.goto('/');
    const rail = page.getByRole('complementary', { name: 'Разделы' });
    await expect(rail.getByRole('link', { name: 'Галерея' })).toBeVisible();
    await expect(rail.getByRole('button', { name: 'Войти' })).toBeVisible();
    await expect(rail.getByRole('link', { name: 'Подписки' })).toHaveCount(0);
    // the top bar is not an empty landmark on desktop: it offers sign-in too
    await page.getByRole('banner').getByRole('button', { name: 'Войти' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Вход' })).toBeVisible();
    await page.keyboard.press('Escape');

    await signedInAsNewUser(page);
    for (const name of ['Галерея', 'Подписки', 'Каналы', 'Категории', 'Загрузки', 'Песочница', 'Избранное']) {
      await expect(rail.getByRole('link', { name })).toBeVisible();
    }
    await expect(rail.getByRole('button', { name: 'Войти' })).toHaveCount(0);
    await rail.getByRole('link', { name: 'Подписки' }).click();
    await expect(page).toHaveURL(/\/mysubscriptions$/);
  });

  test('bottom bar: greetings sections and the workshop to production', async ({ page }) => {
    await signedInAsNewUser(page);
    const bar = page.getByRole('navigation', { name: 'Быстрые разделы' });
    await bar.getByRole('link', { name: 'Доставлены — мои поздравления, которые приняли' }).click();
    await expect(page).toHaveURL(/\/received-greetings$/);
    await expect(bar.getByRole('link', { name: 'Доставлены — мои поздравления, которые приняли' })).toHaveAttribute('aria-current', 'page');
    await bar.getByRole('link', { name: 'Цех — производство' }).click();
    await expect(page).toHaveURL(/\/game-data\?tab=production$/);
    await expect(bar.getByRole('link', { name: 'Цех — производство' })).toHaveAttribute('aria-current', 'page');
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

  test('the generic modal closes on Escape and hands focus back', async ({ page }) => {
    await page.goto('/');
    await openLoginModal(page);
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await expect(page.getByRole('complementary', { name: 'Разделы' }).getByRole('button', { name: 'Войти' })).toBeFocused();
  });

  test('the registration form links the agreement to /terms', async ({ page }) => {
    await page.goto('/');
    await openLoginModal(page);
    await dialog(page).getByRole('button', { name: 'Зарегистрироваться' }).click();
    await expect(dialog(page).getByRole('link', { name: 'пользовательское соглашение' })).toHaveAttribute('href', '/terms');
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
    await page.waitForTimeout(400);
    await expect(panel).toBeHidden();
    // nor does a short one from the edge
    await swipe(page, { x: 10, y: 420 }, { x: 45, y: 420 });
    await page.waitForTimeout(400);
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

  test('signed in on a phone: game bar in the top bar, bottom bar at the bottom', async ({ page }) => {
    const account = await registerViaApi(page.request);
    await openSignedIn(page, account.token, '/gallery');
    await expectSignedIn(page);
    const box = await page.getByRole('navigation', { name: 'Быстрые разделы' }).boundingBox();
    expect(box!.y + box!.height).toBeGreaterThan(830);
  });
});
