import { signInitData } from '../../src/platform/telegram';
import { TELEGRAM_WEBHOOK_PATH } from '../../src/modules/share/webhook';
import { fakeUpdates } from '../fakes/bot-api';
import { client, createTestApp, TEST_BOT_TOKEN, type TestApp } from '../helpers';
import { startFakeBotApi, type FakeBotApi } from '../fakes/bot-api';

/** What the Stars tests share: the app by webhook against the recording fake Bot API. */
export const WEBHOOK_SECRET = 'stars-webhook-secret-0123456789';
export const METRICS_TOKEN = 'stars-metrics-token';

export async function starsApp(): Promise<{ t: TestApp; fake: FakeBotApi }> {
  const fake = await startFakeBotApi();
  const t = await createTestApp({ PUBLIC_URL: 'https://o.example', BOT_USERNAME: 'otkrytka_test_bot', BOT_API_ROOT: fake.url, BOT_WEBHOOK_SECRET: WEBHOOK_SECRET, METRICS_TOKEN });
  return { t, fake };
}

/** A user signed in through the Mini App (a Telegram sign-in) with Telegram id `telegramId`. */
export async function telegramUser(t: TestApp, telegramId: number, opts: { allowsWrite?: boolean; lang?: string } = {}) {
  const initData = signInitData(
    { user: { id: telegramId, first_name: `Гость${telegramId}`, language_code: opts.lang ?? 'ru', ...(opts.allowsWrite === false ? {} : { allows_write_to_pm: true }) } },
    TEST_BOT_TOKEN,
    t.clock.now(),
  );
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/telegram', payload: { init_data: initData } });
  if (res.statusCode !== 200 && res.statusCode !== 201) throw new Error(`telegram sign-in failed: ${res.statusCode} ${res.body}`);
  const json = res.json() as { access_token: string; user: { id: number } };
  return { ...client(t.app, json.access_token), user: json.user, telegramId };
}

/** Telegram posts an update to the webhook (any instance's app). */
export const postUpdate = (app: TestApp['app'], update: unknown) =>
  app.inject({
    method: 'POST',
    url: TELEGRAM_WEBHOOK_PATH,
    headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': WEBHOOK_SECRET },
    payload: JSON.stringify(update),
  });

/** The buyer pays the order in Telegram: the charge appears in Telegram's record, and the payment update comes (once unless repeated). */
export function payment(fake: FakeBotApi, o: { fromId: number; orderId: number; amount: number; chargeId: string }) {
  fake.starTransactions.push({
    id: o.chargeId,
    amount: o.amount,
    date: Math.floor(Date.now() / 1000) + 3600 * 24 * 40,
    source: { type: 'user', transaction_type: 'invoice_payment', user: { id: o.fromId, is_bot: false, first_name: 'Покупатель' }, invoice_payload: `order:${o.orderId}` },
  });
  return fakeUpdates.successfulPayment({ fromId: o.fromId, orderPayload: `order:${o.orderId}`, totalAmount: o.amount, chargeId: o.chargeId });
}

/** Waits until `check` holds (no fixed sleeps), at most `ms`. */
export async function until(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}
