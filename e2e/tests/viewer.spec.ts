import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type Browser, type Page, expect, test } from '@playwright/test';
import { authHeader, dialog, loginViaApi, MODERATOR, nextFrames, openSignedIn, registerViaApi, signedInAsModerator, swipe as touchSwipe, toast } from '../helpers';

/**
 * The viewer, credits, likes, reports, the sandbox and the moderator panel, end to end.
 * Every test builds its own users and postcards through the API; the moderator is the seeded
 * account `moderator` (user 22).
 */

const FIXTURES = path.resolve(import.meta.dirname, '../../server/test/fixtures');
const MEDIA: Record<string, string> = { 'photo.jpg': 'image/jpeg', 'card.png': 'image/png', 'anim.gif': 'image/gif', 'clip.mp4': 'video/mp4' };

interface Account {
  token: string;
}

const register = (request: APIRequestContext): Promise<Account> => registerViaApi(request);
const signInModerator = (request: APIRequestContext): Promise<Account> => loginViaApi(request, MODERATOR.login, MODERATOR.password);
const auth = (a: Account) => authHeader(a.token);

let seq = 0;
async function makeChannel(request: APIRequestContext, owner: Account): Promise<number> {
  const res = await request.post('/api/collections', { headers: auth(owner), data: { name: `Канал ${++seq}`, description: 'Канал для проверки' } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id;
}

/** A postcard in a channel, approved by the moderator unless `pending` (only owners and moderators see a pending one). */
async function addPostcard(request: APIRequestContext, owner: Account, channelId: number, file: string, description: string, { pending = false } = {}): Promise<number> {
  const upload = await request.post('/api/uploads/upload', {
    headers: auth(owner),
    multipart: { file: { name: file, mimeType: MEDIA[file]!, buffer: fs.readFileSync(path.join(FIXTURES, file)) } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const res = await request.post('/api/image_relations', {
    headers: auth(owner),
    data: { upload_id: (await upload.json()).id, collection_id: channelId, description },
  });
  expect(res.status(), await res.text()).toBe(201);
  const id: number = (await res.json()).id;
  if (pending) return id;
  const moderator = await loginViaApi(request, MODERATOR.login, MODERATOR.password);
  const approved = await request.post(`/api/moderation/${id}/approve`, { headers: authHeader(moderator.token) });
  expect(approved.status(), await approved.text()).toBe(200);
  return id;
}

/** A new owner's channel with three approved postcards (a photo, a png, a gif), oldest first. */
async function channelOfThree(request: APIRequestContext, descriptions: [string, string, string]) {
  const owner = await register(request);
  const channel = await makeChannel(request, owner);
  const ids: number[] = [];
  for (const [i, file] of (['photo.jpg', 'card.png', 'anim.gif'] as const).entries()) ids.push(await addPostcard(request, owner, channel, file, descriptions[i]!));
  return { owner, channel, ids };
}

/** A vertical one-finger swipe through the middle of the screen (negative dy: up, to the next card). */
async function swipe(page: Page, dy: number) {
  const vp = page.viewportSize()!;
  const from = { x: vp.width / 2, y: vp.height / 2 + (dy < 0 ? 150 : -150) };
  await touchSwipe(page, from, { x: from.x, y: from.y + dy });
}

const activeCard = (page: Page) => page.locator('[data-card-id][data-active]');

test.describe('viewer', () => {
  test('an address whose ids are no ids says the postcard is not found, instead of a blank or ever-loading page', async ({ page, request }) => {
    const me = await register(request);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await openSignedIn(page, me.token, '/gallery');
    // the last two are links cut short mid-character, which the server sends on with the bad part made literal
    for (const url of ['/sandbox/abc', '/bookmarks/abc', '/mychannels/1/abc', '/mychannels/abc/5', '/sandbox/%E0%A4%A', '/mychannels/1/5%D0']) {
      await page.goto(url);
      await expect(page.getByText('Открытка не найдена'), url).toBeVisible();
      // a sandbox link leads back to the sandbox
      const [name, href] = url.startsWith('/sandbox/') ? ['В песочницу', '/sandbox'] : ['В галерею', '/gallery'];
      await expect(page.getByRole('link', { name }), url).toHaveAttribute('href', href);
    }
    expect(errors).toEqual([]);
  });

  test('swipes through a channel on a phone, oldest first, replacing the history entry', async ({ browser, request }) => {
    test.setTimeout(60_000);
    const owner = await register(request);
    const channel = await makeChannel(request, owner);
    const ids = [
      await addPostcard(request, owner, channel, 'photo.jpg', 'Первая открытка канала'),
      await addPostcard(request, owner, channel, 'anim.gif', 'Вторая открытка, анимация'),
      await addPostcard(request, owner, channel, 'clip.mp4', 'Третья открытка, видео'),
    ];
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    // every move replaces the history entry: record them all, so an extra move cannot hide
    await page.addInitScript(() => {
      const w = window as unknown as { cardMoves: string[] };
      w.cardMoves = [];
      const replace = history.replaceState.bind(history);
      history.replaceState = (data, unused, url) => {
        if (url) w.cardMoves.push(String(url).split('?')[0]!.split('/').pop()!);
        replace(data, unused, url);
      };
    });
    const moves = () => page.evaluate(() => (window as unknown as { cardMoves: string[] }).cardMoves.map(Number));
    await openSignedIn(page, owner.token, `/mychannels/${channel}/${ids[0]}?category=`);
    await expect(activeCard(page)).toHaveAttribute('data-card-id', String(ids[0]));
    const historyLength = await page.evaluate(() => history.length);

    // a short drag is not a swipe
    await swipe(page, -30);

    await swipe(page, -200);
    await expect(page).toHaveURL(new RegExp(`/mychannels/${channel}/${ids[1]}\\?category=$`));
    await expect(activeCard(page)).toHaveAttribute('data-card-id', String(ids[1]));
    await expect(activeCard(page).locator('img[data-media="gif"]')).toBeVisible();

    await swipe(page, -200);
    await expect(page).toHaveURL(new RegExp(`/${ids[2]}\\?category=$`));
    const video = activeCard(page).locator('video');
    await expect(video).toHaveJSProperty('muted', true);
    await expect(video).toHaveAttribute('playsinline', '');
    await expect(video).toHaveJSProperty('loop', true);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);

    // the sound toggle unmutes and is remembered in the browser as shorts_sound_enabled
    await page.getByTestId('sound-button').click();
    await expect(video).toHaveJSProperty('muted', false);
    expect(await page.evaluate(() => localStorage.getItem('shorts_sound_enabled'))).toBe('true');
    await page.getByTestId('sound-button').click();
    await expect(video).toHaveJSProperty('muted', true);
    expect(await page.evaluate(() => localStorage.getItem('shorts_sound_enabled'))).toBe('false');

    // a swipe past the last card stays on it
    await swipe(page, -200);
    await swipe(page, 200);
    await expect(page).toHaveURL(new RegExp(`/${ids[1]}\\?category=$`));
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
    // exactly three moves: the short drag and the swipe past the end made none
    expect(await moves()).toEqual([ids[1], ids[2], ids[1]]);

    // no visible header on a phone: the floating back button returns to the channel
    // the header is for screen readers only here: its title, not its back button
    expect((await page.getByTestId('viewer-header').boundingBox())!.width).toBeLessThanOrEqual(1);
    await expect(page.getByTestId('viewer-header').getByRole('button')).toBeHidden();
    await page.getByTestId('viewer-back').click();
    await expect(page).toHaveURL(new RegExp(`/mychannels/${channel}$`));
    await context.close();
  });

  test('moves with the arrow keys and the arrow buttons on a desktop', async ({ browser, request }) => {
    const { owner, channel, ids } = await channelOfThree(request, ['Открытка номер один', 'Открытка номер два', 'Открытка номер три']);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.clock.install(); // runs in real time until the test pauses it below
    await openSignedIn(page, owner.token, `/mychannels/${channel}/${ids[1]}`);
    await expect(activeCard(page)).toHaveAttribute('data-card-id', String(ids[1]));
    await expect(page.getByTestId('viewer-header')).toBeVisible();
    await expect(page.getByTestId('viewer-header')).toHaveCSS('height', '56px');

    await page.keyboard.press('ArrowDown');
    await expect(page).toHaveURL(new RegExp(`/${ids[2]}$`));
    await expect(page.getByTestId('viewer-next')).toBeHidden(); // the last card
    await page.keyboard.press('ArrowUp');
    await expect(page).toHaveURL(new RegExp(`/${ids[1]}$`));
    await page.keyboard.press('ArrowLeft');
    await expect(page).toHaveURL(new RegExp(`/${ids[0]}$`));
    await expect(page.getByTestId('viewer-prev')).toBeHidden(); // the first card
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(new RegExp(`/${ids[1]}$`));
    await page.getByTestId('viewer-next').click();
    await expect(page).toHaveURL(new RegExp(`/${ids[2]}$`));

    // A press the other way during the 350 ms slide is ignored. The page's clock is stepped by hand,
    // so "during the slide" does not depend on how busy the machine is.
    // the wheel moves too (a delta over 30)
    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, -120);
    await expect(page).toHaveURL(new RegExp(`/${ids[1]}$`));
    await expect(activeCard(page)).toHaveAttribute('data-card-id', String(ids[1]));
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await page.keyboard.press('ArrowDown');
    await page.clock.runFor(150);
    await page.keyboard.press('ArrowUp');
    await page.clock.runFor(1000);
    await page.clock.resume();
    await expect(page).toHaveURL(new RegExp(`/${ids[2]}$`));
    await expect(activeCard(page)).toHaveAttribute('data-card-id', String(ids[2]));
    await context.close();
  });

  test('Escape closes the viewer, and the focus goes back to the tile of the card last on screen', async ({ browser, request }) => {
    const { owner, channel } = await channelOfThree(request, ['Открытка номер один', 'Открытка номер два', 'Открытка номер три']);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await openSignedIn(page, owner.token, `/mychannels/${channel}`);
    const firstTile = page.locator('[data-postcard-id] a').first();
    await firstTile.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('viewer')).toBeVisible();
    await page.keyboard.press('ArrowDown');
    const shown = await activeCard(page).getAttribute('data-card-id');
    await expect(page).toHaveURL(new RegExp(`/${shown}$`));
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('viewer')).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/mychannels/${channel}$`));
    await expect(page.locator(`[data-postcard-id="${shown}"] a`)).toBeFocused();
    await context.close();
  });

  test('opened from the keyboard on a phone, the viewer takes the focus on its title, «Назад» comes first, and a new card\'s title is announced', async ({ browser, request }) => {
    const { owner, channel } = await channelOfThree(request, ['Открытка номер один', 'Открытка номер два', 'Открытка номер три']);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await openSignedIn(page, owner.token, `/mychannels/${channel}`);
    const firstTile = page.locator('[data-postcard-id] a').first();
    await firstTile.focus();
    await page.keyboard.press('Enter');
    // the viewer's own heading: on a busy machine the channel's heading holds the focus while the viewer loads
    const title = page.getByRole('heading', { level: 1, name: /Открытка номер/ });
    await expect(title).toBeFocused();
    const first = (await title.textContent())!;
    await expect(title).toHaveAttribute('aria-live', 'polite');
    // the grid's first tile is the newest, the channel's last card (oldest first): the one before it
    await page.keyboard.press('ArrowUp');
    await expect(title).not.toHaveText(first);
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('viewer-back')).toBeFocused();
    await context.close();
  });

  test('the owner deletes the card the viewer opened at: the next card shows, and stays after the listing reloads', async ({ browser, request }) => {
    const { owner, channel, ids } = await channelOfThree(request, ['Открытка перед удаляемой', 'Открытка, которую удалят', 'Открытка после удаляемой']);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await openSignedIn(page, owner.token, `/mychannels/${channel}/${ids[1]}`);
    await expect(activeCard(page)).toHaveAttribute('data-card-id', String(ids[1]));
    await page.getByTestId('options-button').click();
    // the owner edits or deletes their postcard; reporting it is for others
    await expect(page.getByRole('menuitem', { name: 'Изменить открытку' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Пожаловаться' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Удалить открытку' }).click();
    const confirm = dialog(page);
    await expect(confirm).toContainText('Удалить эту открытку? Это действие нельзя отменить.');
    const reloaded = page.waitForResponse((r) => r.url().includes(`/api/collections/${channel}/window`) && r.url().includes(`id=${ids[2]}`));
    const windowsAsked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes(`/api/collections/${channel}/window`)) windowsAsked.push(new URL(r.url()).searchParams.get('id')!);
    });
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await confirm.getByRole('button', { name: 'Удалить' }).click();
    await expect(toast(page, 'Открытка удалена')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/mychannels/${channel}/${ids[2]}$`));
    // the window held the deleted card: it is asked for again around the card now on screen, and
    // never around the deleted one (a 404 in the console)
    expect((await reloaded).status()).toBe(200);
    expect(windowsAsked).not.toContain(String(ids[1]));
    expect(errors).toEqual([]);
    await expect(activeCard(page)).toHaveAttribute('data-card-id', String(ids[2]));
    await expect(page.getByText('Открытка не найдена')).toHaveCount(0);
    await page.keyboard.press('ArrowUp');
    await expect(page).toHaveURL(new RegExp(`/mychannels/${channel}/${ids[0]}$`));
    await expect(page.getByTestId('viewer-header')).toContainText('2 открытки');
    await context.close();
  });

  test('a like changes the count and survives a reload; visitors are asked to sign in', async ({ browser, request }) => {
    const owner = await register(request);
    const liker = await register(request);
    const channel = await makeChannel(request, owner);
    const id = await addPostcard(request, owner, channel, 'card.png', 'Открытка, которую лайкнут');

    const visitor = await browser.newPage();
    await visitor.goto(`/mychannels/${channel}/${id}`);
    await visitor.getByTestId('like-button').click();
    await expect(visitor.getByRole('dialog', { name: 'Вход' })).toBeVisible();
    await expect(visitor.getByText('Необходима авторизация для голосования')).toHaveCount(0);
    await visitor.close();

    const page = await browser.newPage();
    await openSignedIn(page, liker.token, `/mychannels/${channel}/${id}`);
    const like = page.getByTestId('like-button');
    await expect(page.getByTestId('like-button-count')).toHaveText('0');
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await like.click();
    await expect(page.getByTestId('like-button-count')).toHaveText('1');
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    // back to the channel and into the card again, without a reload: no stale count from the cache
    await page.getByTestId('viewer-header').getByRole('button', { name: 'Назад' }).click();
    await expect(page).toHaveURL(new RegExp(`/mychannels/${channel}$`));
    await page.locator(`a[href="/mychannels/${channel}/${id}"]`).first().click();
    await expect(page.getByTestId('like-button-count')).toHaveText('1');
    await page.reload();
    await expect(page.getByTestId('like-button-count')).toHaveText('1');
    await expect(page.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'true');
    await page.close();
  });

  test('sends a report with a comment for the reason "other"', async ({ browser, request }) => {
    const owner = await register(request);
    const channel = await makeChannel(request, owner);
    const id = await addPostcard(request, owner, channel, 'photo.jpg', 'Открытка, на которую пожалуются');
    const page = await browser.newPage();
    await page.goto(`/mychannels/${channel}/${id}`);
    await page.getByTestId('options-button').click();
    await page.getByRole('menuitem', { name: 'Пожаловаться' }).click();
    const form = page.getByTestId('report-form');
    // no reason is chosen for the reporter
    await expect(form.getByLabel('Не нравится')).not.toBeChecked();
    await expect(form.getByRole('textbox')).toBeHidden();
    await form.getByLabel('Другое').check();
    await form.getByRole('textbox').fill('Это реклама, а не открытка');
    await form.getByRole('button', { name: 'Отправить' }).click();
    await expect(page.getByText('Жалоба успешно отправлена!')).toBeVisible();
    await expect(form).toBeHidden();

    const moderator = await signInModerator(request);
    const reports = await (await request.get('/api/moderation/complaints?limit=100', { headers: auth(moderator) })).json();
    const mine = reports.items.find((i: { postcard: { id: number } }) => i.postcard.id === id);
    expect(mine.reasons).toEqual([{ reason: 'other', count: 1 }]);
    expect(mine.comments[0].comment).toBe('Это реклама, а не открытка');
    await page.close();
  });
});

test.describe('credits and views', () => {
  test('the info sheet credits the author, links the original, names the uploader apart and counts a view once a day', async ({ page, request }) => {
    const owner = await registerViaApi(request);
    const channel = await makeChannel(request, owner);
    const upload = await request.post('/api/uploads/upload', {
      headers: auth(owner),
      multipart: { file: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: fs.readFileSync(path.join(FIXTURES, 'photo.jpg')) } },
    });
    const res = await request.post('/api/image_relations', {
      headers: auth(owner),
      data: { upload_id: (await upload.json()).id, collection_id: channel, description: 'Открытка с автором и источником', author_name: 'Мария Художница', source_url: 'https://example.org/original/1' },
    });
    expect(res.status(), await res.text()).toBe(201);
    const id: number = (await res.json()).id;
    expect((await request.post(`/api/moderation/${id}/approve`, { headers: auth(await signInModerator(request)) })).ok()).toBe(true);

    const viewer = await register(request);
    await openSignedIn(page, viewer.token, `/mychannels/${channel}/${id}`);
    await expect(activeCard(page)).toHaveAttribute('data-card-id', String(id));
    await page.getByTestId('info-button').click();
    const info = dialog(page);
    await expect(info.getByTestId('info-author')).toHaveText('Мария Художница');
    await expect(info.getByTestId('info-source').getByRole('link', { name: 'example.org' })).toHaveAttribute('href', 'https://example.org/original/1');
    await expect(info.getByTestId('info-uploader')).toHaveText(owner.username);
    await expect(info.getByTestId('info-views')).toHaveText('1');
    await expect(info.getByTestId('info-likes')).toHaveText('0');

    // a second visit the same day is not a second view
    await page.reload();
    await page.getByTestId('info-button').click();
    await expect(dialog(page).getByTestId('info-views')).toHaveText('1');
    const stats = (await (await request.get(`/api/image_relations/${id}`)).json()) as { stats: Record<string, number> };
    expect(stats.stats).toEqual({ views: 1, reposts: 0, bookmarks: 0 });
  });

  test('the owner edits the author and the link to the original from the viewer, and the info sheet shows them', async ({ page, request }) => {
    const owner = await register(request);
    const channel = await makeChannel(request, owner);
    const id = await addPostcard(request, owner, channel, 'photo.jpg', 'Открытка без автора пока', { pending: true });
    await openSignedIn(page, owner.token, `/mychannels/${channel}/${id}`);
    await expect(activeCard(page)).toHaveAttribute('data-card-id', String(id));
    await page.getByTestId('options-button').click();
    await page.getByRole('menuitem', { name: 'Изменить открытку' }).click();
    const form = dialog(page);
    await form.getByRole('textbox', { name: /Автор работы/ }).fill('Иван Иванов');
    await form.getByRole('textbox', { name: /Ссылка на оригинал/ }).fill('ftp://example.org/x');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await expect(form.getByText('Ссылка на оригинал должна начинаться с http:// или https://')).toBeVisible();
    await form.getByRole('textbox', { name: /Ссылка на оригинал/ }).fill('https://example.org/ivan');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await expect(form).toHaveCount(0);
    await page.getByTestId('info-button').click();
    await expect(dialog(page).getByTestId('info-author')).toHaveText('Иван Иванов');
    await expect(dialog(page).getByTestId('info-source').getByRole('link')).toHaveAttribute('href', 'https://example.org/ivan');
  });
});

test.describe('sandbox and moderation', () => {
  test('a user votes through the sandbox to its empty state', async ({ browser, request }) => {
    test.setTimeout(90_000);
    const author = await register(request);
    const voter = await register(request);
    const channel = await makeChannel(request, author);
    const mine = [
      await addPostcard(request, author, channel, 'photo.jpg', 'Новая открытка для песочницы', { pending: true }),
      await addPostcard(request, author, channel, 'card.png', 'Ещё одна открытка для песочницы', { pending: true }),
    ];
    // older pending postcards of the shared database are voted away through the API first
    for (let i = 0; i < 1000; i++) {
      const next = (await (await request.get('/api/sandbox/next', { headers: auth(voter) })).json()).postcard;
      if (!next || mine.includes(next.id)) break;
      expect((await request.post(`/api/sandbox/${next.id}/reject`, { headers: auth(voter) })).status()).toBe(200);
    }

    const visitor = await browser.newPage();
    await visitor.goto('/sandbox');
    await expect(visitor.getByText('Необходимо авторизоваться для доступа к песочнице')).toBeVisible();
    await visitor.close();

    const page = await browser.newPage();
    await openSignedIn(page, voter.token, '/sandbox');
    const card = page.getByTestId('review-card');
    const empty = page.getByText('Все открытки в песочнице проголосованы вами!');
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      await expect(card.or(empty)).toBeVisible();
      if (await empty.isVisible()) break;
      const id = (await card.getAttribute('data-postcard-id'))!;
      expect(seen.has(id), `postcard ${id} served twice`).toBe(false);
      seen.add(id);
      await page.getByRole('button', { name: i % 2 ? 'Отклонить' : 'Одобрить' }).click();
      await expect(card.and(page.locator(`[data-postcard-id="${id}"]`))).toHaveCount(0);
    }
    await expect(empty).toBeVisible();
    await expect(page.getByText('Зайдите позже для голосования за новые открытки')).toBeVisible();
    // nothing is waiting for this voter any more, so the page does not say so; it leads to the gallery
    await expect(page.getByText('Новые открытки сообщества ждут вашего голоса.')).toHaveCount(0);
    await page.getByRole('link', { name: 'Открыть галерею' }).click();
    await expect(page).toHaveURL(/\/gallery$/);
    for (const id of mine) expect(seen.has(String(id)), `postcard ${id} was shown`).toBe(true);
    await page.close();
  });

  test('a pending postcard in the sandbox viewer is voted by its two buttons alone: no heart, no view counted', async ({ page, request }) => {
    const author = await register(request);
    const voter = await register(request);
    const channel = await makeChannel(request, author);
    const id = await addPostcard(request, author, channel, 'card.png', 'Открытка на голосовании в песочнице', { pending: true });
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/') && r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    await openSignedIn(page, voter.token, `/sandbox/${id}`);
    await expect(page.getByRole('button', { name: 'Одобрить' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Отклонить' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Нравится/ })).toHaveCount(0);
    expect(failed).toEqual([]);
  });

  test('the moderator approves a postcard and it appears in the gallery', async ({ browser, request }) => {
    const moderator = await signInModerator(request);
    const gallery = 9;
    const id = await addPostcard(request, moderator, gallery, 'card.png', 'Открытка для одобрения модератором', { pending: true });
    const inGallery = async () => {
      const res = await request.get('/api/gallery?limit=100&sort=newest');
      return (await res.json()).items.some((p: { id: number }) => p.id === id);
    };
    expect(await inGallery()).toBe(false);

    const page = await browser.newPage();
    await openSignedIn(page, moderator.token, '/moderator');
    await expect(page.getByRole('heading', { name: 'Панель модератора' })).toBeVisible();
    await expect(page.getByTestId('moderation-stats')).toBeVisible();
    await page.goto(`/moderator/${id}`);
    await expect(page.getByTestId('review-card')).toHaveAttribute('data-postcard-id', String(id));
    await page.getByRole('button', { name: 'Одобрить' }).click();
    await expect(page).toHaveURL(/\/moderator$/);
    expect(await inGallery()).toBe(true);
    await page.goto('/gallery');
    await expect(page.locator(`a[href^="/mychannels/${gallery}/${id}?"]`).first()).toBeVisible();
    await page.goto(`/mychannels/${gallery}/${id}?from=gallery`);
    await expect(activeCard(page)).toHaveAttribute('data-card-id', String(id));
    await page.close();
  });

  test('a postcard the moderator banned offers its owner no «Создать поздравление»; one still pending does', async ({ browser, request }) => {
    const moderator = await signInModerator(request);
    const owner = await register(request);
    const channel = await makeChannel(request, owner);
    const banned = await addPostcard(request, owner, channel, 'card.png', 'Открытка, которую заблокируют', { pending: true });
    const pending = await addPostcard(request, owner, channel, 'card.png', 'Открытка на модерации', { pending: true });
    expect((await request.post(`/api/moderation/${banned}/ban`, { headers: auth(moderator) })).ok()).toBe(true);

    const page = await browser.newPage();
    await openSignedIn(page, owner.token, `/mychannels/${channel}/${pending}`);
    await expect(activeCard(page)).toHaveAttribute('data-card-id', String(pending));
    await expect(page.getByRole('link', { name: 'Создать поздравление' })).toBeVisible();
    await expect(page.getByText('Открытка ожидает модерации', { exact: true })).toBeVisible();
    await page.goto(`/mychannels/${channel}/${banned}`);
    await expect(activeCard(page)).toHaveAttribute('data-card-id', String(banned));
    await expect(page.getByRole('link', { name: 'Создать поздравление' })).toHaveCount(0);
    await expect(page.getByText('Открытка заблокирована', { exact: true })).toBeVisible();
    // the wizard reached by its address says why it cannot make one
    await page.goto(`/mychannels/${channel}/${banned}/create-congratulation`);
    await page.getByRole('button', { name: 'Пропустить' }).click();
    await page.getByRole('button', { name: 'Пропустить' }).click();
    await page.getByRole('button', { name: 'Создать поздравление' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Открытка заблокирована модерацией — её нельзя отправить' })).toBeVisible();
    await page.close();
  });

  test('back from the sandbox viewer lands on the gallery with a way back into the sandbox, kept while the gallery is sorted', async ({ page, request }) => {
    const author = await register(request);
    const voter = await register(request);
    const id = await addPostcard(request, author, await makeChannel(request, author), 'photo.jpg', 'Открытка ждёт голосов', { pending: true });
    await openSignedIn(page, voter.token, `/sandbox/${id}`);
    await expect(activeCard(page)).toHaveAttribute('data-card-id', String(id));
    await page.getByTestId('viewer-header').getByRole('button', { name: 'Назад' }).click();
    await expect(page).toHaveURL(/\/gallery\?sandbox=1$/);
    const back = page.getByTestId('sandbox-return').getByRole('link', { name: 'Вернуться в песочницу' });
    await expect(back).toBeVisible();
    await page.getByRole('radio', { name: 'Популярные', exact: true }).click();
    await expect(page).toHaveURL(/sandbox=1/);
    await back.click();
    await expect(page).toHaveURL(/\/sandbox$/);
  });

  test('voting in the sandbox by keyboard keeps the focus on «Одобрить» for the next postcard', async ({ page, request }) => {
    const author = await register(request);
    const voter = await register(request);
    const channel = await makeChannel(request, author);
    for (const description of ['Первая на голосовании', 'Вторая на голосовании', 'Третья на голосовании']) {
      await addPostcard(request, author, channel, 'photo.jpg', description, { pending: true });
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

  test('after approving a postcard on its own page by keyboard, the focus lands on the next card of the queue; by mouse the page stays where it opens', async ({ page, request }) => {
    const author = await register(request);
    const channel = await makeChannel(request, author);
    const first = await addPostcard(request, author, channel, 'photo.jpg', 'На модерацию, первая', { pending: true });
    await addPostcard(request, author, channel, 'photo.jpg', 'На модерацию, вторая', { pending: true });
    await signedInAsModerator(page, `/moderator/${first}`);
    await page.getByRole('button', { name: 'Одобрить' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/moderator$/);
    await expect(page.getByText('Открытка одобрена')).toBeVisible();
    const nextCard = page.getByTestId('moderation-card').first().getByRole('link', { name: /^Модерировать/ });
    await expect(nextCard).toBeFocused();
    await expect(page.locator(`[data-testid=moderation-card][data-postcard-id="${first}"]`)).toHaveCount(0);

    const second = await addPostcard(request, author, channel, 'photo.jpg', 'На модерацию, третья', { pending: true });
    await page.goto(`/moderator/${second}`);
    await page.getByRole('button', { name: 'Одобрить' }).click();
    await expect(page).toHaveURL(/\/moderator$/);
    await expect(page.getByTestId('moderation-queue')).toBeVisible();
    await expect(nextCard).not.toBeFocused();
  });

  test('a normal user is refused the moderator panel', async ({ browser, request }) => {
    const user = await register(request);
    const page = await browser.newPage();
    await openSignedIn(page, user.token, '/moderator');
    await expect(page.getByText('Доступ запрещен')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/moderator/1');
    // the alert says why, once; the page itself says what the panel says
    await expect(page.getByText('Доступ только для модератора')).toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'Доступ запрещен' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await page.close();
  });
});

test.describe('Back while a sheet of the viewer is open', () => {
  /** A new approved postcard in the gallery, opened from the gallery's grid on a phone; the page and the viewer's URL. */
  async function openFromGallery(browser: Browser, request: APIRequestContext, description: string) {
    const moderator = await signInModerator(request);
    const id = await addPostcard(request, moderator, 9, 'card.png', description);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    // the page's clock runs as usual, and a test can move it on
    await page.clock.install();
    await openSignedIn(page, moderator.token, '/gallery?sort=newest');
    await page.locator(`a[href^="/mychannels/9/${id}?"]`).first().click();
    await expect(activeCard(page)).toHaveAttribute('data-card-id', String(id));
    return { context, page, id, viewerUrl: page.url() };
  }

  test('closes the info sheet and stays on the postcard; the next Back leaves the viewer for the gallery', async ({ browser, request }) => {
    const { context, page, id, viewerUrl } = await openFromGallery(browser, request, 'Открытка для листа «Об открытке»');
    await page.getByTestId('info-button').click();
    await expect(dialog(page)).toBeVisible();
    await page.goBack();
    await expect(dialog(page)).toHaveCount(0);
    await expect(page.getByTestId('viewer')).toBeVisible();
    await expect(activeCard(page)).toHaveAttribute('data-card-id', String(id));
    expect(page.url()).toBe(viewerUrl);
    await page.goBack();
    await expect(page.getByTestId('viewer')).toHaveCount(0);
    await expect(page).toHaveURL(/\/gallery\?sort=newest$/);

    // a sheet closed by its own button leaves history as it was: one Back still leaves the viewer
    await page.goForward();
    await expect(activeCard(page)).toHaveAttribute('data-card-id', String(id));
    await page.getByTestId('info-button').click();
    await page.getByRole('button', { name: 'Закрыть' }).click();
    await expect(dialog(page)).toHaveCount(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/gallery\?sort=newest$/);
    await context.close();
  });

  test("a sheet's entry reached again by Forward, or kept through a reload, is passed over: one Back still leaves the viewer", async ({ browser, request }) => {
    const { context, page, id, viewerUrl } = await openFromGallery(browser, request, 'Открытка для Forward и перезагрузки');
    // Back closes the sheet; Forward does not open it again, and the entry it reached is left at once
    await page.getByTestId('info-button').click();
    await expect(dialog(page)).toBeVisible();
    await page.goBack();
    await expect(dialog(page)).toHaveCount(0);
    await page.goForward();
    await expect.poll(() => page.evaluate(() => (window.history.state as { transient?: boolean } | null)?.transient ?? false)).toBe(false);
    await expect(dialog(page)).toHaveCount(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/gallery\?sort=newest$/);

    // a reload with the sheet open comes back without it, and without a dead entry on top
    await page.goForward();
    await expect(activeCard(page)).toHaveAttribute('data-card-id', String(id));
    await page.getByTestId('info-button').click();
    await expect(dialog(page)).toBeVisible();
    await page.reload();
    await expect(activeCard(page)).toHaveAttribute('data-card-id', String(id));
    await expect.poll(() => page.evaluate(() => (window.history.state as { transient?: boolean } | null)?.transient ?? false)).toBe(false);
    expect(page.url()).toBe(viewerUrl);
    await page.goBack();
    await expect(page).toHaveURL(/\/gallery\?sort=newest$/);
    await context.close();
  });

  test('closes the «Ещё» menu first; a link tapped while it is open goes there once, and Back from there is the viewer', async ({ browser, request }) => {
    const { context, page, id, viewerUrl } = await openFromGallery(browser, request, 'Открытка для меню «Ещё»');
    const more = page.getByTestId('options-button');
    await more.click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(activeCard(page)).toHaveAttribute('data-card-id', String(id));
    expect(page.url()).toBe(viewerUrl);

    // the tap that closes the menu also follows the link: the step back over the menu does not undo it
    await more.click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.getByTestId('create-button').click();
    await expect(page).toHaveURL(new RegExp(`/mychannels/9/${id}/create-congratulation`));
    // a late step back would show here: let what the page timed for the next moments run, and draw
    await page.clock.runFor(300);
    await nextFrames(page);
    await expect(page).toHaveURL(new RegExp(`/mychannels/9/${id}/create-congratulation`));
    await page.goBack();
    await expect(page.getByTestId('viewer')).toBeVisible();
    await expect(activeCard(page)).toHaveAttribute('data-card-id', String(id));
    expect(page.url()).toBe(viewerUrl);
    await page.goBack();
    await expect(page).toHaveURL(/\/gallery\?sort=newest$/);
    await context.close();
  });
});
