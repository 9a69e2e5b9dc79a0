import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { authHeader, galleryPostcard, newTelegramId, openTelegram, storedToken, telegramCalls, telegramEmit } from '../helpers';

/**
 * A real Telegram gift inside a greeting, paid in Stars, in the Mini App (the Telegram stub records
 * the app's calls): the sender chooses a gift in the wizard; the greeting is created awaiting
 * payment and cannot be shared; its invoice (the server's, in XTR) opens with `openInvoice`. The
 * client's word is never a payment: only when the bot has received the pre-checkout query and the
 * payment from Telegram (the fake Bot API's updates) does the greeting open for sharing; another
 * Telegram user accepts, and the bot sends them the gift once.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const FAKE_BOT_API = `http://127.0.0.1:${process.env.E2E_BOT_API_PORT}`;

/** Calls the fake Bot API recorded, of one method. */
async function botApiCalls(request: APIRequestContext, method: string) {
  const res = await request.get(`${FAKE_BOT_API}/__calls`);
  return ((await res.json()) as { method: string; payload: Record<string, unknown>; result?: unknown }[]).filter((c) => c.method === method);
}

/** The sender's wizard up to its done step, with the 25-Star gift chosen; the invoice's slug and payload once opened. */
async function createWithGift(page: Page, request: APIRequestContext, sender: number) {
  const postcard = await galleryPostcard(request);
  await openTelegram(page, `/mychannels/${postcard.collection_id}/${postcard.id}/create-congratulation`, { userId: sender, name: 'Ольга' });
  await page.getByRole('textbox', { name: 'Имя получателя' }).fill('Петру');
  await telegramEmit(page, 'main_button_pressed');
  await page.getByRole('textbox', { name: 'Текст поздравления' }).fill('С днём рождения!');
  await telegramEmit(page, 'main_button_pressed');

  // the gift step: «Без подарка» first; the gifts with their price, a sold-out one left out
  const gifts = page.getByRole('group', { name: 'Подарок Telegram' });
  await expect(gifts.getByRole('radio', { name: /Без подарка/ })).toBeChecked();
  await expect(gifts.getByRole('radio')).toHaveCount(4);
  await page.getByTestId('telegram-gift').filter({ hasText: '25' }).click();
  await expect(gifts.getByRole('radio', { name: /^25 звёзд/ })).toBeChecked();
  await telegramEmit(page, 'main_button_pressed');

  // created, awaiting payment: Telegram's «Отправить» is hidden until it is paid
  const payment = page.getByTestId('telegram-gift-payment');
  const pay = payment.getByRole('button', { name: 'Оплатить 25 звёзд' });
  await expect(pay).toBeVisible();
  expect(((await telegramCalls(page, 'web_app_setup_main_button')).at(-1)?.[1] as { is_visible?: boolean }).is_visible).toBe(false);
  const token = (await storedToken(page))!;
  const created = (await (await request.get('/api/greetings/created?limit=1', { headers: authHeader(token) })).json()) as { items: { id: string }[] };
  const id = created.items[0]!.id;
  const greeting = async () =>
    (await (await request.get(`/api/greetings/${id}`, { headers: authHeader(token) })).json()) as { status: string; telegram_gift: { state: string; star_count: number } };
  expect(await greeting()).toMatchObject({ status: 'awaiting_payment', telegram_gift: { state: 'created', star_count: 25 } });

  // the server's invoice (XTR, one price) opens in Telegram
  await pay.click();
  await expect.poll(async () => (await telegramCalls(page, 'web_app_open_invoice')).length).toBe(1);
  const slug = ((await telegramCalls(page, 'web_app_open_invoice'))[0]![1] as { slug: string }).slug;
  const [link] = (await botApiCalls(request, 'createInvoiceLink')).filter((c) => String(c.result).endsWith(`$${slug}`));
  expect(link!.payload).toMatchObject({ currency: 'XTR', prices: [{ amount: 25 }] });
  return { id, token, payment, pay, slug, invoicePayload: String(link!.payload.payload), greeting };
}

test('a Telegram gift chosen in the wizard: a cancelled payment can be paid again, and the greeting stays held on the client\'s word alone', async ({ page, request }) => {
  const { payment, pay, slug, greeting } = await createWithGift(page, request, newTelegramId());
  await telegramEmit(page, 'invoice_closed', { slug, status: 'cancelled' });
  await expect(payment.getByText('Оплата отменена. Можно попробовать ещё раз.')).toBeVisible();
  await pay.click();
  await expect.poll(async () => (await telegramCalls(page, 'web_app_open_invoice')).length).toBe(2);
  await telegramEmit(page, 'invoice_closed', { slug, status: 'pending' });
  await expect(payment.getByText(/Платёж обрабатывается/)).toBeVisible();
  expect(await greeting()).toMatchObject({ status: 'awaiting_payment', telegram_gift: { state: 'created' } });
  await expect(payment).toBeVisible();
});

let updateId = Math.floor(Date.now() / 1000) * 10;
/** Telegram sends the bot an update: the fake Bot API posts it to the webhook this spec's server registered. */
async function telegramSends(request: APIRequestContext, app: string, update: Record<string, unknown>) {
  const res = await request.post(`${FAKE_BOT_API}/__updates?to=${encodeURIComponent(app)}`, { data: { update_id: ++updateId, ...update } });
  expect(res.status(), await res.text()).toBe(200);
}
const from = (id: number) => ({ id, is_bot: false, first_name: 'Ольга', language_code: 'ru' });

test('a Telegram gift paid in Stars: shared, accepted by another Telegram user and delivered once', async ({ page, browser, request, baseURL }) => {
  // Telegram reaches the bot by its webhook: the e2e server needs BOT_WEBHOOK_SECRET to register one
  const hooks = await botApiCalls(request, 'setWebhook');
  test.skip(!hooks.some((c) => String(c.payload.url).startsWith(baseURL!)), 'the e2e server registers no webhook (BOT_WEBHOOK_SECRET unset): no update can reach its bot');

  const sender = newTelegramId();
  const { id, token, payment, slug, invoicePayload } = await createWithGift(page, request, sender);
  // Telegram asks the bot before taking the Stars, then tells it the payment; only then does the client say paid
  const queryId = `pcq-${sender}`;
  await telegramSends(request, baseURL!, { pre_checkout_query: { id: queryId, from: from(sender), currency: 'XTR', total_amount: 25, invoice_payload: invoicePayload } });
  await expect.poll(async () => (await botApiCalls(request, 'answerPreCheckoutQuery')).find((c) => c.payload.pre_checkout_query_id === queryId)?.payload.ok).toBe(true);
  await telegramSends(request, baseURL!, {
    message: {
      message_id: 1,
      date: Math.floor(Date.now() / 1000),
      chat: { id: sender, type: 'private', first_name: 'Ольга' },
      from: from(sender),
      successful_payment: { currency: 'XTR', total_amount: 25, invoice_payload: invoicePayload, telegram_payment_charge_id: `charge-${sender}`, provider_payment_charge_id: '' },
    },
  });
  await telegramEmit(page, 'invoice_closed', { slug, status: 'paid' });
  await expect(payment).toHaveCount(0);

  // sharing: Telegram's «Отправить» hands the greeting to a chat
  await telegramEmit(page, 'main_button_pressed');
  await expect.poll(async () => (await telegramCalls(page, 'web_app_send_prepared_message')).length).toBe(1);

  // another Telegram user accepts; the bot sends them the gift, once
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const recipientPage = await ctx.newPage();
  const recipient = newTelegramId();
  await openTelegram(recipientPage, `/greeting/${id}?view=true`, { userId: recipient, name: 'Пётр' });
  await recipientPage.getByRole('button', { name: 'Принять' }).click();
  await expect.poll(async () => (await botApiCalls(request, 'sendGift')).filter((c) => Number(c.payload.user_id) === recipient).length).toBe(1);
  const [sent] = (await botApiCalls(request, 'sendGift')).filter((c) => Number(c.payload.user_id) === recipient);
  expect(sent!.payload).toMatchObject({ gift_id: '5168103777563050263' });

  // the sender sees it delivered
  await expect
    .poll(async () => ((await (await request.get(`/api/greetings/${id}`, { headers: authHeader(token) })).json()) as { telegram_gift: { state: string } }).telegram_gift.state)
    .toBe('delivered');
  await ctx.close();
});
