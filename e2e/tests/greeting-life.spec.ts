import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { authHeader, openSignedIn, registerViaApi } from '../helpers';

/**
 * The second half of a greeting's life: A sends a greeting that opens on a date; B's link
 * shows a countdown with nothing of the greeting in the page; the server clock reaches the moment
 * and B's page opens it by itself; B accepts and thanks A with ❤️ and a line; A sees «Принято», the
 * reply and the notifications.
 */
const PHONE = { width: 390, height: 844 };

/** The e2e server's clock (other specs move it forward): the pages run on it too. */
async function serverNow(request: APIRequestContext): Promise<number> {
  const res = await request.post('/api/test-hooks/clock/advance', { data: { ms: 0 } });
  expect(res.status(), await res.text()).toBe(200);
  return Date.parse(((await res.json()) as { now: string }).now);
}

async function advanceServerClock(request: APIRequestContext, ms: number) {
  const res = await request.post('/api/test-hooks/clock/advance', { data: { ms } });
  expect(res.status(), await res.text()).toBe(200);
}

async function galleryPostcard(request: APIRequestContext): Promise<{ id: number; collection_id: number }> {
  const res = await request.get('/api/gallery?limit=1');
  expect(res.status()).toBe(200);
  const page = (await res.json()) as { items: { id: number; collection_id: number }[] };
  return page.items[0]!;
}

/** A `datetime-local` value `minutes` ahead of the page's clock, in the page's timezone. */
const localValueAhead = (page: Page, minutes: number) =>
  page.evaluate((m) => {
    const d = new Date(Math.ceil((Date.now() + m * 60_000) / 60_000) * 60_000);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
  }, minutes);

test.describe('greeting life', () => {
  test('A schedules a greeting; B waits on the countdown, sees it open without reloading, accepts and thanks; A sees it all', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const a = await registerViaApi(request, { username: 'Аня' });
    const bAccount = await registerViaApi(request, { username: 'Боря' });
    const postcard = await galleryPostcard(request);
    await page.clock.install({ time: await serverNow(request) });
    await openSignedIn(page, a.token, '/gallery');

    // A: the wizard, and on its last step «Открыть в день праздника»
    await page.goto(`/mychannels/${postcard.collection_id}/${postcard.id}`);
    await page.getByTestId('create-button').click();
    await page.getByRole('textbox', { name: 'Имя получателя' }).fill('Боре');
    await page.getByRole('button', { name: 'Далее' }).click();
    await page.getByRole('textbox', { name: 'Текст поздравления' }).fill('С днём рождения, Боря!');
    await page.getByRole('textbox', { name: 'От кого поздравление?' }).fill('Аня');
    await page.getByRole('button', { name: 'Далее' }).click();
    await expect(page.getByRole('heading', { name: 'Подарок энергии - Шаг 3' })).toBeVisible();
    await page.getByRole('switch', { name: 'Открыть в день праздника' }).click();
    await expect(page.getByText('Часовой пояс: Europe/Moscow')).toBeVisible();
    const moment = page.getByLabel('Дата и время открытия');
    await moment.fill(await localValueAhead(page, 2)); // too soon: at least 5 minutes
    await page.getByRole('button', { name: 'Создать поздравление' }).click();
    await expect(page.getByText('Выберите момент хотя бы через 5 минут')).toBeVisible();
    // hours ahead, not minutes: other specs move the shared server clock by minutes while this one
    // runs, which must neither open the greeting before B looks nor put the moment in the past
    await moment.fill(await localValueAhead(page, 180));
    await page.getByRole('button', { name: 'Создать поздравление' }).click();
    await expect(page.getByRole('heading', { name: 'Поздравление создано! - Шаг 4' })).toBeVisible();
    await expect(page.getByText(/Откроется \d{1,2} [а-я]+ в \d\d:\d\d$/)).toBeVisible();
    await page.getByRole('button', { name: 'Посмотреть' }).click();
    await expect(page).toHaveURL(/\/greeting\/[A-Za-z0-9_-]{22}$/);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const mine = (await (await request.get(`/api/greetings/${id}`, { headers: authHeader(a.token) })).json()) as { opens_at: string; status: string };
    expect(mine.status).toBe('scheduled');

    // B: signed in on a phone, the link shows the countdown and nothing of the greeting
    const bContext = await browser.newContext({ viewport: PHONE });
    const b = await bContext.newPage();
    await b.clock.install({ time: await serverNow(request) });
    await openSignedIn(b, bAccount.token, '/api/health');
    const envelope = b.waitForResponse((r) => r.url().endsWith(`/api/greetings/${id}`) && r.request().method() === 'GET');
    await b.goto(`/greeting/${id}`);
    const sealed = (await (await envelope).json()) as Record<string, unknown>;
    expect(sealed).toMatchObject({ sealed: true, status: 'scheduled', to_whom: 'Боре' });
    expect(sealed).not.toHaveProperty('greeting');
    expect(sealed).not.toHaveProperty('postcard');
    await expect(b.getByRole('heading', { name: 'Боре' })).toBeVisible();
    await expect(b.getByTestId('opens-at')).toHaveText(/^Откроется \d{1,2} [а-я]+ в \d\d:\d\d$/);
    const timer = b.getByRole('timer', { name: 'До открытия' });
    await expect(timer).toBeVisible();
    await expect(b.getByText('С днём рождения, Боря!')).toHaveCount(0);
    await expect(b.getByText('— Аня')).toHaveCount(0);
    await expect(b.locator('img')).toHaveCount(0);
    expect(await b.content()).not.toContain('С днём рождения, Боря!');
    await expect(b.getByRole('button', { name: 'Принять' })).toBeDisabled();
    await expect(b.getByText('Принять поздравление можно будет, когда оно откроется.')).toBeVisible();
    const before = await timer.textContent();
    await b.clock.runFor(2000);
    await expect(timer).not.toHaveText(before!);

    // the moment: the server clock passes it, the page's timer reaches it — no reload, no navigation
    await b.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    // other specs move the shared server clock too, so the moment may already have passed it
    const left = Math.max(0, Date.parse(mine.opens_at) - (await serverNow(request)));
    await advanceServerClock(request, left + 1000);
    // a re-check still in flight when the page's clock jumps answers "sealed, N s left" after the
    // jump, and the countdown starts again from it: move the page's clock on until it asks anew
    await expect(async () => {
      await b.clock.fastForward(left + 2000);
      await expect(b.getByRole('button', { name: 'Смотреть открытку' })).toBeVisible({ timeout: 4000 });
    }).toPass({ timeout: 20_000 });
    await b.getByRole('button', { name: 'Смотреть открытку' }).click();
    await b.getByRole('button', { name: 'Поздравление', exact: true }).click();
    await expect(b.getByText('С днём рождения, Боря!')).toBeVisible();
    await expect(b.getByText('— Аня')).toBeVisible();
    expect(await b.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    await expect(b).toHaveURL(new RegExp(`/greeting/${id}$`));

    // B accepts and thanks A: ❤️ and a line
    await b.getByRole('button', { name: 'Принять' }).click();
    await expect(b.getByTestId('accepted-note')).toContainText('Поздравление принято — оно в ваших подарках');
    const thanks = b.getByRole('form', { name: 'Поблагодарить' });
    await expect(thanks).toBeVisible();
    const heart = thanks.getByRole('button', { name: 'Сердце' });
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await thanks.getByRole('textbox', { name: 'Ваши слова (необязательно)' }).fill('Спасибо, Аня! Очень тронут.');
    await thanks.getByRole('button', { name: 'Отправить ответ' }).click();
    await expect(b.getByRole('status').filter({ hasText: 'Ответ отправлен — спасибо!' })).toBeVisible();
    const yours = b.getByRole('region', { name: 'Ваш ответ' });
    await expect(yours).toContainText('Спасибо, Аня! Очень тронут.');
    await expect(yours.getByRole('img', { name: 'Сердце' })).toBeVisible();
    await expect(yours.getByTestId('reply-editable-until')).toHaveText(/^Можно изменить до \d\d:\d\d$/);
    await bContext.close();

    // A: «Принято» in the list with the reply, and on the greeting page
    await page.goto('/congratulations');
    await expect(page.getByTestId('greeting-status').first()).toHaveText(/Принято \d{1,2} [а-я]+ в \d\d:\d\d$/);
    await expect(page.getByTestId('row-reply').first()).toContainText('«Спасибо, Аня! Очень тронут.»');
    await page.goto(`/greeting/${id}?view=true&from=congratulations`);
    const panel = page.getByRole('region', { name: 'Что с поздравлением' });
    await expect(panel.getByTestId('greeting-status')).toHaveText(/Принято /);
    await expect(panel).toContainText(/Открыли \d+ раза?/);
    await expect(panel).toContainText('Боря пишет');
    await expect(panel).toContainText('Спасибо, Аня! Очень тронут.');
    await expect(panel.getByRole('img', { name: 'Сердце' })).toBeVisible();

    // …and the notifications the server sent A about it
    await page.goto('/game-data?tab=notifications');
    const notes = page.getByTestId('notification');
    await expect(notes.filter({ hasText: 'Ваше поздравление открылось' })).toBeVisible();
    await expect(notes.filter({ hasText: 'Ваше поздравление «Боре» открыли' })).toBeVisible();
    await expect(notes.filter({ hasText: 'Ваше поздравление приняли' })).toBeVisible();
    await expect(notes.filter({ hasText: 'Боря пишет в ответ на ваше поздравление «Боре»' })).toContainText('Спасибо, Аня! Очень тронут.');
  });

  test("A's greeting page and list of sent greetings follow what B does, without a reload", async ({ page, request }) => {
    const a = await registerViaApi(request, { username: 'Аня' });
    const b = await registerViaApi(request, { username: 'Боря' });
    const postcard = await galleryPostcard(request);
    const send = async (to: string) => {
      const res = await request.post('/api/greetings', { headers: authHeader(a.token), data: { image_relations_id: postcard.id, to_whom: to, greeting: 'С праздником!' } });
      expect(res.status()).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    const accept = async (id: string) => {
      await request.get(`/api/greetings/${id}`, { headers: authHeader(b.token) });
      expect((await request.post(`/api/greetings/${id}/accept`, { headers: authHeader(b.token), data: {} })).status()).toBe(200);
    };

    // on the greeting's page: accepted, then the reply, as they happen
    const first = await send('Боре');
    await openSignedIn(page, a.token, `/greeting/${first}?view=true&from=congratulations`);
    const panel = page.getByRole('region', { name: 'Что с поздравлением' });
    await expect(panel.getByTestId('greeting-status')).toHaveText(/^Ждёт /);
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await accept(first);
    await expect(panel.getByTestId('greeting-status')).toHaveText(/^Принято /);
    const reply = await request.put(`/api/greetings/${first}/reply`, { headers: authHeader(b.token), data: { reaction: '🎉', text: 'Ура, спасибо!' } });
    expect(reply.status()).toBe(200);
    await expect(panel).toContainText('Ура, спасибо!');

    // on the list of sent greetings: the newest one turns «Принято»
    const second = await send('Боре ещё раз');
    await page.goto('/congratulations');
    const row = page.getByTestId('greeting-status').first();
    await expect(row).toHaveText(/^Ждёт /);
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await accept(second);
    await expect(row).toHaveText(/^Принято /);
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  });
});
