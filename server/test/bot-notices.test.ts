import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptGreeting, sendGreeting, viewGreeting } from './factories/greetings';
import { startFakeBotApi, type FakeBotApi } from './fakes/bot-api';
import { createTestApp, signUp, type TestApp } from './helpers';

/**
 * A sender whose account is linked to Telegram hears from the bot what became of their greeting:
 * the notice the app shows, in their language, with a button that opens the greeting in the Mini App.
 */
const PUBLIC_URL = 'https://o.example';
let fake: FakeBotApi;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeBotApi();
  t = await createTestApp({ PUBLIC_URL, BOT_USERNAME: 'otkrytka_test_bot', BOT_API_ROOT: fake.url });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

let nextTelegramId = 5_000_100;
/** A user whose account is linked to Telegram (as signing in from the Mini App links it). */
async function telegramUser(language?: 'en') {
  const u = await signUp(t.app);
  const telegramId = nextTelegramId++;
  await t.db.updateTable('users').set({ telegram_id: String(telegramId) }).where('id', '=', u.user.id).execute();
  if (language) expect((await u.put('/api/settings/language', { value: language })).statusCode).toBe(200);
  return { ...u, telegramId };
}

/** The bot's messages to a chat since `from`, once the jobs after each write have run. */
async function messagesTo(chatId: number, from: number) {
  await t.deps.jobs.settled();
  return fake.calls.slice(from).filter((c) => c.method === 'sendMessage' && c.payload.chat_id === chatId);
}

/** A Telegram sender's greeting «Оле», accepted by someone, with the bot's messages of that sent. */
async function acceptedGreeting() {
  const sender = await telegramUser();
  const g = await sendGreeting(t, sender, { to_whom: 'Оле' });
  const acceptor = await signUp(t.app);
  await acceptGreeting(acceptor, g.id);
  await t.deps.jobs.settled();
  return { sender, g, acceptor };
}

describe('the bot tells a Telegram sender what became of their greeting', () => {
  it('opened, accepted with the gift, replied: each in a message with a button that opens the greeting', async () => {
    const sender = await telegramUser();
    const g = await sendGreeting(t, sender, { to_whom: 'Оле', energy: 5 });
    const acceptor = await signUp(t.app);
    const before = fake.calls.length;

    await viewGreeting(acceptor, g.id);
    await acceptGreeting(acceptor, g.id);
    expect((await acceptor.put(`/api/greetings/${g.id}/reply`, { reaction: '❤️', text: 'Спасибо!' })).statusCode).toBe(200);

    const sent = await messagesTo(sender.telegramId, before);
    expect(sent.map((c) => c.payload.text)).toEqual([
      'Ваше поздравление «Оле» открыли',
      `${acceptor.login} принял(а) ваше поздравление «Оле» и получил(а) ваш подарок — энергию: 5`,
      `${acceptor.login} пишет в ответ на ваше поздравление «Оле»: ❤️ Спасибо!`,
    ]);
    for (const c of sent) {
      const button = (c.payload.reply_markup as { inline_keyboard: { text: string; web_app: { url: string } }[][] }).inline_keyboard[0]![0];
      expect(button!.text).toBe('Открыть поздравление');
      expect(button!.web_app.url).toMatch(new RegExp(`^${PUBLIC_URL}/telegram/greeting/${g.id}\\?view=true`));
    }
  });

  it('an edited reply edits the message the sender got, with its button, and sends no second one', async () => {
    const { sender, g, acceptor } = await acceptedGreeting();
    const before = fake.calls.length;
    expect((await acceptor.put(`/api/greetings/${g.id}/reply`, { reaction: '❤️', text: 'Спасибо!' })).statusCode).toBe(200);
    const [reply] = await messagesTo(sender.telegramId, before);

    expect((await acceptor.put(`/api/greetings/${g.id}/reply`, { reaction: '🙏', text: 'Спасибо огромное!' })).statusCode).toBe(200);
    await t.deps.jobs.settled();
    const edits = fake.calls.slice(before).filter((c) => c.method === 'editMessageText');
    expect(edits.map((c) => [c.payload.chat_id, c.payload.message_id, c.payload.text])).toEqual([
      [sender.telegramId, (reply!.result as { message_id: number }).message_id, `${acceptor.login} пишет в ответ на ваше поздравление «Оле»: 🙏 Спасибо огромное!`],
    ]);
    expect(edits[0]!.payload.reply_markup).toEqual(reply!.payload.reply_markup);
    expect(await messagesTo(sender.telegramId, before)).toHaveLength(1);
  });

  it('a reply edited while the first message is still on its way to Telegram: that message is edited once it has arrived', async () => {
    const { sender, g, acceptor } = await acceptedGreeting();
    const before = fake.calls.length;
    fake.delayNext('sendMessage', 400);
    expect((await acceptor.put(`/api/greetings/${g.id}/reply`, { reaction: '❤️', text: 'Спасибо!' })).statusCode).toBe(200);
    await expect.poll(() => fake.held()).toBe(1);
    expect((await acceptor.put(`/api/greetings/${g.id}/reply`, { reaction: '🙏', text: 'Спасибо огромное!' })).statusCode).toBe(200);
    const [reply] = await messagesTo(sender.telegramId, before);
    expect(reply!.payload.text).toBe(`${acceptor.login} пишет в ответ на ваше поздравление «Оле»: ❤️ Спасибо!`);
    const edits = fake.calls.slice(before).filter((c) => c.method === 'editMessageText');
    expect(edits.map((c) => [c.payload.message_id, c.payload.text])).toEqual([
      [(reply!.result as { message_id: number }).message_id, `${acceptor.login} пишет в ответ на ваше поздравление «Оле»: 🙏 Спасибо огромное!`],
    ]);
    expect(edits[0]!.payload.reply_markup).toEqual(reply!.payload.reply_markup);
  });

  it('speaks the sender’s language', async () => {
    const sender = await telegramUser('en');
    const g = await sendGreeting(t, sender, { to_whom: 'Ann' });
    const acceptor = await signUp(t.app);
    const before = fake.calls.length;
    await acceptGreeting(acceptor, g.id);
    const sent = await messagesTo(sender.telegramId, before);
    expect(sent.map((c) => c.payload.text)).toContain(`${acceptor.login} accepted your greeting to Ann`);
    expect(sent.every((c) => (c.payload.reply_markup as { inline_keyboard: { text: string }[][] }).inline_keyboard[0]![0]!.text === 'Open the greeting')).toBe(true);
  });

  it('says nothing to a sender without Telegram, nor of the game’s notices (the acceptor’s gift)', async () => {
    const sender = await signUp(t.app);
    const g = await sendGreeting(t, sender, { to_whom: 'Оле', energy: 5 });
    const acceptor = await telegramUser();
    const before = fake.calls.length;
    await acceptGreeting(acceptor, g.id);
    await t.deps.jobs.settled();
    expect(await t.db.selectFrom('notifications').select('type').where('user_id', '=', acceptor.user.id).where('type', '=', 'gift').execute()).toHaveLength(1);
    expect(fake.calls.slice(before).filter((c) => c.method === 'sendMessage')).toEqual([]);
  });

  it('when Telegram refuses the message (the user never started the bot), tries once, finishes its job and keeps the notice in the app', async () => {
    const sender = await telegramUser();
    const g = await sendGreeting(t, sender, { to_whom: 'Оле' });
    const before = fake.calls.length;
    fake.failNext('sendMessage', 'Forbidden: bot was blocked by the user');
    await acceptGreeting(await signUp(t.app), g.id);
    expect(await messagesTo(sender.telegramId, before)).toHaveLength(1);
    const shown = (await sender.get('/api/notifications')).json() as { notifications: { id: number; title: string }[] };
    const notice = shown.notifications.find((n) => n.title === 'Ваше поздравление приняли');
    expect(notice).toBeDefined();
    // the bot's part of the notice's job is done, not left failing to be tried again
    const handled = await t.db
      .selectFrom('jobs')
      .innerJoin('job_handled', 'job_handled.job_id', 'jobs.id')
      .select('job_handled.handler')
      .where('jobs.type', '=', 'notification.created')
      .where('jobs.payload', 'like', `%"notificationId":${notice!.id}}%`)
      .execute();
    expect(handled.map((h) => h.handler)).toContain('telegram');
    await t.deps.jobs.runDue();
    expect(await messagesTo(sender.telegramId, before)).toHaveLength(1);
  });
});

describe('the bot reminds a Telegram user of their dates', () => {
  it('in their language, with a button that opens the Mini App on the way to a greeting for the person', async () => {
    const u = await telegramUser('en');
    const d = (await u.post('/api/dates', { person_name: 'Mum', kind: 'birthday', day: 14, month: 3, year: null, time_zone: 'Europe/Moscow' })).json() as { id: number; next_date: string };
    const before = fake.calls.length;
    const year = Number(d.next_date.slice(0, 4));
    const moment = Date.parse(`${year}-03-13T07:00:01Z`);
    // the clock only moves forward: this test moves it last in this file
    t.clock.advance(Math.max(0, moment - t.clock.now().getTime()));
    await t.deps.jobs.runDue();
    const sent = await messagesTo(u.telegramId, before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.payload.text).toBe('Mum: birthday tomorrow');
    const button = (sent[0]!.payload.reply_markup as { inline_keyboard: { text: string; web_app: { url: string } }[][] }).inline_keyboard[0]![0]!;
    expect(button.text).toBe('Send a greeting');
    expect(button.web_app.url).toBe(`${PUBLIC_URL}/telegram/gallery?to=Mum&opens=${year}-03-14&date=${d.id}`);
  });
});
