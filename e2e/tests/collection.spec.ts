import path from 'node:path';
import zlib from 'node:zlib';
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { type Account, authHeader, dialog, makeChannel, openSignedIn, registerViaApi, signedInAsNewUser, toast } from '../helpers';

/**
 * Channels, uploads, postcards, categories, bookmarks and the gallery, end to end.
 * Every test makes its own users; the gallery is the seeded demo gallery (other specs may add to
 * it while these run, so expectations are taken from the API at the same moment).
 */

const FIXTURES = path.resolve(import.meta.dirname, '../../server/test/fixtures');

/** A real PNG of about 1.5 MB (random pixels do not compress), so the upload takes a while on a slowed link. */
function largePng(): Buffer {
  const w = 700;
  const h = 700;
  const crc = (buf: Buffer) => {
    let c = ~0;
    for (const b of buf) {
      c ^= b;
      for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
    }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2; // RGB
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let i = 0; i < raw.length; i++) raw[i] = i % (w * 3 + 1) === 0 ? 0 : (Math.random() * 256) | 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function api<T>(request: APIRequestContext, account: Account, method: 'get' | 'post' | 'put', url: string, data?: unknown): Promise<T> {
  const res = await request[method](url, { headers: authHeader(account.token), ...(data ? { data } : {}) });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

const tiles = (page: Page) => page.locator('[data-postcard-id]');

test.describe('channels and postcards', () => {
  test('create a channel, upload a picture with a progress bar, add it as a postcard, see the pending badge', async ({ page }) => {
    await signedInAsNewUser(page, '/mychannels');
    await expect(page.getByRole('heading', { name: 'Мои каналы' })).toBeVisible();
    await expect(page.getByText('У вас пока нет каналов')).toBeVisible();

    await page.getByRole('button', { name: 'Создать канал' }).first().click();
    const create = dialog(page);
    await expect(create.getByRole('heading', { name: 'Новый канал' })).toBeVisible();
    await create.getByLabel('Название').fill('abc');
    await create.getByRole('button', { name: 'Создать' }).click();
    await expect(create.getByText('Название канала должно содержать не менее 4 символов')).toBeVisible();
    await create.getByLabel('Название').fill('Открытки для бабушки');
    await create.getByLabel('Описание (необязательно)').fill('Самые тёплые открытки');
    await create.getByRole('button', { name: 'Создать' }).click();
    await expect(create).toBeHidden();

    await page.getByRole('link', { name: /Открытки для бабушки/ }).click();
    await expect(page.getByRole('heading', { name: 'Открытки для бабушки' })).toBeVisible();
    await expect(page.getByText('0 подписчиков · 0 открыток')).toBeVisible();

    // slow the upload down so its progress can be seen
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 400 * 1024 });

    await page.getByRole('button', { name: 'Добавить открытку' }).click();
    const wizard = dialog(page);
    await expect(wizard.getByText('Шаг 1 из 2')).toBeVisible();
    await wizard.getByTestId('upload-input').setInputFiles({ name: 'бабушке.png', mimeType: 'image/png', buffer: largePng() });
    const bar = wizard.getByRole('progressbar', { name: 'Ход загрузки' });
    await expect(bar).toBeVisible();
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect(wizard.getByRole('button', { name: 'Далее' })).toBeDisabled(); // no "Сначала загрузите файл" mid-upload
    await expect(wizard.getByText('Файл загружен')).toBeVisible({ timeout: 20_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    await wizard.getByRole('button', { name: 'Далее' }).click();
    await expect(wizard.getByText('Шаг 2 из 2')).toBeVisible();
    const description = wizard.getByLabel('Описание');
    await description.fill('Коротко');
    await wizard.getByRole('button', { name: 'Сохранить' }).click();
    await expect(wizard.getByText('Описание должно быть не короче 10 символов')).toBeVisible();
    await description.fill('С днём рождения, любимая бабушка!');
    await expect(wizard.getByText('обязательно, от 10 символов · 33/500')).toBeVisible();
    await expect(description).toHaveAttribute('aria-required', 'true');
    await wizard.getByRole('button', { name: 'Сохранить' }).click();
    await expect(wizard).toBeHidden();
    await expect(toast(page, 'Открытка добавлена и ожидает модерации')).toBeVisible();

    await expect(tiles(page)).toHaveCount(1);
    const badge = tiles(page).first().locator('[data-badge="pending"]');
    await expect(badge).toBeVisible();
    await expect(badge).toHaveAttribute('title', 'Открытка ожидает модерации');
    await expect(page.getByText('0 подписчиков · 1 открытка')).toBeVisible();
  });

  test('a file uploaded on «Мои загрузки» becomes a postcard in a channel without a second upload', async ({ page, request }) => {
    const me = await registerViaApi(request);
    const channel = await api<{ id: number }>(request, me, 'post', '/api/collections', { name: 'Из моих загрузок' });
    await openSignedIn(page, me.token, '/my-uploads');
    await page.getByRole('button', { name: 'Загрузить' }).first().click();
    await dialog(page).getByTestId('upload-input').setInputFiles({ name: 'весна.png', mimeType: 'image/png', buffer: largePng() });
    // the dialog shows what was picked and waits for «Загрузить» (a file picker and an upload button)
    await expect(dialog(page).getByText('весна.png')).toBeVisible();
    await dialog(page).getByRole('button', { name: 'Загрузить' }).click();
    await expect(toast(page, 'Файл загружен')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Любую из них можно сделать открыткой: «Добавить открытку» в канале предлагает ваши последние загрузки.')).toBeVisible();

    await page.goto(`/mychannels/${channel.id}`);
    await page.getByRole('button', { name: 'Добавить открытку' }).click();
    const wizard = dialog(page);
    const uploadsSent: string[] = [];
    page.on('request', (r) => r.url().includes('/api/uploads/upload') && uploadsSent.push(r.url()));
    await wizard.getByRole('region', { name: 'Или выберите из ваших загрузок' }).getByRole('button', { name: 'Выбрать «весна.png»' }).click();
    await expect(wizard.getByText('Файл загружен')).toBeVisible();
    await wizard.getByRole('button', { name: 'Далее' }).click();
    await wizard.getByLabel('Описание').fill('Весенняя открытка из загрузок');
    await wizard.getByRole('button', { name: 'Сохранить' }).click();
    await expect(wizard).toBeHidden();
    await expect(toast(page, 'Открытка добавлена и ожидает модерации')).toBeVisible();
    await expect(tiles(page)).toHaveCount(1);
    expect(uploadsSent).toEqual([]);
  });

  test('a renamed non-image is refused as unreadable, not as a wrong type, with the allowed types', async ({ page, request }) => {
    const me = await registerViaApi(request);
    const channel = await api<{ id: number }>(request, me, 'post', '/api/collections', { name: 'Проверка загрузки' });
    await openSignedIn(page, me.token, `/mychannels/${channel.id}`);
    await page.getByRole('button', { name: 'Добавить открытку' }).click();
    await dialog(page).getByTestId('upload-input').setInputFiles(path.join(FIXTURES, 'not-an-image.jpg'));
    await expect(dialog(page).getByRole('alert')).toHaveText('Не удалось прочитать файл: он повреждён или это не картинка и не видео. Разрешены: jpg, png, webp, gif, mp4');
  });

  test('on a touch screen the upload step asks to choose a file, not to drop one', async ({ browser, request }) => {
    const me = await registerViaApi(request);
    const channel = await makeChannel(request, me.token);
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await openSignedIn(page, me.token, `/mychannels/${channel}`);
    await page.getByRole('button', { name: 'Добавить открытку' }).first().click();
    const wizard = dialog(page);
    await expect(wizard.getByText(/^Выберите файл: jpg/)).toBeVisible();
    await expect(wizard.getByText(/Перетащите файл сюда/)).toBeHidden();
    await context.close();
  });
});

test.describe('categories', () => {
  test('reorder by drag and drop, within a group and into another; the order survives a reload', async ({ page, request }) => {
    const me = await registerViaApi(request);
    const g1 = await api<{ id: number }>(request, me, 'post', '/api/category-groups', { name: 'Праздники' });
    const g2 = await api<{ id: number }>(request, me, 'post', '/api/category-groups', { name: 'Семья' });
    for (const name of ['Новый год', '8 Марта', 'Пасха']) await api(request, me, 'post', '/api/categories', { name, group_id: g1.id });
    await api(request, me, 'post', '/api/categories', { name: 'Мама', group_id: g2.id });
    await openSignedIn(page, me.token, '/categories');

    const group = (name: string) => page.getByRole('region', { name });
    const chip = (name: string) => page.locator('[data-category-id]', { hasText: name }).locator('span').first();
    const names = (g: string) => group(g).locator('[data-category-id]').allInnerTexts();
    await expect.poll(() => names('Праздники')).toEqual(['Новый год', '8 Марта', 'Пасха']);

    /** Drags one chip onto another and waits until the server has saved the new order. */
    const drag = async (from: string, to: string) => {
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/categories/order') && r.request().method() === 'PUT');
      const a = (await chip(from).boundingBox())!;
      const b = (await chip(to).boundingBox())!;
      await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
      await page.mouse.down();
      await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2, { steps: 3 });
      await page.mouse.move(b.x + 8, b.y + b.height / 2, { steps: 12 });
      await page.mouse.move(b.x + 6, b.y + b.height / 2, { steps: 2 });
      await page.mouse.up();
      expect((await saved).status()).toBe(200);
      // the dragged copy is gone once the drop animation ends; a person starts the next drag after that
      await expect(page.locator('[data-category-id]')).toHaveCount(4);
    };
    // "Пасха" to the front of its group
    await drag('Пасха', 'Новый год');
    await expect.poll(() => names('Праздники')).toEqual(['Пасха', 'Новый год', '8 Марта']);
    // "8 Марта" into "Семья", before "Мама"
    await drag('8 Марта', 'Мама');
    await expect.poll(() => names('Семья')).toEqual(['8 Марта', 'Мама']);
    await expect.poll(() => names('Праздники')).toEqual(['Пасха', 'Новый год']);

    await page.reload();
    await expect.poll(() => names('Праздники')).toEqual(['Пасха', 'Новый год']);
    await expect.poll(() => names('Семья')).toEqual(['8 Марта', 'Мама']);

    // dropping outside any target changes nothing: no save is sent, and the order stays after a reload
    const orderSaves: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/categories/order')) orderSaves.push(r.method());
    });
    const a = (await chip('Мама').boundingBox())!;
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(a.x + 40, a.y + 10, { steps: 3 });
    await page.mouse.move(5, 5, { steps: 10 });
    await page.mouse.up();
    await expect(page.locator('[data-category-id]')).toHaveCount(4);
    // a quick flick out of the list, released at once
    const b = (await chip('Мама').boundingBox())!;
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
    await page.mouse.down();
    await page.mouse.move(b.x + 20, b.y + b.height / 2, { steps: 2 });
    await page.mouse.move(b.x - 30, b.y + b.height / 2, { steps: 2 });
    await page.mouse.move(5, 400);
    await page.mouse.up();
    await expect(page.locator('[data-category-id]')).toHaveCount(4);
    await expect.poll(() => names('Семья')).toEqual(['8 Марта', 'Мама']);
    expect(orderSaves).toEqual([]);
    await page.reload();
    await expect.poll(() => names('Семья')).toEqual(['8 Марта', 'Мама']);

    // groups move by their handle
    await expect(page.locator('[data-category-id]')).toHaveCount(4);
    const groupOrder = () => page.locator('section[data-group-id] h2').allInnerTexts();
    await expect.poll(groupOrder).toEqual(['Праздники', 'Семья']);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/categories/order'));
    const handle = (await page.getByRole('button', { name: 'Перетащить группу «Семья»' }).boundingBox())!;
    const top = (await group('Праздники').boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2, handle.y - 10, { steps: 3 });
    await page.mouse.move(handle.x + handle.width / 2, top.y + 10, { steps: 12 });
    await page.mouse.up();
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect.poll(groupOrder).toEqual(['Семья', 'Праздники']);
    // of everything since the drops outside, only the group drag was saved
    expect(orderSaves).toEqual(['PUT']);
  });

  test('a group moves by keyboard, and a screen reader hears its name in Russian, not the drag library\'s English', async ({ page, request }) => {
    const me = await registerViaApi(request);
    await api(request, me, 'post', '/api/category-groups', { name: 'Праздники' });
    await api(request, me, 'post', '/api/category-groups', { name: 'Семья' });
    await openSignedIn(page, me.token, '/categories');
    const groupOrder = () => page.locator('section[data-group-id] h2').allInnerTexts();
    await expect.poll(groupOrder).toEqual(['Праздники', 'Семья']);
    const spoken = page.locator('[id^="DndLiveRegion"]');
    const handle = page.getByRole('button', { name: 'Перетащить группу «Семья»' });
    await expect(handle).toHaveAttribute('aria-describedby', /.+/);
    const instructions = page.locator(`[id="${await handle.getAttribute('aria-describedby')}"]`);
    await expect(instructions).toHaveText('Чтобы взять, нажмите пробел или Enter. Стрелки двигают, пробел или Enter отпускают, Escape отменяет.');
    await handle.focus();
    await page.keyboard.press('Space');
    await expect(spoken).toContainText('Взята группа «Семья».');
    // the drag library listens for the arrow keys a moment after the pick-up: a key pressed at once
    // can be lost, so press again until it lands (the group cannot go further up than the top)
    await expect(async () => {
      await page.keyboard.press('ArrowUp');
      await expect(spoken).toContainText('Место: группа «Праздники».', { timeout: 1000 });
    }).toPass();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/categories/order'));
    await page.keyboard.press('Space');
    await expect(spoken).toContainText('Отпущена группа «Семья». Место: группа «Праздники».');
    expect((await saved).status()).toBe(200);
    await expect.poll(groupOrder).toEqual(['Семья', 'Праздники']);
    await expect(spoken).not.toContainText(/Draggable|droppable|g:\d/);
  });

  test('a category moves by keyboard into an empty «Без группы», where the screen reader says it goes', async ({ page, request }) => {
    const me = await registerViaApi(request);
    const g = await api<{ id: number }>(request, me, 'post', '/api/category-groups', { name: 'Праздники' });
    for (const name of ['Первая', 'Новый год', 'Мама']) await api(request, me, 'post', '/api/categories', { name, group_id: g.id });
    await openSignedIn(page, me.token, '/categories');
    const names = (region: string) => page.getByRole('region', { name: region }).locator('[data-category-id]').allInnerTexts();
    await expect.poll(() => names('Праздники')).toEqual(['Первая', 'Новый год', 'Мама']);
    await expect.poll(() => names('Без группы')).toEqual([]);
    const spoken = page.locator('[id^="DndLiveRegion"]');
    /** Picks a chip up with Space, presses `key` until the reader hears `place`, drops it there and waits for the save. */
    const moveByKeyboard = async (chip: string, key: string, place: string) => {
      await page.getByRole('button', { name: chip, exact: true }).focus();
      await page.keyboard.press('Space');
      await expect(spoken).toContainText(`Взята категория «${chip}».`);
      // the drag library listens for arrows a moment after the pick-up: press until one lands
      await expect(async () => {
        await page.keyboard.press(key);
        await expect(spoken).toContainText(`Место: ${place}.`, { timeout: 1000 });
      }).toPass({ timeout: 10_000 });
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/categories/order'));
      await page.keyboard.press('Space');
      await expect(spoken).toContainText(`Отпущена категория «${chip}». Место: ${place}.`);
      expect((await saved).status()).toBe(200);
    };

    await moveByKeyboard('Мама', 'ArrowDown', 'без группы');
    await expect.poll(() => names('Без группы')).toEqual(['Мама']);
    await expect.poll(() => names('Праздники')).toEqual(['Первая', 'Новый год']);
    await page.reload();
    await expect.poll(() => names('Без группы')).toEqual(['Мама']);
    await expect.poll(() => names('Праздники')).toEqual(['Первая', 'Новый год']);

    // and along a group: one step right takes the next one's place
    await moveByKeyboard('Первая', 'ArrowRight', 'категория «Новый год»');
    await expect.poll(() => names('Праздники')).toEqual(['Новый год', 'Первая']);
    await expect.poll(() => names('Без группы')).toEqual(['Мама']);
  });

  test('delete-group confirmation texts, and its categories stay without a group', async ({ page, request }) => {
    const me = await registerViaApi(request);
    const g = await api<{ id: number }>(request, me, 'post', '/api/category-groups', { name: 'Работа' });
    await api(request, me, 'post', '/api/categories', { name: 'Коллегам', group_id: g.id });
    await openSignedIn(page, me.token, '/categories');
    await page.getByRole('button', { name: 'Действия с группой «Работа»' }).click();
    await page.getByRole('menuitem', { name: 'Удалить группу' }).click();
    const confirm = dialog(page);
    await expect(confirm.getByText('Вы действительно хотите удалить группу "Работа"?')).toBeVisible();
    await expect(confirm.getByText('При удалении группы все категории останутся с пометкой "Без группы"')).toBeVisible();
    await confirm.getByRole('button', { name: 'Удалить' }).click();
    await expect(page.getByRole('region', { name: 'Работа' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Без группы' }).getByText('Коллегам')).toBeVisible();
  });
});

test.describe('bookmarks', () => {
  test('bookmark and un-bookmark a postcard', async ({ page, request }) => {
    const me = await registerViaApi(request);
    await openSignedIn(page, me.token, '/bookmarks');
    await expect(page.getByText('В избранном пока пусто')).toBeVisible();

    await page.goto('/mychannels/9');
    const first = tiles(page).first();
    const id = await first.getAttribute('data-postcard-id');
    await first.getByRole('button', { name: /^Действия с открыткой/ }).click();
    await page.getByRole('menuitem', { name: 'Сохранить в избранное' }).click();
    await expect(toast(page, 'Добавлено в избранное')).toBeVisible();
    await expect.poll(async () => (await api<{ image_relation_id: number }[]>(request, me, 'get', '/api/bookmarks')).map((b) => b.image_relation_id)).toEqual([Number(id)]);

    await page.goto('/bookmarks');
    await expect(tiles(page)).toHaveCount(1);
    await expect(tiles(page).first()).toHaveAttribute('data-postcard-id', id!);
    await expect(tiles(page).first().getByRole('link')).toHaveAttribute('href', `/bookmarks/${id}`);
    await tiles(page).first().getByRole('button', { name: /^Действия с открыткой/ }).click();
    await page.getByRole('menuitem', { name: 'Убрать из избранного' }).click();
    await expect(tiles(page)).toHaveCount(0);
    await expect(page.getByText('В избранном пока пусто')).toBeVisible();
    await expect.poll(async () => (await api<unknown[]>(request, me, 'get', '/api/bookmarks')).length).toBe(0);
  });

  test('removing a favourite through its menu by keyboard leaves the focus on the next tile’s menu button', async ({ page, request }) => {
    const me = await registerViaApi(request);
    const gallery = (await (await request.get('/api/gallery?limit=3')).json()) as { items: { id: number }[] };
    expect(gallery.items).toHaveLength(3);
    for (const postcard of gallery.items) await api(request, me, 'post', '/api/bookmarks', { image_relation_id: postcard.id });
    await openSignedIn(page, me.token, '/bookmarks');
    const menus = page.getByRole('button', { name: /^Действия с открыткой/ });
    await expect(menus).toHaveCount(3);
    const linkOf = (tile: number) => page.getByRole('listitem').nth(tile).locator('a').first().getAttribute('href');
    const [second, third] = [await linkOf(1), await linkOf(2)];
    await menus.nth(1).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Убрать из избранного' }).focus();
    await page.keyboard.press('Enter');
    await expect(menus).toHaveCount(2);
    await expect(page.locator(`a[href="${second}"]`)).toHaveCount(0);
    // the focus is on the menu button of the tile that moved up into the removed one's place
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup'))).toBe('menu');
    expect(await page.evaluate(() => document.activeElement?.closest('[role=listitem]')?.querySelector('a')?.getAttribute('href'))).toBe(third);
  });
});

test.describe('gallery', () => {
  test('offline while scrolling: the cards shown stay, the next page says it failed, and loads once the connection is back', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const shown = () => tiles(page).count();
    await page.goto('/gallery');
    await expect(tiles(page).first()).toBeVisible();
    // the page after the first may already load near the end of a phone screen
    await page.waitForLoadState('networkidle');
    const first = await shown();
    expect(first).toBeGreaterThanOrEqual(20);

    await context.setOffline(true);
    for (let i = 0; i < 4; i++) await page.mouse.wheel(0, 2500);
    const failed = page.getByRole('alert').filter({ hasText: 'Не удалось загрузить продолжение' });
    await expect(failed).toBeVisible();
    expect(await shown()).toBe(first);
    await expect(page.getByText('Не удалось загрузить галерею')).toHaveCount(0);

    const next = page.waitForResponse((r) => r.url().includes('/api/gallery?') && r.url().includes('cursor='));
    await context.setOffline(false);
    expect((await next).status()).toBe(200);
    await expect.poll(shown).toBeGreaterThan(first);
    await expect(failed).toHaveCount(0);
    await context.close();
  });

  test('sorts, filters by category and loads more on scroll', async ({ browser, request }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const galleryIds = async (q: string) => {
      const res = await request.get(`/api/gallery${q}`);
      return ((await res.json()) as { items: { id: number }[] }).items.map((p) => String(p.id));
    };
    const shown = () => tiles(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-postcard-id')));

    await page.goto('/gallery');
    await expect(page.getByRole('heading', { name: 'Галерея' })).toBeVisible();
    await expect(tiles(page).first()).toBeVisible();
    expect((await shown()).slice(0, 20)).toEqual(await galleryIds(''));
    await expect(tiles(page).first().getByRole('link')).toHaveAttribute('href', /^\/mychannels\/9\/\d+\?category=&group=&sort=newest&from=gallery$/);

    // infinite scroll: more pages arrive as the end comes near, until the last one
    const cursorPage = page.waitForResponse((r) => r.url().includes('/api/gallery?') && r.url().includes('cursor='));
    for (let i = 0; i < 6; i++) await page.mouse.wheel(0, 2500);
    await cursorPage;
    await expect.poll(async () => (await shown()).length).toBeGreaterThan(20);
    // keep scrolling until the end of the gallery says so
    await expect(async () => {
      await page.mouse.wheel(0, 4000);
      await expect(page.getByText('Вы посмотрели все открытки')).toBeVisible({ timeout: 1000 });
    }).toPass();
    const all = await shown();
    expect(new Set(all).size).toBe(all.length);

    // sort
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('radio', { name: 'Популярные', exact: true }).click();
    await expect(page).toHaveURL(/\/gallery\?sort=popular$/);
    await expect.poll(async () => (await shown()).slice(0, 20)).toEqual(await galleryIds('?sort=popular'));

    // category chip
    const chips = (await (await request.get('/api/gallery/chips')).json()) as { categories: { id: number; name: string }[] };
    const category = chips.categories.find((c) => c.name === 'Новый год')!;
    await page.getByRole('group', { name: 'Категории' }).getByRole('button', { name: 'Новый год' }).click();
    await expect(page).toHaveURL(new RegExp(`category=${category.id}`));
    await expect.poll(async () => (await shown()).slice(0, 20)).toEqual(await galleryIds(`?category=${category.id}&sort=popular`));
    await expect(tiles(page).first().getByRole('link')).toHaveAttribute('href', new RegExp(`\\?category=${category.id}&group=&sort=popular&from=gallery$`));
    await context.close();
  });

  test('a 24-hour sort that finds nothing says so, not that the category is empty, and offers the same sort over all time', async ({ page, request }) => {
    // someone's own category: empty in the gallery, and not among the gallery's chips (other tests read those)
    const someone = await registerViaApi(request);
    const category = await api<{ id: number }>(request, someone, 'post', '/api/categories', { name: 'Пусто' });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/gallery?sort=popular24h&category=${category.id}`);
    await expect(page.getByRole('heading', { name: 'За последние 24 часа здесь новых открыток нет' })).toBeVisible();
    await expect(page.getByText('В этой категории пока нет открыток')).toHaveCount(0);
    await page.getByRole('button', { name: 'Показать за всё время' }).click();
    await expect(page).toHaveURL(/sort=popular(&|$)/);
    await expect(page.getByRole('radio', { name: 'Популярные', exact: true })).toHaveAttribute('aria-checked', 'true');
    // over all time this category is empty indeed, and it says that
    await expect(page.getByRole('heading', { name: 'В этой категории пока нет открыток' })).toBeVisible();
  });
});
