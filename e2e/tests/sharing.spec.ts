import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { authHeader, dialog, openSignedIn, openTelegram, registerViaApi, storedToken, telegramCalls, telegramEmit } from '../helpers';

/**
 * Sharing a greeting: a direct Mini App link opens on the greeting; Send inside Telegram
 * hands the postcard itself to a chat (the bridge event web_app_send_prepared_message, after the
 * server prepared it through the fake Bot API); on the web the device share sheet gets the link,
 * and without one the sheet offers copy-link and a QR code.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

async function galleryPostcardId(request: APIRequestContext): Promise<number> {
  const res = await request.get('/api/gallery?limit=1');
  return ((await res.json()) as { items: { id: number }[] }).items[0]!.id;
}

async function createGreeting(request: APIRequestContext, token: string, toWhom: string): Promise<string> {
  const res = await request.post('/api/greetings', {
    headers: authHeader(token),
    data: { image_relations_id: await galleryPostcardId(request), to_whom: toWhom, greeting: 'Текст только для получателя' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** Calls the fake Bot API recorded (it runs beside the e2e server). */
async function botApiCalls(request: APIRequestContext, method: string) {
  const res = await request.get(`http://127.0.0.1:${process.env.E2E_BOT_API_PORT}/__calls`);
  const calls = (await res.json()) as { method: string; payload: Record<string, unknown> }[];
  return calls.filter((c) => c.method === method);
}

async function toDetail(page: Page) {
  await page.getByRole('button', { name: 'Смотреть открытку' }).click();
  await page.getByRole('button', { name: 'Поздравление', exact: true }).click();
}

test.describe('sharing in Telegram', () => {
  test('a direct Mini App link (startapp=card_<id>) opens the Mini App on the greeting, recipient view', async ({ page, request }) => {
    const sender = await registerViaApi(request);
    const id = await createGreeting(request, sender.token, 'Варваре');
    await openTelegram(page, '/', { startParam: `card_${id}` });
    await expect(page).toHaveURL(new RegExp(`/telegram/greeting/${id}\\?view=true$`));
    await expect(page.getByText('Текст только для получателя')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Принять' })).toBeVisible();
  });

  test("Telegram's header above the Mini App takes the colour at the top of each stage of a greeting, and the app's own after it", async ({ page, request }) => {
    const sender = await registerViaApi(request);
    const res = await request.post('/api/greetings', {
      headers: authHeader(sender.token),
      data: { image_relations_id: await galleryPostcardId(request), to_whom: 'Варваре', background_first_page: 'blue-green-cyan', background_greeting_page: 'yellow-orange' },
    });
    const id = ((await res.json()) as { id: string }).id;
    const headerColors = async () => (await telegramCalls(page, 'web_app_set_header_color')).map(([, p]) => p as { color?: string; color_key?: string });
    const lastHeader = async () => (await headerColors()).at(-1);
    await openTelegram(page, `/greeting/${id}`);
    await expect(page.getByRole('button', { name: /Смотреть открытку/ })).toBeVisible();
    // the middle of the top edge of each gradient on a phone; the postcard stage's backdrop
    await expect.poll(lastHeader).toEqual({ color: '#2e92d4' });
    await page.getByRole('button', { name: /Смотреть открытку/ }).click();
    await expect.poll(lastHeader).toEqual({ color: '#0d0a12' });
    await page.getByRole('button', { name: 'Поздравление', exact: true }).click();
    await expect.poll(lastHeader).toEqual({ color: '#fcd43b' });
    await telegramEmit(page, 'back_button_pressed');
    await expect(page).toHaveURL(/\/telegram\/gallery/);
    await expect.poll(lastHeader).toEqual({ color_key: 'secondary_bg_color' });
    // one call for each change, no flash of another colour between: the app's own at start, then the stages
    expect(await headerColors()).toEqual([
      { color_key: 'secondary_bg_color' },
      { color: '#2e92d4' },
      { color: '#0d0a12' },
      { color: '#fcd43b' },
      { color_key: 'secondary_bg_color' },
    ]);
  });

  test("the bot's inline postcard (startapp=post_<channel>_<postcard>) opens the Mini App on that postcard's greeting wizard", async ({ page, request }) => {
    const postcard = ((await (await request.get('/api/gallery?limit=1')).json()) as { items: { id: number; collection_id: number }[] }).items[0]!;
    await openTelegram(page, '/', { startParam: `post_${postcard.collection_id}_${postcard.id}` });
    await expect(page).toHaveURL(new RegExp(`/telegram/mychannels/${postcard.collection_id}/${postcard.id}/create-congratulation$`));
    await expect(page.getByRole('heading', { name: /Шаг 1/ })).toBeVisible();
  });

  test('Send hands the postcard to a chat: the server prepares it, the app posts web_app_send_prepared_message', async ({ page, request }) => {
    const tgId = await openTelegram(page, '/', { name: 'Аня' });
    await expect.poll(() => storedToken(page)).toBeTruthy();
    const id = await createGreeting(request, (await storedToken(page))!, 'Маше');
    await page.goto(`/telegram/greeting/${id}`);
    await toDetail(page);
    const before = (await botApiCalls(request, 'savePreparedInlineMessage')).length;
    await page.getByRole('button', { name: 'Отправить' }).click();
    await expect.poll(async () => (await telegramCalls(page, 'web_app_send_prepared_message')).length).toBe(1);
    const prepared = (await botApiCalls(request, 'savePreparedInlineMessage')).slice(before);
    expect(prepared).toHaveLength(1);
    expect(prepared[0]!.payload).toMatchObject({ user_id: tgId });
    expect((prepared[0]!.payload.result as { caption: string }).caption).toBe('💌 Маше! Открой, чтобы посмотреть');
    const [, params] = (await telegramCalls(page, 'web_app_send_prepared_message'))[0]!;
    expect(params).toEqual({ id: expect.stringMatching(/^prepared-\d+$/) });
    // sent: the preview goes back
    await expect(page).not.toHaveURL(new RegExp(`/greeting/${id}`), { timeout: 5000 });
    // a story can be shared from the preview too
    await page.goto(`/telegram/greeting/${id}`);
    await toDetail(page);
    await page.getByRole('button', { name: 'Поделиться в историю' }).click();
    const [story] = await telegramCalls(page, 'web_app_share_to_story');
    // the 1080×1920 story picture, in the reader's language
    expect((story![1] as { media_url: string }).media_url).toMatch(new RegExp(`/og/greeting/${id}/story\\.jpg\\?lang=ru$`));
  });

  test("the wizard's Send: once Telegram says it was sent, the button reads «Отправить ещё раз» and a toast says so", async ({ page, request }) => {
    await openTelegram(page, '/', { name: 'Аня' });
    await expect.poll(() => storedToken(page)).toBeTruthy();
    const mainButton = async () => (await telegramCalls(page, 'web_app_setup_main_button')).at(-1)?.[1] as { is_visible?: boolean; text?: string } | undefined;
    await page.goto(`/telegram/mychannels/9/${await galleryPostcardId(request)}/create-congratulation`);
    for (const text of ['Далее', 'Далее', 'Создать поздравление']) {
      await expect.poll(mainButton).toMatchObject({ is_visible: true, text });
      await telegramEmit(page, 'main_button_pressed');
    }
    await expect(page.getByRole('heading', { name: 'Поздравление создано! - Шаг 4' })).toBeVisible();
    await expect.poll(mainButton).toMatchObject({ is_visible: true, text: 'Отправить' });
    await telegramEmit(page, 'main_button_pressed');
    await expect.poll(async () => (await telegramCalls(page, 'web_app_send_prepared_message')).length).toBe(1);
    await expect(page.getByText('Поздравление отправлено!')).toBeVisible();
    await expect.poll(mainButton).toMatchObject({ is_visible: true, text: 'Отправить ещё раз' });
  });

  test('inside Telegram the share sheet opens its links through the client, not as a tab of the Mini App', async ({ page, request }) => {
    await openTelegram(page, '/', { name: 'Аня' });
    await expect.poll(() => storedToken(page)).toBeTruthy();
    const id = await createGreeting(request, (await storedToken(page))!, 'Лене');
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true }));
    await page.goto(`/telegram/greeting/${id}`);
    await toDetail(page);
    await page.getByRole('button', { name: 'Поделиться' }).first().click();
    await dialog(page).getByRole('link', { name: 'Telegram' }).click();
    // asked of the Telegram client (the mock then opens it, as Telegram would), not opened as a tab by the page
    await expect.poll(async () => (await telegramCalls(page, 'web_app_open_tg_link')).length).toBe(1);
    const [, link] = (await telegramCalls(page, 'web_app_open_tg_link'))[0]!;
    expect((link as { path_full: string }).path_full).toMatch(/^\/share\/url\?/);
    // another site's link goes to the client too, which opens it in a browser, not in the Mini App
    await dialog(page).getByRole('link', { name: 'WhatsApp' }).click();
    await expect.poll(async () => (await telegramCalls(page, 'web_app_open_link')).length).toBe(1);
    const [, external] = (await telegramCalls(page, 'web_app_open_link'))[0]!;
    expect((external as { url: string }).url).toMatch(/^https:\/\/wa\.me\/\?text=/);
  });

  test("inside Telegram the sender's preview draws no back of its own, and on a 360 px phone its four tiles keep their labels inside", async ({ page, request }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openTelegram(page, '/', { name: 'Аня' });
    await expect.poll(() => storedToken(page)).toBeTruthy();
    const id = await createGreeting(request, (await storedToken(page))!, 'Оле');
    await page.goto(`/telegram/greeting/${id}`);
    await toDetail(page);
    const preview = page.getByRole('region', { name: 'Предпросмотр' });
    await expect(preview.getByRole('button', { name: 'Отправить' })).toBeVisible();
    await expect(preview.getByRole('button', { name: 'Назад' })).toHaveCount(0);
    const tiles = preview.getByRole('button').filter({ hasText: /Поделиться|Скопировать ссылку|Изменить|Поделиться в историю/ });
    await expect(tiles).toHaveCount(4);
    // every label fits its tile: nothing wider than the tile's box
    const overflowing = await tiles.evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.textContent));
    expect(overflowing).toEqual([]);
  });

  test('a client too old for prepared messages shares the link instead', async ({ page, request }) => {
    await openTelegram(page, '/', { version: '7.0' });
    await expect.poll(() => storedToken(page)).toBeTruthy();
    const id = await createGreeting(request, (await storedToken(page))!, 'Пете');
    await page.goto(`/telegram/greeting/${id}`);
    await toDetail(page);
    await page.getByRole('button', { name: 'Отправить' }).click();
    await expect.poll(async () => (await telegramCalls(page, 'web_app_open_tg_link')).length).toBe(1);
    const [, link] = (await telegramCalls(page, 'web_app_open_tg_link'))[0]!;
    expect((link as { path_full: string }).path_full).toContain(encodeURIComponent(`/greeting/${id}`));
    expect(await telegramCalls(page, 'web_app_send_prepared_message')).toHaveLength(0);
  });
});

test.describe('sharing on the web', () => {
  test('the device share sheet gets the greeting URL', async ({ page, request }) => {
    const sender = await registerViaApi(request);
    const id = await createGreeting(request, sender.token, 'Оле');
    await page.addInitScript(() => {
      const shared: unknown[] = [];
      (window as unknown as { __shared: unknown[] }).__shared = shared;
      Object.defineProperty(Navigator.prototype, 'share', { value: async (data: unknown) => void shared.push(data), configurable: true });
    });
    await openSignedIn(page, sender.token, `/greeting/${id}`);
    await toDetail(page);
    await page.getByRole('button', { name: 'Поделиться' }).first().click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __shared: { url: string }[] }).__shared)).toEqual([
      expect.objectContaining({ url: `${new URL(page.url()).origin}/greeting/${id}` }),
    ]);
    await expect(dialog(page)).toBeHidden();
  });

  test('without it: copy-link and a QR code; with no bot, Send says the web link is shared', async ({ page, request, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const sender = await registerViaApi(request);
    const id = await createGreeting(request, sender.token, 'Диме');
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true }));
    await openSignedIn(page, sender.token, `/greeting/${id}`);
    await toDetail(page);
    await page.getByRole('button', { name: 'Отправить' }).click();
    const sheet = dialog(page);
    await expect(sheet.getByRole('note')).toContainText('Это обычная веб-ссылка: она откроется в любом браузере');
    await sheet.getByRole('button', { name: 'Копировать' }).click();
    await expect(sheet.getByRole('button', { name: 'Ссылка скопирована!' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/greeting/${id}$`));
    await sheet.getByRole('button', { name: 'Показать QR-код' }).click();
    const qr = sheet.getByTestId('share-qr');
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  test('the greeting page a recipient loads does not load the QR encoder', async ({ page, request }) => {
    const sender = await registerViaApi(request);
    const id = await createGreeting(request, sender.token, 'Свете');
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await page.goto(`/greeting/${id}`);
    await expect(page.getByRole('heading', { name: 'Свете' })).toBeVisible();
    expect(scripts.some((s) => /QrCode|uqr/i.test(s))).toBe(false);
  });
});
