import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { type APIRequestContext, type Page } from '@playwright/test';
import { authHeader, dialog, E2E_BOT_TOKEN, expectSignedIn, newTelegramId, openMenu, openTelegram, registerViaApi, storedToken, telegramCalls, telegramEmit } from '../helpers';

async function makeGreeting(request: APIRequestContext, token: string): Promise<string> {
  const gallery = (await (await request.get('/api/gallery?limit=1')).json()) as { items: { id: number }[] };
  const res = await request.post('/api/greetings', {
    headers: authHeader(token),
    data: { image_relations_id: gallery.items[0]!.id, to_whom: 'Маше', greeting: 'Текст только для получателя' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const lastCall = async (page: Page, method: string) => (await telegramCalls(page, method)).at(-1)?.[1] as Record<string, unknown> | undefined;

/** Launch data as a Telegram client signs it (the Mini Apps HMAC), here without the `signature` field. */
function signedLaunchData(fields: Record<string, string>): string {
  const data = { auth_date: String(Math.floor(Date.now() / 1000)), ...fields };
  const check = Object.keys(data)
    .sort()
    .map((k) => `${k}=${data[k as keyof typeof data]}`)
    .join('\n');
  const secret = crypto.createHmac('sha256', 'WebAppData').update(E2E_BOT_TOKEN).digest();
  const hash = crypto.createHmac('sha256', secret).update(check).digest('hex');
  return new URLSearchParams({ ...data, hash }).toString();
}

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test.describe('Telegram variant', () => {
  test('signs in with mocked launch params and shows the reduced menu', async ({ page }) => {
    const tgId = await openTelegram(page, '/', { name: 'Мария' });
    await expectSignedIn(page);

    // the server created (or found) the account of that Telegram user from the signed initData
    const token = await storedToken(page);
    const me = await page.request.get('/api/auth/me', { headers: authHeader(token!) });
    expect(await me.json()).toMatchObject({ telegram_id: String(tgId), auth_type: 'telegram', first_name: 'Мария' });

    const menu = await openMenu(page);
    await expect(menu.getByTestId('user-card')).toContainText('Мария');
    for (const name of ['Галерея', 'Мои каналы', 'Категории', 'Избранное', 'Песочница']) {
      await expect(menu.getByRole('link', { name })).toBeVisible();
    }
    for (const name of ['Настройки', 'Мои загрузки', 'Создать канал', 'Модерация']) {
      await expect(menu.getByRole('link', { name })).toHaveCount(0);
    }
    await expect(menu.getByRole('button', { name: 'Выйти' })).toHaveCount(0);
    await expect(menu.getByRole('button', { name: 'Войти' })).toHaveCount(0);
    await expect(page.getByRole('radiogroup', { name: 'Язык' })).toHaveCount(0);
    await expect(page.getByText('Язык', { exact: true })).toHaveCount(0);

    // links stay under /telegram
    await menu.getByRole('link', { name: 'Избранное' }).click();
    await expect(page).toHaveURL(/\/telegram\/bookmarks$/);
    await expect(dialog(page)).toBeHidden();
  });

  test('the same Telegram user gets the same account on the next launch, and a reload keeps it', async ({ page, browser }) => {
    const tgId = await openTelegram(page);
    await expectSignedIn(page);
    const first = await (await page.request.get('/api/auth/me', { headers: authHeader((await storedToken(page))!) })).json();
    await page.reload();
    await expectSignedIn(page);

    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const p2 = await ctx.newPage();
    await openTelegram(p2, '/', { userId: tgId });
    await expectSignedIn(p2);
    const again = await (await p2.request.get('/api/auth/me', { headers: authHeader((await storedToken(p2))!) })).json();
    expect(again.id).toBe(first.id);
    await ctx.close();
  });

  test('Telegram is told the app is ready; its back button follows in-app navigation', async ({ page }) => {
    await openTelegram(page);
    await expectSignedIn(page);
    expect(await telegramCalls(page, 'web_app_ready')).toHaveLength(1);
    const backShown = async () => ((await telegramCalls(page, 'web_app_setup_back_button')).at(-1)?.[1] as { is_visible?: boolean } | undefined)?.is_visible ?? false;
    expect(await backShown()).toBe(false);

    const menu = await openMenu(page);
    await menu.getByRole('link', { name: 'Категории' }).click();
    await expect(page).toHaveURL(/\/telegram\/categories$/);
    await expect.poll(backShown).toBe(true);

    await telegramEmit(page, 'back_button_pressed');
    await expect(page).toHaveURL(/\/telegram\/(\?.*)?$/);
    const why = async () => JSON.stringify({ calls: await telegramCalls(page, 'web_app_setup_back_button'), state: await page.evaluate(() => history.state), len: await page.evaluate(() => history.length) });
    await expect.poll(backShown, { message: await why() }).toBe(false);
  });

  test('back from a postcard returns to the gallery once: no loop, and the back button hides there', async ({ page }) => {
    await openTelegram(page);
    await expectSignedIn(page);
    const backShown = async () => ((await telegramCalls(page, 'web_app_setup_back_button')).at(-1)?.[1] as { is_visible?: boolean } | undefined)?.is_visible ?? false;
    const historyLength = await page.evaluate(() => history.length);
    await page.locator('a[href^="/telegram/mychannels/9/"]').first().click();
    await expect(page).toHaveURL(/\/telegram\/mychannels\/9\/\d+/);
    await expect.poll(backShown).toBe(true);
    // Telegram's back button is the only one: the viewer draws no back arrow of its own
    await expect(page.getByTestId('viewer-back')).toHaveCount(0);

    await telegramEmit(page, 'back_button_pressed');
    // back where it started: the gallery at /telegram/
    await expect(page).toHaveURL(/\/telegram\/(\?.*)?$/);
    await expect.poll(backShown).toBe(false);
    expect(await page.evaluate(() => history.length)).toBe(historyLength + 1);
  });

  test('launch data on the site root starts the Mini App even when the SDK refuses it (no signature): the server signs in', async ({ page }) => {
    // a real client's bridge: the app's calls to Telegram are recorded
    await page.addInitScript(() => {
      const calls: [string, unknown][] = [];
      (window as unknown as { __tgCalls: typeof calls }).__tgCalls = calls;
      (window as unknown as { TelegramWebviewProxy: unknown }).TelegramWebviewProxy = {
        postEvent: (name: string, data: string) => calls.push([name, data ? JSON.parse(data) : null]),
      };
    });
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const id = newTelegramId();
    const initData = signedLaunchData({ user: JSON.stringify({ id, first_name: 'Корень', language_code: 'ru' }) });
    const hash = new URLSearchParams({ tgWebAppData: initData, tgWebAppVersion: '8.0', tgWebAppPlatform: 'ios', tgWebAppThemeParams: '{}' });
    await page.goto(`/#${hash}`);
    await expect(page).toHaveURL(/\/telegram\/?#/);
    await expectSignedIn(page);
    const token = await storedToken(page);
    const me = await page.request.get('/api/auth/me', { headers: authHeader(token!) });
    expect(await me.json()).toMatchObject({ telegram_id: String(id), auth_type: 'telegram' });
    expect(errors.some((e) => e.includes('Telegram launch data did not pass the SDK parser'))).toBe(true);
    const calls = () => page.evaluate(() => (window as unknown as { __tgCalls: [string, unknown][] }).__tgCalls.map(([n]) => n));
    await expect.poll(calls).toContain('web_app_ready');
  });

  test('vertical swipes stay on, except in the viewer, which goes fullscreen', async ({ page }) => {
    await openTelegram(page);
    await expectSignedIn(page);
    const vertical = async () => ((await telegramCalls(page, 'web_app_setup_swipe_behavior')).at(-1)?.[1] as { allow_vertical_swipe?: boolean } | undefined)?.allow_vertical_swipe;
    await expect.poll(vertical).toBe(true);
    await page.locator('a[href^="/telegram/mychannels/9/"]').first().click();
    await expect(page).toHaveURL(/\/telegram\/mychannels\/9\/\d+/);
    await expect.poll(vertical).toBe(false);
    await expect.poll(async () => (await telegramCalls(page, 'web_app_request_fullscreen')).length).toBe(1);
    await telegramEmit(page, 'back_button_pressed');
    await expect(page).toHaveURL(/\/telegram\/(\?.*)?$/);
    await expect.poll(vertical).toBe(true);
  });

  test('a greeting opened at its envelope asks Telegram for fullscreen', async ({ page, request }) => {
    const sender = await registerViaApi(request);
    const id = await makeGreeting(request, sender.token);
    await openTelegram(page, `/greeting/${id}`);
    await expect.poll(async () => (await telegramCalls(page, 'web_app_request_fullscreen')).length).toBe(1);
  });

  test("a received greeting's «Принять» is Telegram's main button; accepting vibrates and «Ответить» becomes its secondary button", async ({ page, request }) => {
    const sender = await registerViaApi(request);
    const id = await makeGreeting(request, sender.token);
    await openTelegram(page, '/', { startParam: `card_${id}` });
    await expect.poll(() => storedToken(page)).toBeTruthy();
    await expect.poll(() => lastCall(page, 'web_app_setup_main_button')).toMatchObject({ is_visible: true, text: 'Принять' });
    await telegramEmit(page, 'main_button_pressed');
    await expect.poll(() => lastCall(page, 'web_app_setup_secondary_button')).toMatchObject({ is_visible: true, text: 'Ответить' });
    await expect.poll(() => lastCall(page, 'web_app_setup_main_button')).toMatchObject({ is_visible: false });
    expect(await telegramCalls(page, 'web_app_trigger_haptic_feedback')).toContainEqual(['web_app_trigger_haptic_feedback', { type: 'notification', notification_type: 'success' }]);
  });

  test('when Telegram fails to send the prepared postcard (prepared_message_failed), a toast says so and the link is shared', async ({ page, request }) => {
    await openTelegram(page, '/?tg_mock_prepared=fail');
    await expectSignedIn(page);
    const id = await makeGreeting(request, (await storedToken(page))!);
    await page.goto(`/telegram/greeting/${id}`);
    await page.getByRole('button', { name: 'Смотреть открытку' }).click();
    await page.getByRole('button', { name: 'Поздравление', exact: true }).click();
    await page.getByRole('button', { name: 'Отправить' }).click();
    await expect(page.getByText('Telegram не смог отправить открытку — отправляем ссылку')).toBeVisible();
    await expect.poll(async () => (await telegramCalls(page, 'web_app_open_tg_link')).length).toBe(1);
  });

  test("the wizard: a dirty draft asks before closing, is kept in CloudStorage and offered in the page on the next launch; the main button steps it and goes away with it", async ({ page }) => {
    const userId = await openTelegram(page);
    await expectSignedIn(page);
    const mainButton = async () => (await telegramCalls(page, 'web_app_setup_main_button')).at(-1)?.[1] as { is_visible?: boolean; text?: string } | undefined;
    await page.locator('a[href^="/telegram/mychannels/9/"]').first().click();
    await page.getByRole('link', { name: 'Создать поздравление' }).click();
    await expect(page).toHaveURL(/\/create-congratulation$/);
    const wizardPath = new URL(page.url()).pathname.replace(/^\/telegram/, '');
    await expect.poll(mainButton).toMatchObject({ is_visible: true, text: 'Далее' });
    // the wizard's own close arrow is left to Telegram's back button
    await expect(page.getByRole('button', { name: 'Вернуться к открытке' })).toHaveCount(0);

    // something typed: Telegram asks before closing the app, and the draft goes to CloudStorage
    await page.getByLabel('Имя получателя').fill('Бабушке');
    await expect.poll(() => lastCall(page, 'web_app_setup_closing_behavior')).toEqual({ need_confirmation: true });
    const cloudSaved = async () =>
      (await telegramCalls(page, 'web_app_invoke_custom_method')).some(([, p]) => JSON.stringify(p).includes('saveStorageValue') && JSON.stringify(p).includes('Бабушке'));
    await expect.poll(cloudSaved).toBe(true);

    // back on the first step: a popup asks (the stub presses «Закрыть»), then the wizard closes
    await telegramEmit(page, 'back_button_pressed');
    await expect(page).toHaveURL(/\/telegram\/mychannels\/9\/\d+(\?.*)?$/);
    await expect.poll(mainButton).toMatchObject({ is_visible: false });
    await expect.poll(() => lastCall(page, 'web_app_setup_closing_behavior')).toEqual({ need_confirmation: false });

    // the next launch (a new web view: nothing in the tab's storage) offers the draft in the page
    await page.evaluate(() => sessionStorage.clear());
    await openTelegram(page, wizardPath, { userId });
    const offer = page.getByRole('region', { name: 'Продолжить черновик поздравления?' });
    await expect(offer).toBeVisible();
    await offer.getByRole('button', { name: 'Продолжить' }).click();
    await expect(offer).toBeHidden();
    await expect(page.getByLabel('Имя получателя')).toHaveValue('Бабушке');
  });

  test("a greeting made in the wizard: «Отправить» is Telegram's main button and «Поделиться» its secondary one; the first one sent offers the home screen, once", async ({ page }) => {
    // a Mini Apps 9.0 client: what was offered is kept in its DeviceStorage
    const userId = await openTelegram(page, '/', { version: '9.0' });
    await expectSignedIn(page);
    const button = (kind: 'main' | 'secondary') => () => lastCall(page, `web_app_setup_${kind}_button`);
    await page.locator('a[href^="/telegram/mychannels/9/"]').first().click();
    await page.getByRole('link', { name: 'Создать поздравление' }).click();
    await page.getByLabel('Имя получателя').fill('Маме');
    await expect.poll(button('main')).toMatchObject({ is_visible: true, text: 'Далее' });
    await expect.poll(button('secondary')).toMatchObject({ is_visible: false });
    await telegramEmit(page, 'main_button_pressed');
    await expect(page.getByLabel('Текст поздравления')).toBeVisible();
    await telegramEmit(page, 'main_button_pressed');
    await expect.poll(button('main')).toMatchObject({ is_visible: true, text: 'Создать поздравление' });
    await telegramEmit(page, 'main_button_pressed');
    await expect.poll(button('main')).toMatchObject({ is_visible: true, text: 'Отправить' });
    await expect.poll(button('secondary')).toMatchObject({ is_visible: true, text: 'Поделиться' });

    // sent as a prepared message: the home screen is checked and offered (the stub: not added yet)
    await telegramEmit(page, 'main_button_pressed');
    await expect(page.getByText('Поздравление отправлено!')).toBeVisible();
    await expect.poll(async () => (await telegramCalls(page, 'web_app_add_to_home_screen')).length).toBe(1);
    expect(await telegramCalls(page, 'web_app_check_home_screen')).toHaveLength(1);
    // kept in the device's storage: not offered again
    const deviceStorage = () => page.evaluate((id) => JSON.parse(localStorage.getItem(`otkrytka.telegram-mock-device.${id}`) ?? '{}') as Record<string, string>, userId);
    await expect.poll(deviceStorage).toMatchObject({ home_screen_offered: 'offered' });

    // «Поделиться» shares the greeting's link
    await telegramEmit(page, 'secondary_button_pressed');
    await expect
      .poll(async () => (await telegramCalls(page, 'web_app_open_tg_link')).length + (await page.getByRole('dialog').count()))
      .toBeGreaterThan(0);
  });

  test('holding the energy converter knocks softly each second of the spin, and the saved spin vibrates as a success', async ({ page }) => {
    await openTelegram(page, '/game-data');
    const circle = page.getByTestId('energy-circle');
    await expect(circle).toBeVisible();
    const haptics = async () => (await telegramCalls(page, 'web_app_trigger_haptic_feedback')).map(([, p]) => p);
    const box = (await circle.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await expect.poll(haptics).toContainEqual({ type: 'impact', impact_style: 'soft' });
    // two seconds make the smallest spin that is saved (2 Ян)
    await expect(page.getByTestId('spin-label')).toHaveText(/Вращение: ([2-9]|\d\d+) с/);
    await page.mouse.up();
    await expect.poll(haptics).toContainEqual({ type: 'notification', notification_type: 'success' });
  });

  test('on a phone the theme follows Telegram and cannot be switched', async ({ page }) => {
    await openTelegram(page, '/', { theme: 'dark' });
    await expectSignedIn(page);
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    const menu = await openMenu(page);
    await expect(menu.getByRole('switch', { name: 'Тёмная тема' })).toHaveCount(0);
  });

  test("opens in the Telegram user's language, as the bot speaks to them, and the new account keeps it", async ({ page, browser }) => {
    await openTelegram(page, '/', { languageCode: 'en' });
    await expectSignedIn(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const menu = await openMenu(page);
    await expect(menu.getByRole('link', { name: 'Gallery' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Галерея' })).toHaveCount(0);
    const token = await storedToken(page);
    await expect.poll(async () => (await (await page.request.get('/api/settings/', { headers: authHeader(token!) })).json()).language).toBe('en');

    // Ukrainian is answered in Russian, as the bot does
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const p2 = await ctx.newPage();
    await openTelegram(p2, '/', { languageCode: 'uk' });
    await expectSignedIn(p2);
    await expect(p2.locator('html')).toHaveAttribute('lang', 'ru');
    await expect((await openMenu(p2)).getByRole('link', { name: 'Галерея' })).toBeVisible();
    await ctx.close();
  });

  test('no forced login and no /auth redirect inside Telegram; /telegram/auth returns to returnTo', async ({ page }) => {
    await openTelegram(page, '/auth?returnTo=%2Ftelegram%2Fcategories');
    await expect(page).toHaveURL(/\/telegram\/categories$/);
    await expectSignedIn(page);
    await expect(dialog(page)).toBeHidden();
  });
});

test.describe('Telegram variant on a wide screen', () => {
  test.use({ viewport: { width: 1280, height: 800 }, hasTouch: false, isMobile: false });

  test('the theme can be switched there, the language cannot', async ({ page }) => {
    await openTelegram(page, '/', { theme: 'light' });
    await expectSignedIn(page);
    const rail = page.getByRole('complementary', { name: 'Разделы' });
    await rail.getByRole('button', { name: 'Включить тёмную тему' }).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(rail.getByRole('radiogroup', { name: 'Язык' })).toHaveCount(0);
  });

  test("the app's own theme keeps its own palette there, whatever Telegram's theme", async ({ page }) => {
    await openTelegram(page, '/', { theme: 'dark' });
    await expectSignedIn(page);
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    // the light paper background, not Telegram's dark one under light cards
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--bg').trim())).toBe('#fff7f3');
    // my uploads is not a Telegram entry, in the rail as in the menu
    await expect(page.getByRole('complementary', { name: 'Разделы' }).getByRole('link', { name: 'Загрузки' })).toHaveCount(0);
  });
});
