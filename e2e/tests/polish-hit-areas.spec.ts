import { expect, type Locator, test } from '@playwright/test';
import { authHeader, dialog, openSignedIn, registerViaApi } from '../helpers';

/**
 * A sender's review on phones (26 November) found controls a finger misses: the share sheet's
 * «Копировать» and «Показать QR-код» (32 px tall), the icons of a greeting row (40 px), the date
 * switch of the wizard (28 px). They keep their drawn size; what a tap hits is 44 px.
 */
const PHONE = { width: 360, height: 740 };
/** 44 px, read in whole-pixel steps from a centre that may fall between pixels */
const FINGER = 43;

/** How far through its centre, across and down, a tap still lands on the control. */
const hitSize = (control: Locator) =>
  control.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const [cx, cy] = [r.left + r.width / 2, r.top + r.height / 2];
    const hits = (x: number, y: number) => {
      const at = document.elementFromPoint(x, y);
      return !!at && (at === el || el.contains(at));
    };
    const reach = (dx: number, dy: number) => {
      let n = 0;
      while (n < 80 && hits(cx + dx * (n + 1), cy + dy * (n + 1))) n++;
      return n;
    };
    return { width: reach(-1, 0) + reach(1, 0) + 1, height: reach(0, -1) + reach(0, 1) + 1 };
  });

test('a greeting row, the share sheet and the date switch are 44 px to a finger on a 360 px phone', async ({ page, request }) => {
  const sender = await registerViaApi(request);
  const gallery = (await (await request.get('/api/gallery?limit=1')).json()) as { items: { id: number; collection_id: number }[] };
  const postcard = gallery.items[0]!;
  const res = await request.post('/api/greetings', {
    headers: authHeader(sender.token),
    data: { image_relations_id: postcard.id, to_whom: 'Маме', greeting: 'С праздником!', from_whom: 'Аня' },
  });
  expect(res.status()).toBe(201);
  await page.setViewportSize(PHONE);
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true }));
  await openSignedIn(page, sender.token, '/congratulations');

  for (const name of ['Посмотреть', 'Поделиться']) {
    const size = await hitSize(page.getByRole('button', { name }).first());
    expect(size.height, `${name} (height)`).toBeGreaterThanOrEqual(FINGER);
    expect(size.width, `${name} (width)`).toBeGreaterThanOrEqual(FINGER);
  }
  await page.getByRole('button', { name: 'Поделиться' }).first().click();
  const sheet = dialog(page);
  for (const name of ['Копировать', 'Показать QR-код']) {
    const control = sheet.getByRole('button', { name });
    await expect(control).toBeVisible();
    expect((await control.boundingBox())!.height, `${name} is drawn at its small size`).toBeLessThan(40);
    expect((await hitSize(control)).height, name).toBeGreaterThanOrEqual(FINGER);
  }
  await page.keyboard.press('Escape');

  await page.goto(`/mychannels/${postcard.collection_id}/${postcard.id}/create-congratulation`);
  await page.getByRole('button', { name: 'Пропустить' }).click();
  await page.getByRole('button', { name: 'Пропустить' }).click();
  const toggle = page.getByRole('switch', { name: 'Открыть в день праздника' });
  await expect(toggle).toBeVisible();
  await toggle.evaluate((el) => el.scrollIntoView({ block: 'center' })); // clear of the wizard's buttons
  expect((await hitSize(toggle)).height).toBeGreaterThanOrEqual(FINGER);
});

test("the wizard's preview shows the whole recipient's name a sender typed, on a 360 px phone", async ({ page, request }) => {
  const sender = await registerViaApi(request);
  const gallery = (await (await request.get('/api/gallery?limit=1')).json()) as { items: { id: number; collection_id: number }[] };
  const postcard = gallery.items[0]!;
  await page.setViewportSize(PHONE);
  await openSignedIn(page, sender.token, `/mychannels/${postcard.collection_id}/${postcard.id}/create-congratulation`);
  await page.getByLabel('Имя получателя').fill('Бабушке Гале 🌸');
  const name = page.getByTestId('wizard-preview-to');
  await expect(name).toHaveText('Бабушке Гале 🌸');
  const cut = await name.evaluate((el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight);
  expect(cut, 'the name is cut').toBe(false);
});

test("a long greeting scrolls below the page's floating buttons, never under them", async ({ page, request }) => {
  const sender = await registerViaApi(request);
  const gallery = (await (await request.get('/api/gallery?limit=1')).json()) as { items: { id: number }[] };
  const res = await request.post('/api/greetings', {
    headers: authHeader(sender.token),
    data: { image_relations_id: gallery.items[0]!.id, to_whom: 'Маме', greeting: 'С праздником! '.repeat(60), from_whom: 'Аня' },
  });
  const { id } = (await res.json()) as { id: string };
  await page.setViewportSize({ width: 390, height: 844 });
  await openSignedIn(page, sender.token, `/greeting/${id}?view=true`);
  await expect(page.getByRole('heading', { name: 'Маме' })).toBeVisible();
  await page.getByTestId('greeting-scroll').evaluate((el) => el.scrollBy(0, 400));
  const back = (await page.getByRole('button', { name: 'Назад' }).first().boundingBox())!;
  const under = await page.evaluate(
    ([x, y]) => document.elementsFromPoint(x!, y!).some((el) => !!el.closest('article')),
    [back.x + back.width / 2, back.y + back.height / 2],
  );
  expect(under, 'the greeting text lies under «Назад»').toBe(false);
});

test("the game bar's level, the hub's tabs and a group's drag handle are 44 px to a finger on a 360 px phone", async ({ page, request }) => {
  const player = await registerViaApi(request);
  await request.post('/api/category-groups', { headers: authHeader(player.token), data: { name: 'Праздники' } });
  await page.setViewportSize(PHONE);
  await openSignedIn(page, player.token, '/game-data?tab=quests');
  const bar = page.getByRole('toolbar', { name: 'Игровая панель' });
  const checks: [string, Locator][] = [
    ['level', bar.getByRole('link', { name: /Уровень/ })],
    ['tab', page.getByRole('tab', { name: /Достижения/ })],
  ];
  for (const [what, control] of checks) {
    await expect(control).toBeVisible();
    const size = await hitSize(control);
    expect(size.height, `${what} (height)`).toBeGreaterThanOrEqual(FINGER);
    expect(size.width, `${what} (width)`).toBeGreaterThanOrEqual(FINGER);
  }
  await page.goto('/categories');
  const handle = page.getByRole('button', { name: 'Перетащить группу «Праздники»' });
  await expect(handle).toBeVisible();
  expect((await hitSize(handle)).height).toBeGreaterThanOrEqual(FINGER);
});

test("a category's actions button is 44 px to a finger", async ({ page, request }) => {
  const owner = await registerViaApi(request);
  const headers = authHeader(owner.token);
  const group = (await (await request.post('/api/category-groups', { headers, data: { name: 'Семья' } })).json()) as { id: number };
  for (const name of ['Мама', 'Папа']) expect((await request.post('/api/categories', { headers, data: { name, group_id: group.id } })).status()).toBe(201);
  await page.setViewportSize(PHONE);
  await openSignedIn(page, owner.token, '/categories');
  const menu = page.getByRole('button', { name: 'Действия с категорией «Мама»' });
  await expect(menu).toBeVisible();
  const size = await hitSize(menu);
  expect(size.height).toBeGreaterThanOrEqual(FINGER);
  expect(size.width).toBeGreaterThanOrEqual(FINGER);
  await menu.click({ position: { x: 20, y: -1 } }); // just above the drawn button, within a finger's reach
  await expect(page.getByRole('menuitem', { name: 'Удалить' })).toBeVisible();
});

test('a double-barrelled name breaks after its hyphen on a 360 px phone, never inside a word', async ({ page, request }) => {
  const sender = await registerViaApi(request);
  const gallery = (await (await request.get('/api/gallery?limit=1')).json()) as { items: { id: number }[] };
  const res = await request.post('/api/greetings', {
    headers: authHeader(sender.token),
    data: { image_relations_id: gallery.items[0]!.id, to_whom: 'Рождественская-Васильева', greeting: 'С праздником!', from_whom: 'Аня' },
  });
  const { id } = (await res.json()) as { id: string };
  await page.setViewportSize(PHONE);
  for (const path of [`/greeting/${id}`, `/greeting/${id}?view=true`]) {
    await page.goto(path);
    const name = page.getByRole('heading', { level: 1, name: 'Рождественская-Васильева' });
    await expect(name).toBeVisible();
    // how many lines each part spans: one each, so the only break is the one after the hyphen
    const lines = await name.evaluate((h) => {
      const text = [...h.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.includes('-'))!;
      const cut = text.textContent!.indexOf('-') + 1;
      const span = (from: number, to: number) => {
        const r = document.createRange();
        r.setStart(text, from);
        r.setEnd(text, to);
        return new Set([...r.getClientRects()].map((rect) => Math.round(rect.top))).size;
      };
      return [span(0, cut), span(cut, text.textContent!.length)];
    });
    expect(lines, path).toEqual([1, 1]);
  }
});
