import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { authHeader, dialog, newCredentials, openSignedIn, openTelegram, registerViaApi, storedToken, submitRegistration } from '../helpers';

/**
 * Greetings end to end: a sender makes a greeting with an energy gift from a postcard, a
 * visitor opens the link on a phone, watches the intro, signs up when asked and accepts; the gift
 * moves exactly once; both lists show it; the sender edits and deletes it.
 */
const PHONE = { width: 390, height: 844 };

async function yangOf(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get('/api/user-game-data/energy-status', { headers: authHeader(token) });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { yang_energy: number }).yang_energy;
}

/** An approved postcard of the public gallery (seeded demo data). */
async function galleryPostcard(request: APIRequestContext): Promise<{ id: number; collection_id: number; title: string | null }> {
  const res = await request.get('/api/gallery?limit=1');
  expect(res.status()).toBe(200);
  const page = (await res.json()) as { items: { id: number; collection_id: number; title: string | null }[] };
  expect(page.items.length).toBeGreaterThan(0);
  return page.items[0]!;
}

/** Goes through the wizard from the postcard's page; returns the new greeting's public id. */
async function createGreetingInWizard(page: Page, postcard: { id: number; collection_id: number }, o: { to: string; text: string; from: string; lessClicks: number }) {
  await page.goto(`/mychannels/${postcard.collection_id}/${postcard.id}`);
  await page.getByTestId('create-button').click();
  await expect(page.getByRole('heading', { name: 'Кому поздравление? - Шаг 1' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Имя получателя' }).fill(o.to);
  await page.getByRole('radio', { name: 'Оранжевый, красный, розовый' }).click();
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(page.getByRole('heading', { name: 'Текст поздравления - Шаг 2' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Текст поздравления' }).fill(o.text);
  await page.getByRole('textbox', { name: 'От кого поздравление?' }).fill(o.from);
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(page.getByRole('heading', { name: 'Подарок энергии - Шаг 3' })).toBeVisible();
  for (let i = 0; i < o.lessClicks; i++) await page.getByRole('button', { name: 'Меньше энергии' }).click();
  await page.getByRole('button', { name: 'Создать поздравление' }).click();
  await expect(page.getByRole('heading', { name: 'Поздравление создано! - Шаг 4' })).toBeVisible();
  await expect(page.getByText('Поздравление готово и ждет своего получателя!')).toBeVisible();
  await page.getByRole('button', { name: 'Посмотреть' }).click();
  await expect(page).toHaveURL(/\/greeting\/[A-Za-z0-9_-]{22}$/);
  return new URL(page.url()).pathname.split('/').pop()!;
}

test.describe('greetings', () => {
  test('A sends a gift; B opens the link, watches the intro, signs up when asked and accepts; lists; A edits and deletes', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(180_000); // two people, a sign-up and four pages
    const a = await registerViaApi(request);
    const baseline = await yangOf(request, (await registerViaApi(request)).token); // what a new account starts with
    const postcard = await galleryPostcard(request);
    await openSignedIn(page, a.token, '/gallery');

    // A: the wizard, a 6-energy gift (starts at 10, step 2 with 20 energy: two clicks down)
    expect(await yangOf(request, a.token)).toBe(baseline);
    const id = await createGreetingInWizard(page, postcard, { to: 'Боре', text: 'С днём рождения, Боря!', from: 'Аня', lessClicks: 2 });
    expect(await yangOf(request, a.token)).toBe(baseline - 6);
    await expect(page.getByText('Предпросмотр поздравления')).toBeVisible();
    // A can share it again later: from the list and from the greeting page (the device has no share sheet here)
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true }));
    await page.goto('/congratulations');
    await page.getByRole('button', { name: 'Поделиться' }).first().click();
    await expect(dialog(page).getByText(new RegExp(`/greeting/${id}$`))).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await page.getByRole('button', { name: 'Посмотреть' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/greeting/${id}\\?from=congratulations$`));
    await page.getByRole('button', { name: 'Поделиться' }).click();
    await expect(dialog(page).getByRole('link', { name: /Telegram/ })).toHaveAttribute('href', new RegExp(encodeURIComponent(`/greeting/${id}`)));
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();

    // B: a visitor on a phone, in a fresh browser context
    const bContext = await browser.newContext({ viewport: PHONE });
    const b = await bContext.newPage();
    // the page's clock runs as usual, and the test can move it on (below)
    await b.clock.install();
    await b.goto(`/greeting/${id}`);
    await expect(b.getByRole('heading', { name: 'Боре' })).toBeVisible();
    await b.getByRole('button', { name: 'Смотреть открытку' }).click();
    await b.getByRole('button', { name: 'Поздравление', exact: true }).click();
    await expect(b.getByText('С днём рождения, Боря!')).toBeVisible();
    await expect(b.getByText('— Аня')).toBeVisible();
    await expect(b.getByText('Внутри подарок — энергия: 6')).toBeVisible();

    // 'Принять' opens the sign-in dialog at once; closed, it leaves the prompt in view, its button too
    await b.getByRole('button', { name: 'Принять' }).click();
    await expect(dialog(b)).toBeVisible();
    await b.keyboard.press('Escape');
    await expect(dialog(b)).toBeHidden();
    const ask = b.getByRole('alert').filter({ hasText: 'Необходимо войти в систему' });
    await expect(ask.getByRole('button', { name: 'Войти' })).toBeInViewport({ ratio: 1 });
    await ask.getByRole('button', { name: 'Войти' }).click();
    await expect(dialog(b)).toBeVisible();
    const bCreds = newCredentials('b');
    await submitRegistration(b, bCreds);
    // signed in on the greeting itself, the interrupted accept goes through and B stays on the greeting, seeing it accepted
    // said under the button, with the gift, not in a toast over the greeting's words
    await expect(b.getByTestId('accepted-note')).toHaveText('Поздравление принято — оно в ваших подаркахВы получили в подарок энергию: 6!');
    await expect(b.getByTestId('accepted-note')).toHaveAttribute('role', 'status');
    // … and stays there: nothing the page has timed within the next seconds takes B elsewhere
    await b.clock.runFor(2500);
    await expect(b).toHaveURL(new RegExp(`/greeting/${id}$`));
    await b.getByRole('button', { name: 'Мои подарки' }).click();
    await expect(b).toHaveURL(/\/accepted-greetings$/);
    await expect(b.getByRole('button', { name: /^Боре/ })).toBeVisible();
    await expect(b.getByText('От: Аня')).toBeVisible();
    // grouped by the day of acceptance as the browser sees it; the game specs move the server's
    // clock minutes ahead, so in the last minutes before Moscow midnight that day is tomorrow
    const serverNow = ((await (await request.get('/api/health')).json()) as { time: string }).time;
    const moscowDay = (at: Date) => at.toLocaleDateString('ru-RU', { timeZone: 'Europe/Moscow' });
    const serverDay = new Date(serverNow).toLocaleDateString('ru-RU', { timeZone: 'Europe/Moscow', day: 'numeric', month: 'long', year: 'numeric' });
    await expect(b.getByRole('heading', { name: moscowDay(new Date(serverNow)) === moscowDay(new Date()) ? 'Сегодня' : serverDay })).toBeVisible();
    const bToken = (await storedToken(b))!;
    expect(await yangOf(request, bToken)).toBe(baseline + 6);
    // the browser's Back returns to the greeting as B left it, not to its intro
    await b.goBack();
    await expect(b).toHaveURL(new RegExp(`/greeting/${id}$`));
    await expect(b.getByRole('button', { name: 'Мои подарки' })).toBeVisible();
    await expect(b.getByRole('button', { name: 'Смотреть открытку' })).toHaveCount(0);
    await b.goForward();
    await expect(b).toHaveURL(/\/accepted-greetings$/);

    // opening it again from the list: recipient view, already accepted
    await b.getByRole('button', { name: /^Боре/ }).click();
    await expect(b).toHaveURL(new RegExp(`/greeting/${id}\\?view=true&from=accepted-greetings$`));
    await b.getByRole('button', { name: 'Мои подарки' }).click();
    await expect(b).toHaveURL(/\/accepted-greetings$/);
    await bContext.close();

    // the gift was paid once: nobody else gets it, A keeps what is left
    const c = await registerViaApi(request);
    const again = await request.post(`/api/greetings/${id}/accept`, { headers: authHeader(c.token), data: {} });
    expect(((await again.json()) as { energy_received: number }).energy_received).toBe(0);
    expect(await yangOf(request, a.token)).toBe(baseline - 6);

    // A: the delivered list shows it, naming who accepted it and when
    await page.goto('/received-greetings');
    await expect(page.getByRole('heading', { name: 'Доставленные поздравления' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Боре/ }).first()).toBeVisible();
    // B and then C accepted it: one row each
    await expect(page.getByTestId('accepted-by').filter({ hasText: new RegExp(`^принял\\(а\\) ${bCreds.username} в \\d{2}:\\d{2}$`) })).toHaveCount(1);
    await expect(page.getByText('Энергия: 6')).toBeVisible();

    // A edits it (trimmed values) and lands on the greeting
    await page.goto('/congratulations');
    await page.getByRole('button', { name: 'Редактировать' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/edit-greeting/${id}\\?from=congratulations$`));
    await page.getByLabel('Подписать кому').fill('   ');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByText('Поле "Подписать кому" обязательно для заполнения')).toBeVisible();
    await page.getByLabel('Подписать кому').fill('  Борису  ');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page).toHaveURL(new RegExp(`/greeting/${id}\\?from=congratulations$`));
    await expect(page.getByRole('heading', { name: 'Борису' })).toBeVisible();

    // … and deletes it from the list, after confirming
    await page.goto('/congratulations');
    await page.getByRole('button', { name: 'Удалить' }).first().click();
    await expect(dialog(page).getByText('Вы уверены, что хотите удалить это поздравление?')).toBeVisible();
    // B accepted it: the question says what deleting means for them
    await expect(dialog(page)).toContainText('Его уже приняли — у получателя оно тоже исчезнет.');
    await dialog(page).getByRole('button', { name: 'Удалить' }).click();
    await expect(page.getByText('Вы ещё не создали ни одного поздравления')).toBeVisible();
    // the row and its button are gone: the focus goes to the page's heading, not to <body>
    await expect(page.getByRole('heading', { level: 1, name: 'Мои поздравления' })).toBeFocused();
    expect(await yangOf(request, a.token)).toBe(baseline - 6); // the gift was claimed: nothing to refund
    await page.goto(`/greeting/${id}`);
    await expect(page.getByText('Поздравление не найдено')).toBeVisible();
  });

  test('an unclaimed gift goes back to the sender when the greeting is deleted on its edit page', async ({ page, request }) => {
    const a = await registerViaApi(request);
    const before = await yangOf(request, a.token);
    const postcard = await galleryPostcard(request);
    await openSignedIn(page, a.token, '/gallery');
    const id = await createGreetingInWizard(page, postcard, { to: 'Маме', text: 'Люблю!', from: 'Сын', lessClicks: 0 });
    expect(await yangOf(request, a.token)).toBe(before - 10);

    await page.goto(`/edit-greeting/${id}?from=congratulations`);
    await page.getByRole('button', { name: 'Удалить' }).click();
    await dialog(page).getByRole('button', { name: 'Удалить' }).click();
    await expect(page).toHaveURL(/\/congratulations$/);
    expect(await yangOf(request, a.token)).toBe(before);
  });

  test('back from the new greeting\'s page shows the wizard\'s done step with that greeting, not a new empty wizard', async ({ page, request }) => {
    const a = await registerViaApi(request);
    const postcard = await galleryPostcard(request);
    await openSignedIn(page, a.token, '/gallery');
    const id = await createGreetingInWizard(page, postcard, { to: 'Дяде Васе', text: 'С юбилеем!', from: 'Лена', lessClicks: 0 });
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Поздравление создано! - Шаг 4' })).toBeVisible();
    await expect(page.getByText('Поздравление готово и ждет своего получателя!')).toBeVisible();
    await page.getByRole('button', { name: 'Посмотреть' }).click();
    await expect(page).toHaveURL(new RegExp(`/greeting/${id}$`));
    // one greeting was made
    const made = await request.get('/api/greetings/created', { headers: { authorization: `Bearer ${a.token}` } });
    expect(((await made.json()) as { items: unknown[] }).items).toHaveLength(1);
  });

  test('in the wizard on a phone, a control reached by Tab is not hidden under the sticky step buttons', async ({ page, request }) => {
    await page.setViewportSize(PHONE);
    const me = await registerViaApi(request);
    const postcard = await galleryPostcard(request);
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

  test('on the sender’s preview of a greeting, Tab reaches «Назад» and the share button at the top before the stage, as on screen', async ({ page, request }) => {
    const me = await registerViaApi(request);
    const postcard = await galleryPostcard(request);
    const created = await request.post('/api/greetings', {
      headers: authHeader(me.token),
      data: { image_relations_id: postcard.id, to_whom: 'Маме', greeting: 'С праздником!', from_whom: 'Сын' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await page.setViewportSize(PHONE);
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
});

test.describe('greetings in Telegram', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('the bot link (view=true) opens the greeting in the Mini App; its user accepts without a sign-in step', async ({ page, request }) => {
    const a = await registerViaApi(request);
    const postcard = await galleryPostcard(request);
    const created = await request.post('/api/greetings', {
      headers: authHeader(a.token),
      data: { image_relations_id: postcard.id, to_whom: 'Дедушке', from_whom: 'Внук', energy: 4 },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };

    await openTelegram(page, `/greeting/${id}?view=true`, { name: 'Пётр' });
    await expect(page.getByRole('heading', { name: 'Дедушке' })).toBeVisible();
    await expect(page.getByText('— Внук')).toBeVisible();
    await page.getByRole('button', { name: 'Принять' }).click();
    await expect(page.getByTestId('accepted-gift')).toHaveText('Вы получили в подарок энергию: 4!');
    // the page stays to offer the thank-you reply; the gifts list is one tap away
    await expect(page.getByRole('button', { name: 'Поблагодарить' }).or(page.getByText('Поблагодарить')).first()).toBeVisible();
    await page.getByRole('button', { name: 'Мои подарки' }).click();
    await expect(page).toHaveURL(/\/telegram\/accepted-greetings$/);
    await expect(page.getByRole('button', { name: /^Дедушке/ })).toBeVisible();
  });
});
