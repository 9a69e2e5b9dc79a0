import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Greeting, GreetingReply, ReceivedGreeting } from '@otkrytka/contract';
import { acceptGreeting, notificationsOf, sendGreeting, viewGreeting } from './factories/greetings';
import { client, createTestApp, signUp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MIN = 60_000;
type User = Awaited<ReturnType<typeof signUp>>;

/** A greeting from a fresh sender, accepted by a fresh acceptor. */
async function acceptedGreeting() {
  const sender = await signUp(t.app);
  const acceptor = await signUp(t.app);
  const g = await sendGreeting(t, sender, { to_whom: 'Оле' });
  await acceptGreeting(acceptor, g.id);
  return { sender, acceptor, g };
}

const reply = (who: Pick<User, 'put'>, id: string, body: unknown) => who.put(`/api/greetings/${id}/reply`, body);

describe('thank-you reply', () => {
  it('the acceptor replies with a reaction and a text; the sender sees it on the page, in the lists and in one notification', async () => {
    const { sender, acceptor, g } = await acceptedGreeting();
    const res = await reply(acceptor, g.id, { reaction: '❤️', text: '  Спасибо большое!  ' });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json() as GreetingReply;
    expect(r).toMatchObject({ reaction: '❤️', text: 'Спасибо большое!', from: acceptor.login });
    expect(r.editable_until).toBe(new Date(Date.parse(r.replied_at) + 10 * MIN).toISOString());

    const asSender = (await viewGreeting(sender, g.id)) as Greeting;
    expect(asSender.replies).toEqual([r]);
    expect(asSender.reply).toBeNull();
    const asAcceptor = (await viewGreeting(acceptor, g.id)) as Greeting;
    expect(asAcceptor.reply).toEqual(r);
    expect(asAcceptor.replies).toEqual([]);

    const created = (await sender.get('/api/greetings/created')).json() as { items: { id: string; reply: GreetingReply | null }[] };
    expect(created.items.find((x) => x.id === g.id)!.reply).toEqual(r);
    const received = (await sender.get('/api/greetings/received')).json() as { items: ReceivedGreeting[] };
    expect(received.items.find((x) => x.greeting_id === g.id)!.reply).toEqual(r);

    const sent = await notificationsOf(t, sender.user.id, ['greeting_reply']);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.message).toBe(`${acceptor.login} пишет в ответ на ваше поздравление «Оле»: ❤️ Спасибо большое!`);
    expect(JSON.parse(sent[0]!.template!)).toEqual({ key: 'greeting_reply', params: { name: acceptor.login, to: 'Оле', reaction: '❤️', text: 'Спасибо большое!' } });
    // rendered in the reader's language by the API
    expect((await sender.put('/api/settings/language', { value: 'en' })).statusCode).toBe(200);
    const en = (await sender.get('/api/notifications?type=greeting_reply')).json() as {
      notifications: { title: string; message: string }[];
    };
    expect(en.notifications[0]).toMatchObject({ title: 'A reply to your greeting', message: `${acceptor.login} replied to your greeting to Оле: ❤️ Спасибо большое!` });
    expect(JSON.parse(sent[0]!.actions)[0]).toMatchObject({ action_type: 'open_greeting', action_params: { greeting_id: g.id } });
  });

  it('a Telegram user is called by the name Telegram gave them, not by their @handle', async () => {
    const { sender, acceptor, g } = await acceptedGreeting();
    // what a Telegram sign-in stores: the @handle as username, the name as first and last name
    await t.db.updateTable('users').set({ username: 'zina_1950', first_name: 'Зинаида', last_name: null }).where('id', '=', acceptor.user.id).execute();
    const r = (await reply(acceptor, g.id, { reaction: '❤️' })).json() as GreetingReply;
    expect(r.from).toBe('Зинаида');
    const received = (await sender.get('/api/greetings/received')).json() as { items: ReceivedGreeting[] };
    expect(received.items.find((x) => x.greeting_id === g.id)).toMatchObject({ accepted_by: 'Зинаида', reply: { from: 'Зинаида' } });
    const sent = await notificationsOf(t, sender.user.id, ['greeting_reply']);
    expect(JSON.parse(sent.at(-1)!.template!).params.name).toBe('Зинаида');
  });

  it('a reaction alone or a text alone is enough', async () => {
    const one = await acceptedGreeting();
    expect((await reply(one.acceptor, one.g.id, { reaction: '🎉' })).json()).toMatchObject({ reaction: '🎉', text: null });
    const two = await acceptedGreeting();
    expect((await reply(two.acceptor, two.g.id, { text: 'Спасибо' })).json()).toMatchObject({ reaction: null, text: 'Спасибо' });
  });

  it("an edit rewrites what the sender's notification of that reply says, and only that one", async () => {
    const { sender, acceptor, g } = await acceptedGreeting();
    const second = await signUp(t.app);
    await acceptGreeting(second, g.id);
    await reply(acceptor, g.id, { reaction: '🙏' });
    await reply(second, g.id, { text: 'Спасибо!' });

    t.clock.advance(5 * MIN);
    expect((await reply(acceptor, g.id, { reaction: '🥰', text: 'Очень тронута' })).statusCode).toBe(200);

    const sent = await notificationsOf(t, sender.user.id, ['greeting_reply']);
    expect(sent).toHaveLength(2);
    expect(sent[0]!.message).toBe(`${acceptor.login} пишет в ответ на ваше поздравление «Оле»: 🥰 Очень тронута`);
    expect(sent[1]!.message).toBe(`${second.login} пишет в ответ на ваше поздравление «Оле»: Спасибо!`);
    // and the app, which renders the stored template
    const shown = (await sender.get('/api/notifications?type=greeting_reply')).json() as { notifications: { message: string }[] };
    expect(shown.notifications.map((n) => n.message)).toContain(`${acceptor.login} пишет в ответ на ваше поздравление «Оле»: 🥰 Очень тронута`);
  });

  it('can be edited within 10 minutes of the first reply, never after; edits notify nobody', async () => {
    const { sender, acceptor, g } = await acceptedGreeting();
    const first = (await reply(acceptor, g.id, { reaction: '🙏' })).json() as GreetingReply;

    t.clock.advance(9 * MIN);
    const edited = await reply(acceptor, g.id, { reaction: '🥰', text: 'Очень тронута' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ reaction: '🥰', text: 'Очень тронута', replied_at: first.replied_at, editable_until: first.editable_until });
    expect((edited.json() as GreetingReply).updated_at > first.updated_at).toBe(true);

    // the window counts from the first reply, not from the last edit
    t.clock.advance(MIN + 1000);
    const late = await reply(acceptor, g.id, { reaction: '😂' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'GREETING_REPLY_LOCKED' });
    expect(((await viewGreeting(sender, g.id)) as Greeting).replies[0]).toMatchObject({ reaction: '🥰', text: 'Очень тронута' });
    expect(await notificationsOf(t, sender.user.id, ['greeting_reply'])).toHaveLength(1);
  });

  it('only someone who accepted may reply: the sender and other users get 403, a visitor 401', async () => {
    const { sender, g } = await acceptedGreeting();
    const stranger = await signUp(t.app);
    await viewGreeting(stranger, g.id); // having opened it is not enough

    const own = await reply(sender, g.id, { reaction: '❤️' });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'FORBIDDEN' });
    const other = await reply(stranger, g.id, { reaction: '❤️' });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'FORBIDDEN' });
    const anon = await reply(client(t.app), g.id, { reaction: '❤️' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toMatchObject({ code: 'AUTH_REQUIRED' });
    expect(((await viewGreeting(sender, g.id)) as Greeting).replies).toEqual([]);

    const missing = await reply(stranger, 'AAAAAAAAAAAAAAAAAAAAAA', { reaction: '❤️' });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses bad replies with 422 naming the field', async () => {
    const { acceptor, g } = await acceptedGreeting();
    const cases: [unknown, string][] = [
      [{ text: 'а'.repeat(501) }, 'text'],
      [{ reaction: '❤️', text: `${'б'.repeat(501)}` }, 'text'],
      [{}, 'text'],
      [{ text: '   \n ' }, 'text'],
      [{ reaction: null, text: null }, 'text'],
      [{ reaction: '👍' }, 'reaction'],
      [{ reaction: 5 }, 'reaction'],
      [{ text: 42 }, 'text'],
    ];
    for (const [body, field] of cases) {
      const res = await reply(acceptor, g.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ code: 'VALIDATION_ERROR', field });
    }
    // 500 characters after trimming is the limit, and fits
    const ok = await reply(acceptor, g.id, { text: `  ${'в'.repeat(500)}  ` });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as GreetingReply).text).toHaveLength(500);
  });
});
