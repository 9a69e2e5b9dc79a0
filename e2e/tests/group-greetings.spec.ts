import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { authHeader, openSignedIn, registerViaApi } from '../helpers';

/**
 * A group card from start to end: the organiser makes it in the wizard («Подписать вместе»,
 * «Отправить вручную»), two people sign it through the invite in their own browsers (one in
 * English), each with a gift; the organiser sees both and presses «Отправить»; the recipient opens
 * the board of notes with the total gift and accepts; everyone sees the card accepted.
 */
const PHONE = { width: 390, height: 844 };

async function galleryPostcard(request: APIRequestContext): Promise<{ id: number; collection_id: number }> {
  const res = await request.get('/api/gallery?limit=1');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: { id: number; collection_id: number }[] }).items[0]!;
}

const dialog = (page: Page) => page.getByRole('dialog');

test('a group card: made, signed by two in other browsers (ru and en), sent by hand, opened and accepted; everyone sees it', async ({ page, browser, request }) => {
  test.setTimeout(60_000);
  const [organiser, boris, clara, recipient] = await Promise.all([
    registerViaApi(request, { username: 'Аня' }),
    registerViaApi(request, { username: 'Боря' }),
    registerViaApi(request, { username: 'Clara' }),
    registerViaApi(request, { username: 'Света' }),
  ]);
  const postcard = await galleryPostcard(request);
  // Clara reads the app in English (her account's language)
  expect((await request.post('/api/settings/batch', { headers: authHeader(clara.token), data: { settings: { language: 'en' } } })).ok()).toBe(true);

  // the organiser: the wizard, «Подписать вместе» sent by hand, a gift of 10 of their own
  await openSignedIn(page, organiser.token, `/mychannels/${postcard.collection_id}/${postcard.id}`);
  await page.getByTestId('create-button').click();
  await page.getByRole('textbox', { name: 'Имя получателя' }).fill('Свете');
  await page.getByRole('button', { name: 'Далее' }).click();
  await page.getByRole('textbox', { name: 'Текст поздравления' }).fill('Света, с юбилеем от всего отдела!');
  await page.getByRole('textbox', { name: 'От кого поздравление?' }).fill('Аня');
  await page.getByRole('button', { name: 'Далее' }).click();
  await page.getByRole('switch', { name: 'Подписать вместе' }).click();
  await expect(page.getByRole('radio', { name: /Отправить вручную/ })).toBeChecked();
  await page.getByRole('button', { name: 'Создать поздравление' }).click();
  await expect(page.getByText('Открытка ждёт подписей', { exact: false })).toBeVisible();
  const inviteUrl = new URL((await page.getByTestId('group-invite-url').textContent())!);
  expect(inviteUrl.pathname).toMatch(/^\/greeting\/[A-Za-z0-9_-]+\/join\/[A-Za-z0-9_-]{16,64}$/);
  const id = inviteUrl.pathname.split('/')[2]!;

  // two people sign it in their own browsers: Боря in Russian, Clara in English, each with a gift
  const sign = async (token: string, lang: 'ru' | 'en', words: string, name: string) => {
    const context = await browser.newContext({ viewport: PHONE, locale: lang === 'en' ? 'en-GB' : 'ru-RU' });
    const p = await context.newPage();
    await openSignedIn(p, token, inviteUrl.pathname);
    const en = lang === 'en';
    await expect(p.getByRole('heading', { name: en ? 'A card for Свете' : 'Открытка для Свете' })).toBeVisible();
    await expect(p.getByText('Света, с юбилеем от всего отдела!')).toBeVisible();
    await p.getByRole('textbox', { name: en ? 'Your words' : 'Ваши слова' }).fill(words);
    await p.getByRole('textbox', { name: en ? 'Signature' : 'Подпись' }).fill(name);
    await p.getByRole('switch', { name: en ? 'Add a gift' : 'Добавить подарок' }).click();
    await p.getByTestId('join-submit').click();
    await expect(p.getByTestId('join-mine')).toContainText(words);
    return p;
  };
  const b = await sign(boris.token, 'ru', 'Света, ты лучшая!', 'Боря');
  const c = await sign(clara.token, 'en', 'Happy anniversary, Sveta!', 'Clara');
  // Clara sees Боря's note, never his gift
  await expect(c.getByTestId('group-note').filter({ hasText: 'Света, ты лучшая!' })).toBeVisible();
  await expect(c.getByText('Your gift:', { exact: false })).toHaveCount(1);

  // the organiser sees both signatures with their gifts and sends the card
  await page.goto(`/greeting/${id}?view=true`);
  const panel = page.getByTestId('group-organiser');
  await expect(panel.getByTestId('group-contribution')).toHaveCount(2);
  await expect(panel.getByTestId('group-signed-count')).toHaveText('Подписали 2 человека');
  await panel.getByTestId('group-deliver').click();
  await dialog(page).getByRole('button', { name: 'Отправить' }).click();
  await expect(page.getByText('Открытка отправлена получателю')).toBeVisible();

  // the recipient: the postcard, then the board of notes with the whole gift, and accepts it
  const rContext = await browser.newContext({ viewport: PHONE });
  const r = await rContext.newPage();
  await openSignedIn(r, recipient.token, `/greeting/${id}`);
  await r.getByRole('button', { name: 'Смотреть открытку' }).click();
  await r.getByRole('button', { name: 'Поздравление', exact: true }).click();
  const board = r.getByTestId('group-board');
  await expect(board.getByTestId('group-note')).toHaveCount(2);
  await expect(board.getByText('Happy anniversary, Sveta!')).toBeVisible();
  await expect(board.getByTestId('group-gift-total')).toHaveText('Общий подарок: 30 энергии Ян · подарили 3 человека');
  await r.getByRole('button', { name: 'Принять' }).click();
  await expect(r.getByTestId('accepted-gift')).toHaveText('Вы получили в подарок энергию: 30!');

  // everyone sees it accepted: the signers in «Подписанные», the organiser in the created list
  await b.goto('/signed-greetings');
  await expect(b.getByTestId('greeting-status')).toHaveAttribute('data-status', 'accepted');
  await c.goto('/signed-greetings');
  await expect(c.getByRole('link', { name: 'Signed', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(c.getByTestId('greeting-status')).toHaveAttribute('data-status', 'accepted');
  await page.goto('/congratulations');
  await expect(page.getByText('2 подписи')).toBeVisible();
  await expect(page.getByTestId('created-signers')).toHaveText('Подписали: Боря, Clara');
  await expect(page.getByTestId('greeting-status').first()).toHaveAttribute('data-status', 'accepted');
});
