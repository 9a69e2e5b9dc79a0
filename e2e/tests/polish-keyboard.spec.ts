import { expect, test } from '@playwright/test';
import { authHeader, openSignedIn, registerViaApi, signedInAsModerator } from '../helpers';
import { addPostcard, makeChannel } from './polish-helpers';

/**
 * A button that is disabled while its request runs drops the browser's focus to <body>; a keyboard
 * user then had to Tab from the top of the page after every sandbox vote.
 */
test('voting in the sandbox by keyboard keeps the focus on «Одобрить» for the next postcard', async ({ page, request }) => {
  const author = await registerViaApi(request);
  const voter = await registerViaApi(request);
  const channel = await makeChannel(request, author.token);
  for (const description of ['Первая на голосовании', 'Вторая на голосовании', 'Третья на голосовании']) {
    await addPostcard(request, author.token, channel, { description });
  }
  await openSignedIn(page, voter.token, '/sandbox');
  const card = page.getByTestId('review-card');
  const approve = page.getByRole('button', { name: 'Одобрить' });
  await approve.focus();
  for (let vote = 0; vote < 2; vote += 1) {
    const shown = await card.getAttribute('data-postcard-id');
    await page.keyboard.press('Enter');
    await expect(card).not.toHaveAttribute('data-postcard-id', shown!);
    await expect(approve).toBeFocused();
  }
});

test('in the greeting wizard on a phone, a control reached by Tab is not hidden under the sticky step buttons', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const me = await registerViaApi(request);
  const postcard = ((await (await request.get('/api/gallery?limit=1')).json()) as { items: { id: number; collection_id: number }[] }).items[0]!;
  await openSignedIn(page, me.token, `/mychannels/${postcard.collection_id}/${postcard.id}/create-congratulation`);
  await page.getByRole('textbox', { name: 'Имя получателя' }).fill('Маме');
  await page.getByRole('button', { name: 'Далее' }).click();
  await page.getByRole('textbox', { name: 'Текст поздравления' }).fill('С праздником!');
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(page.getByRole('heading', { name: 'Подарок энергии - Шаг 3' })).toBeVisible();
  const toggle = page.getByRole('switch', { name: 'Открыть в день праздника' });
  for (let i = 0; i < 12 && !(await toggle.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
  await expect(toggle).toBeFocused();
  // what a finger (or the eye) finds at the switch's middle is the switch itself, not the step buttons over it
  await expect
    .poll(() =>
      toggle.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
      }),
    )
    .toBe(true);
});

test('removing a favourite through its menu by keyboard leaves the focus on the next tile’s menu button', async ({ page, request }) => {
  const me = await registerViaApi(request);
  const gallery = (await (await request.get('/api/gallery?limit=3')).json()) as { items: { id: number }[] };
  expect(gallery.items).toHaveLength(3);
  for (const postcard of gallery.items) {
    const res = await request.post('/api/bookmarks', { headers: authHeader(me.token), data: { image_relation_id: postcard.id } });
    expect(res.status(), await res.text()).toBeLessThan(300);
  }
  await openSignedIn(page, me.token, '/bookmarks');
  const tiles = page.getByRole('listitem');
  const menus = page.getByRole('button', { name: /^Действия с открыткой/ });
  await expect(menus).toHaveCount(3);
  const linkOf = (tile: number) => tiles.nth(tile).locator('a').first().getAttribute('href');
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

test('on the sender’s preview of a greeting, Tab reaches «Назад» and the share button at the top before the stage, as on screen', async ({ page, request }) => {
  const me = await registerViaApi(request);
  const gallery = (await (await request.get('/api/gallery?limit=1')).json()) as { items: { id: number }[] };
  const created = await request.post('/api/greetings', {
    headers: authHeader(me.token),
    data: { image_relations_id: gallery.items[0]!.id, to_whom: 'Маме', greeting: 'С праздником!', from_whom: 'Сын' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.setViewportSize({ width: 390, height: 844 });
  await openSignedIn(page, me.token, `/greeting/${id}`);
  await expect(page.getByText('Предпросмотр поздравления')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Смотреть открытку' })).toBeVisible();
  // walking back from the stage's button goes up the screen: the share button, then «Назад»
  await page.getByRole('button', { name: 'Смотреть открытку' }).focus();
  const order: string[] = [];
  for (let i = 0; i < 2; i += 1) {
    await page.keyboard.press('Shift+Tab');
    order.push(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? ''));
  }
  expect(order).toEqual(['Поделиться', 'Назад']);
});

test('after approving a postcard on its own page by keyboard, the focus lands on the next card of the queue, not at the top', async ({ page, request }) => {
  const author = await registerViaApi(request);
  const channel = await makeChannel(request, author.token);
  const first = await addPostcard(request, author.token, channel, { description: 'На модерацию, первая' });
  await addPostcard(request, author.token, channel, { description: 'На модерацию, вторая' });
  await signedInAsModerator(page, `/moderator/${first}`);
  const approve = page.getByRole('button', { name: 'Одобрить' });
  await approve.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/moderator$/);
  await expect(page.getByText('Открытка одобрена')).toBeVisible();
  const nextCard = page.getByTestId('moderation-card').first().getByRole('link', { name: /^Модерировать/ });
  await expect(nextCard).toBeFocused();
  await expect(page.locator(`[data-testid=moderation-card][data-postcard-id="${first}"]`)).toHaveCount(0);

  // by mouse the page stays where it opens: no focus moved down the list
  const second = await addPostcard(request, author.token, channel, { description: 'На модерацию, третья' });
  await page.goto(`/moderator/${second}`);
  await page.getByRole('button', { name: 'Одобрить' }).click();
  await expect(page).toHaveURL(/\/moderator$/);
  await expect(page.getByTestId('moderation-queue')).toBeVisible();
  await expect(nextCard).not.toBeFocused();
});

test('after banning a reported postcard by keyboard, the focus stays in the list of reports', async ({ page, request }) => {
  const author = await registerViaApi(request);
  const reporter = await registerViaApi(request);
  const channel = await makeChannel(request, author.token);
  const reported = [await addPostcard(request, author.token, channel), await addPostcard(request, author.token, channel)];
  for (const id of reported) {
    const res = await request.post('/api/complaints', { headers: authHeader(reporter.token), data: { image_relation_id: id, reason: 'violence' } });
    expect(res.status()).toBe(201);
  }
  await signedInAsModerator(page, '/moderator');
  await page.getByRole('tab', { name: 'Жалобы' }).click();
  const item = page.locator(`[data-testid=reported-postcard][data-postcard-id="${reported[0]}"]`);
  await item.getByRole('button', { name: 'Заблокировать' }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: `Заблокировать открытку № ${reported[0]}?` });
  await confirm.getByRole('button', { name: 'Заблокировать' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Открытка № ${reported[0]} заблокирована`)).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('list', { name: 'Жалобы' })).toBeFocused();
});
