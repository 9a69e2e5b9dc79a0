import { expect, type Locator, test } from '@playwright/test';
import { authHeader, dialog, expectSignedIn, openLoginModal, openSignedIn, registerViaApi, signedInAsNewUser } from '../helpers';
import { makeChannel } from './polish-helpers';

/** What a new-user review on a 360 px phone found in the first minutes (26 November). */
const PHONE = { width: 360, height: 740 };

/** How many lines a control's text runs to. */
const lines = (el: Locator) =>
  el.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    // a line is the rects whose middles lie together (an emoji's box sits a little higher or lower than the words')
    const middles = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => (r.top + r.bottom) / 2).sort((a, b) => a - b);
    return middles.filter((m, i) => i === 0 || m - middles[i - 1]! > 8).length;
  });

test("the recipient's first button keeps to one line on a 360 px phone, and «Смотреть сначала» is big enough to tap", async ({ browser, request }) => {
  const sender = await registerViaApi(request);
  const gallery = (await (await request.get('/api/gallery?limit=1')).json()) as { items: { id: number }[] };
  const res = await request.post('/api/greetings', {
    headers: authHeader(sender.token),
    data: { image_relations_id: gallery.items[0]!.id, to_whom: 'Мама', greeting: 'С днём рождения!', from_whom: 'Петя' },
  });
  const { id } = (await res.json()) as { id: string };
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(`/greeting/${id}`);
  const watch = page.getByRole('button', { name: 'Смотреть открытку' });
  await expect(watch).toBeVisible();
  expect(await lines(watch), 'the button wraps').toBe(1);
  await watch.click();
  await page.getByRole('button', { name: 'Поздравление', exact: true }).click();
  // the recipient is named as typed, under «Кому» (a «Для» would need «Мамы»)
  await expect(page.getByText('Кому', { exact: true })).toBeVisible();
  const replay = page.getByRole('button', { name: 'Смотреть сначала' });
  await expect(replay).toBeVisible();
  expect((await replay.boundingBox())!.height).toBeGreaterThanOrEqual(43.5);
  await context.close();
});

test('the sign-in sheet’s switch to registration, and back, is big enough to tap', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/gallery');
  const sheet = await openLoginModal(page);
  const toRegister = sheet.getByRole('button', { name: 'Зарегистрироваться' });
  expect((await toRegister.boundingBox())!.height).toBeGreaterThanOrEqual(43.5);
  await toRegister.click();
  await expect(sheet.getByRole('heading', { name: 'Регистрация' })).toBeVisible();
  const toLogin = sheet.getByRole('button', { name: 'Войти', exact: true });
  expect((await toLogin.boundingBox())!.height).toBeGreaterThanOrEqual(43.5);
});

test('switching the sign-in sheet by keyboard puts the focus on the new form\'s first field, not on the switch at its bottom', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/gallery');
  const sheet = await openLoginModal(page);
  await sheet.getByRole('button', { name: 'Зарегистрироваться' }).focus();
  await page.keyboard.press('Enter');
  await expect(sheet.getByRole('heading', { name: 'Регистрация' })).toBeVisible();
  await expect(sheet.getByRole('textbox').first()).toBeFocused();
  await sheet.getByRole('button', { name: 'Войти', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(sheet.getByRole('heading', { name: 'Вход' })).toBeVisible();
  await expect(sheet.getByRole('textbox', { name: 'Логин или email' })).toBeFocused();
});

test('on a desktop the sign-in dialog opens with the cursor in its first field: typing, Tab and Enter sign in', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const account = await registerViaApi(request);
  await page.goto('/gallery');
  const sheet = await openLoginModal(page);
  await expect(sheet.getByRole('textbox', { name: 'Логин или email' })).toBeFocused();
  await page.keyboard.type(account.login);
  await page.keyboard.press('Tab');
  await page.keyboard.type(account.password);
  await page.keyboard.press('Enter');
  await expectSignedIn(page);
});

test('empty favourites: the way to the gallery is on the first screen of a phone, above the bottom bar', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signedInAsNewUser(page, '/bookmarks');
  await expect(page.getByRole('heading', { name: 'В избранном пока пусто' })).toBeVisible();
  const toGallery = page.getByRole('link', { name: 'Открыть галерею' });
  const link = (await toGallery.boundingBox())!;
  const bar = (await page.getByRole('navigation', { name: 'Быстрые разделы' }).boundingBox())!;
  expect(link.y + link.height, 'the link runs under the bottom bar').toBeLessThanOrEqual(bar.y);
  await toGallery.click();
  await expect(page).toHaveURL(/\/gallery$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Галерея' })).toBeVisible();
});

test('the rail’s RU/EN choices are big enough to click on a desktop', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/gallery');
  const rail = page.getByRole('radiogroup', { name: 'Язык' });
  for (const name of ['RU', 'EN']) {
    const box = (await rail.getByRole('radio', { name }).boundingBox())!;
    expect(box.height, `${name} is ${box.height} px tall`).toBeGreaterThanOrEqual(24);
    expect(box.width).toBeGreaterThanOrEqual(24);
  }
  await rail.getByRole('radio', { name: 'EN' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gallery' })).toBeVisible();
});

test('the menu is left out of the first load, comes on the first press of its button, and slides in', async ({ page }) => {
  await page.setViewportSize(PHONE);
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

test('the rail’s RU/EN switch is one Tab stop that the arrow keys move', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/gallery');
  const rail = page.getByRole('radiogroup', { name: 'Язык' });
  await rail.getByRole('radio', { name: 'RU' }).focus();
  await page.keyboard.press('ArrowDown');
  const en = page.getByRole('radiogroup', { name: 'Language' }).getByRole('radio', { name: 'EN' });
  await expect(en).toBeFocused();
  await expect(en).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('heading', { level: 1, name: 'Gallery' })).toBeVisible();
  await expect(en).toHaveAttribute('tabindex', '0');
});

test('notifications on a phone: the filters fold behind one button, so the first notification is on the first screen', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const account = await signedInAsNewUser(page, '/game-data?tab=notifications');
  await expect(page.getByText('Уведомлений нет')).toBeVisible();
  expect((await page.request.post('/api/game/daily-reward/claim', { headers: authHeader(account.token) })).status()).toBe(200);
  const first = page.getByTestId('notification').filter({ hasText: 'Ежедневная награда' });
  await expect(first).toBeVisible();
  await expect(page.getByTestId('type-filter')).toBeHidden();
  const bar = (await page.getByRole('navigation', { name: 'Быстрые разделы' }).boundingBox())!;
  expect((await first.boundingBox())!.y, 'the notification starts under the bottom bar').toBeLessThan(bar.y - 40);
  const toggle = page.getByRole('button', { name: /^Фильтры( \d)?$/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await page.getByTestId('type-filter').selectOption('quest');
  await expect(page.getByText('Под фильтр ничего не подошло')).toBeVisible();
  // the button counts the filters in use
  await expect(toggle).toHaveAccessibleName('Фильтры 1');
});

test('a phone reaches its subscriptions from the menu', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signedInAsNewUser(page, '/gallery');
  await page.getByRole('button', { name: 'Открыть меню' }).click();
  await page.getByRole('dialog', { name: 'Меню' }).getByRole('link', { name: 'Подписки' }).click();
  await expect(page).toHaveURL(/\/mysubscriptions$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Подписки' })).toBeVisible();
});

test('categories say how to drag only once there is something to drag', async ({ page, request }) => {
  const me = await registerViaApi(request);
  await openSignedIn(page, me.token, '/categories');
  await expect(page.getByText('Категорий пока нет')).toBeVisible();
  await expect(page.getByText(/Перетаскивайте группы/)).toHaveCount(0);
  expect((await request.post('/api/categories', { headers: authHeader(me.token), data: { name: 'Мама' } })).status()).toBe(201);
  await page.reload();
  await expect(page.getByText(/Перетаскивайте группы/)).toBeVisible();
});

test('on a touch screen the upload step asks to choose a file, not to drop one', async ({ browser, request }) => {
  const me = await registerViaApi(request);
  const channel = await makeChannel(request, me.token);
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await openSignedIn(page, me.token, `/mychannels/${channel}`);
  await page.getByRole('button', { name: 'Добавить открытку' }).first().click();
  const wizard = dialog(page);
  await expect(wizard.getByText(/^Выберите файл: jpg/)).toBeVisible();
  await expect(wizard.getByText(/Перетащите файл сюда/)).toBeHidden();
  await context.close();
});

test('a quest’s «Подробнее» is big enough to tap on a phone', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signedInAsNewUser(page, '/game-data?tab=quests');
  const details = page.locator('summary', { hasText: 'Подробнее' }).first();
  await expect(details).toBeVisible();
  expect((await details.boundingBox())!.height).toBeGreaterThanOrEqual(40);
  await details.click();
  await expect(page.locator('details[open]').first()).toBeVisible();
});

test('a channel’s name is whole on a 360 px phone, beside its «Мой» badge', async ({ page, request }) => {
  const me = await registerViaApi(request);
  await makeChannel(request, me.token, 'Открытки для семьи');
  await page.setViewportSize(PHONE);
  await openSignedIn(page, me.token, '/mychannels');
  const name = page.getByText('Открытки для семьи', { exact: true });
  await expect(name).toBeVisible();
  const cut = await name.evaluate((el) => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1);
  expect(cut, 'the name is cut').toBe(false);
});
