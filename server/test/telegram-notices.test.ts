import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffMs } from '../src/jobs/runner';
import { BOT_RETRY } from '../src/platform/bot';
import { freezeClock } from './factories/game';
import { acceptGreeting, sendGreeting } from './factories/greetings';
import { startFakeBotApi, type FakeBotApi } from './fakes/bot-api';
import { createTestApp, onPostgres, signUp, type TestApp } from './helpers';
import { startFront } from './support/bot-front';
import type { ManualClock } from '../src/platform/clock';

/**
 * The bot's message of a notice is a job of the outbox: sent once, even when the job fails after
 * the message went out, and sent later when Telegram asks to wait or does not answer.
 * (What the messages say: bot-notices.test.ts.)
 */


let fake: FakeBotApi;
let front: Awaited<ReturnType<typeof startFront>>;
let t: TestApp;
/** stands still unless advanced: the waits below are exact */
let clock: ManualClock;

beforeAll(async () => {
  fake = await startFakeBotApi();
  front = await startFront(fake.url);
  t = await createTestApp({ PUBLIC_URL: 'https://o.example', BOT_USERNAME: 'otkrytka_test_bot', BOT_API_ROOT: front.url });
  clock = freezeClock(t);
});
afterAll(async () => {
  await t.close();
  await front.close();
  await fake.close();
});
/** the waits of a call retried in place, taken at once and read back */
let waits: number[];
beforeEach(() => {
  waits = [];
  vi.spyOn(BOT_RETRY, 'sleep').mockImplementation(async (ms) => void waits.push(ms));
});

let nextTelegramId = 5_000_900;
/** A Telegram sender's greeting «Оле», and the acceptor who will accept it. */
async function greetingOfTelegramSender() {
  const sender = await signUp(t.app);
  const telegramId = nextTelegramId++;
  await t.db.updateTable('users').set({ telegram_id: String(telegramId) }).where('id', '=', sender.user.id).execute();
  const g = await sendGreeting(t, sender, { to_whom: 'Оле' });
  return { sender, telegramId, g, acceptor: await signUp(t.app) };
}

/** The messages the fake Bot API delivered to a chat, once the jobs running have finished. */
async function deliveredTo(chatId: number) {
  await t.deps.jobs.settled();
  return fake.callsOf('sendMessage').filter((c) => c.payload.chat_id === chatId);
}

/** The bot's message job of the «accepted» notice of a sender. */
async function noticeJobOf(userId: number) {
  return t.db
    .selectFrom('jobs')
    .selectAll()
    .where('type', '=', 'telegram.notice')
    .where('payload', 'like', `{"userId":${userId},%`)
    .executeTakeFirstOrThrow();
}

/** Makes the database refuse to finish the bot's message jobs (as a lost connection would), until `allow()`. */
async function refuseToFinishNoticeJobs() {
  const refusal = 'the database refused to finish the job';
  if (onPostgres) {
    await sql
      .raw(
        `create function refuse_notice_done() returns trigger language plpgsql as $$ begin raise exception '${refusal}'; end $$;
         create trigger refuse_notice_done before update on jobs for each row
           when (new.type = 'telegram.notice' and new.done_at is not null) execute function refuse_notice_done();`,
      )
      .execute(t.db);
  } else {
    await sql
      .raw(
        `create trigger refuse_notice_done before update on jobs
           when new.type = 'telegram.notice' and new.done_at is not null
           begin select raise(abort, '${refusal}'); end`,
      )
      .execute(t.db);
  }
  return {
    refusal,
    allow: async () => {
      await sql.raw(onPostgres ? 'drop trigger refuse_notice_done on jobs; drop function refuse_notice_done();' : 'drop trigger refuse_notice_done').execute(t.db);
    },
  };
}

describe("the bot's message of a notice", () => {
  it('is a job of its own, queued by the notice, that ends when the message is sent with its id kept', async () => {
    const { sender, telegramId, g, acceptor } = await greetingOfTelegramSender();
    await acceptGreeting(acceptor, g.id);
    const [message] = await deliveredTo(telegramId);
    expect(message!.payload.text).toBe(`${acceptor.login} принял(а) ваше поздравление «Оле»`);
    const job = await noticeJobOf(sender.user.id);
    expect(job.done_at).not.toBeNull();
    expect(job.attempts).toBe(1);
    const { notificationId } = JSON.parse(job.payload) as { notificationId: number };
    const kept = await t.db.selectFrom('telegram_notice_messages').selectAll().where('notification_id', '=', notificationId).executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ chat_id: String(telegramId), message_id: (message!.result as { message_id: number }).message_id });
  });

  it('whose job fails after the message went out is not sent again when the job is retried', async () => {
    const { sender, telegramId, g, acceptor } = await greetingOfTelegramSender();
    const db = await refuseToFinishNoticeJobs();
    try {
      await acceptGreeting(acceptor, g.id);
      expect(await deliveredTo(telegramId)).toHaveLength(1);
      const failed = await noticeJobOf(sender.user.id);
      expect(failed.done_at).toBeNull();
      expect(failed.last_error).toContain(db.refusal);
    } finally {
      await db.allow();
    }
    clock.advance(backoffMs(1));
    await t.deps.jobs.runDue();
    expect(await deliveredTo(telegramId)).toHaveLength(1);
    const job = await noticeJobOf(sender.user.id);
    expect(job.attempts).toBe(2);
    expect(job.done_at).not.toBeNull();
  });

  it("waits the retry_after of Telegram's flood control, without counting it as a failure", async () => {
    const { sender, telegramId, g, acceptor } = await greetingOfTelegramSender();
    front.answerNext('sendMessage', 429, { ok: false, error_code: 429, description: 'Too Many Requests: retry after 7', parameters: { retry_after: 7 } });
    await acceptGreeting(acceptor, g.id);
    expect(await deliveredTo(telegramId)).toHaveLength(0);
    const waiting = await noticeJobOf(sender.user.id);
    expect(waiting.attempts).toBe(0);
    expect(Date.parse(waiting.run_at) - clock.now().getTime()).toBe(7000);

    clock.advance(6000);
    await t.deps.jobs.runDue();
    expect(await deliveredTo(telegramId)).toHaveLength(0);
    clock.advance(1000);
    await t.deps.jobs.runDue();
    expect(await deliveredTo(telegramId)).toHaveLength(1);
    expect(await noticeJobOf(sender.user.id)).toMatchObject({ attempts: 1, last_error: null });
  });

  it('waits a short retry_after in the same attempt and is sent by it', async () => {
    const { sender, telegramId, g, acceptor } = await greetingOfTelegramSender();
    front.answerNext('sendMessage', 429, { ok: false, error_code: 429, description: 'Too Many Requests: retry after 2', parameters: { retry_after: 2 } });
    await acceptGreeting(acceptor, g.id);
    const [message] = await deliveredTo(telegramId);
    expect(message!.payload).toMatchObject({ chat_id: telegramId, text: `${acceptor.login} принял(а) ваше поздравление «Оле»` });
    expect(waits).toEqual([2000]);
    expect(await noticeJobOf(sender.user.id)).toMatchObject({ attempts: 1, last_error: null });
  });

  it('is tried again with backoff while Telegram fails (in the attempt, then by the job), and sent once it answers', async () => {
    const { sender, telegramId, g, acceptor } = await greetingOfTelegramSender();
    // each attempt tries BOT_RETRY.attempts times: two whole attempts fail
    front.answerNext('sendMessage', 502, { ok: false, error_code: 502, description: 'Bad Gateway' }, 2 * BOT_RETRY.attempts);
    await acceptGreeting(acceptor, g.id);
    for (const attempt of [1, 2]) {
      expect(await deliveredTo(telegramId)).toHaveLength(0);
      clock.advance(backoffMs(attempt));
      await t.deps.jobs.runDue();
    }
    expect(await deliveredTo(telegramId)).toHaveLength(1);
    expect((await noticeJobOf(sender.user.id)).attempts).toBe(3);
    expect(waits).toEqual([500, 1000, 500, 1000]);
  });

  it('is not sent to a user whose launch data said the bot may not write to them, nor again after they blocked it', async () => {
    const quiet = await greetingOfTelegramSender();
    await t.db.insertInto('settings').values({ user_id: quiet.sender.user.id, key: 'telegram_allows_write_to_pm', value: 'false', updated_at: clock.now().toISOString() }).execute();
    await acceptGreeting(quiet.acceptor, quiet.g.id);
    expect(await deliveredTo(quiet.telegramId)).toHaveLength(0);

    const blocked = await greetingOfTelegramSender();
    front.answerNext('sendMessage', 403, { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' });
    await acceptGreeting(blocked.acceptor, blocked.g.id);
    await t.deps.jobs.settled();
    const kept = await t.db.selectFrom('settings').select('value').where('user_id', '=', blocked.sender.user.id).where('key', '=', 'telegram_allows_write_to_pm').executeTakeFirst();
    expect(kept?.value).toBe('false');
    // the next notice is not even tried
    const before = fake.callsOf('sendMessage').length;
    const again = await sendGreeting(t, blocked.sender, { to_whom: 'Ивану' });
    await acceptGreeting(await signUp(t.app), again.id);
    await t.deps.jobs.settled();
    expect(fake.callsOf('sendMessage')).toHaveLength(before);
  });
});
