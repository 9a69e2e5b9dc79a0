import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contribute, deliver, groupCard, ledgerBalances, type User, userWithYang, yangOf } from './factories/group-cards';
import { createTestApp, type TestApp } from './helpers';

/**
 * The money of group cards (docs/PRODUCT-RULES.md, group cards): every contribution's gift is
 * escrowed when signed and settled exactly once — to the card's first acceptor, or back to its
 * author — under any concurrency, on SQLite and (with TEST_DATABASE_URL) PostgreSQL.
 */
let t: TestApp;
/** The people of these tests, made once (each test measures their balances before it begins). */
let pool: User[];
beforeAll(async () => {
  t = await createTestApp();
  pool = await users(40, 1000);
});
afterAll(async () => {
  await t.close();
});

const DAY = 86_400_000;
/** A small deterministic generator: the same "random" gifts on every run. */
function seeded(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s % n;
  };
}
const yangs = (list: User[]) => Promise.all(list.map((u) => yangOf(t, u)));
const sumOf = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
/** `n` users one after another (each sign-up's welcome balance is there before the next). */
async function users(n: number, yang = 0) {
  const list: User[] = [];
  for (let i = 0; i < n; i++) list.push(await userWithYang(t, yang));
  return list;
}

describe('accepting a group card', () => {
  it('30 contributors with random gifts, then 20 concurrent accepts (by 20 of them): one acceptor gains the exact sum once, every escrow is zero', async () => {
    const rand = seeded(45);
    const [organiser, ...signers] = pool.slice(0, 31) as [User, ...User[]];
    const card = await groupCard(t, organiser, { energy: 50 });
    const gifts = signers.map(() => rand(301));
    const start = await yangs(signers);
    await Promise.all(signers.map((s, i) => contribute(s, card, gifts[i]!, `Подпись ${i}`)));
    const sum = 50 + sumOf(gifts);
    expect((await ledgerBalances(t)).held).toBe(sum - 50);
    expect(await yangs(signers)).toEqual(start.map((y, i) => y - gifts[i]!));

    const delivered = await deliver(organiser, card.id);
    expect(delivered.group).toMatchObject({ signed_count: 30, gift_total: sum, givers: 1 + gifts.filter((g) => g > 0).length });

    // anyone but the organiser may accept a delivered card, a contributor too (their own gift comes back with the rest)
    const acceptors = signers.slice(5, 25);
    const before = await Promise.all(acceptors.map((a) => yangOf(t, a)));
    const answers = await Promise.all(acceptors.map((a) => a.post(`/api/greetings/${card.id}/accept`, {})));
    for (const r of answers) expect(r.statusCode, r.body).toBe(200);
    const received = answers.map((r) => (r.json() as { energy_received: number }).energy_received);
    expect(received.filter((e) => e > 0)).toEqual([sum]);
    const gained = await Promise.all(acceptors.map(async (a, i) => (await yangOf(t, a)) - before[i]!));
    expect(gained.reduce((a, b) => a + b, 0)).toBe(sum);
    expect((await ledgerBalances(t)).held).toBe(0);
    // the recipient's view: the board of notes and the whole gift with how many gave
    const view = (await acceptors[received.indexOf(sum)]!.get(`/api/greetings/${card.id}`)).json();
    expect(view.group.notes).toHaveLength(30);
    expect(view.group).toMatchObject({ invite: null, gift_total: sum });
  });
});

describe('refunds, each once', () => {
  /**
   * A card of `people[0]` with three signers (`people[1..3]`) giving 10, 20 and 30; `refunds()` is
   * what each signer has got back since, `gained(u)` what someone else gained since.
   */
  async function signedCard(people: User[]) {
    const [organiser, ...signers] = people as [User, User, User, User];
    const before = await yangs(people);
    const card = await groupCard(t, organiser);
    const contributions = await Promise.all(signers.map((s, i) => contribute(s, card, 10 * (i + 1))));
    const refunds = async () => (await yangs(signers)).map((y, i) => y - (before[i + 1]! - 10 * (i + 1)));
    return { organiser, card, signers, contributions, refunds };
  }
  /** Someone's balance now, to measure what they gain. */
  const baseline = async (u: User) => {
    const at = await yangOf(t, u);
    return async () => (await yangOf(t, u)) - at;
  };

  it('withdrawal and removal give the gift back once, also raced against delivery and an accept', async () => {
    const { organiser, card, signers, contributions, refunds } = await signedCard(pool.slice(0, 4));
    const acceptor = pool[4]!;
    const gained = await baseline(acceptor);
    // the author withdraws twice at once, the organiser removes another twice at once, while the card is delivered and accepted
    const [w1, w2, r1, r2] = await Promise.all([
      signers[0]!.delete(`/api/greetings/${card.id}/contributions/${contributions[0]!.id}`),
      signers[0]!.delete(`/api/greetings/${card.id}/contributions/${contributions[0]!.id}`),
      organiser.delete(`/api/greetings/${card.id}/contributions/${contributions[1]!.id}`),
      organiser.delete(`/api/greetings/${card.id}/contributions/${contributions[1]!.id}`),
      (async () => {
        await organiser.post(`/api/greetings/${card.id}/deliver`, {});
        await acceptor.post(`/api/greetings/${card.id}/accept`, {});
      })(),
    ]);
    const refunded = [w1, w2, r1, r2].filter((r) => r.statusCode === 200).map((r) => r.json().refunded_energy);
    for (const r of [w1, w2, r1, r2]) expect([200, 404, 409], r.body).toContain(r.statusCode);
    expect(refunded.filter((e) => e === 10).length).toBeLessThanOrEqual(1);
    expect(refunded.filter((e) => e === 20).length).toBeLessThanOrEqual(1);
    // whatever came first, every gift went exactly one way: back to its author or to the acceptor
    const back = sumOf(await refunds());
    const paid = await gained();
    expect(back + paid).toBe(60);
    expect((await ledgerBalances(t)).held).toBe(0);
  });

  it('cancelling gives every gift back once, also raced against an accept', async () => {
    const { organiser, card, refunds } = await signedCard(pool.slice(5, 9));
    await deliver(organiser, card.id);
    const acceptor = pool[9]!;
    const gained = await baseline(acceptor);
    const [cancel, cancelAgain, accept] = await Promise.all([
      organiser.delete(`/api/greetings/${card.id}`),
      organiser.delete(`/api/greetings/${card.id}`),
      acceptor.post(`/api/greetings/${card.id}/accept`, {}),
    ]);
    expect([cancel.statusCode, cancelAgain.statusCode].sort()).toEqual([200, 404]);
    const paid = await gained();
    const back = sumOf(await refunds());
    if (accept.statusCode === 200) expect(paid).toBe(60);
    else expect(back).toBe(60);
    expect(paid + back).toBe(60);
    expect((await ledgerBalances(t)).held).toBe(0);
  });

  it('30 days after delivery nobody accepted: every gift goes back once (the test clock), also raced against an accept', async () => {
    const first = await signedCard(pool.slice(10, 14));
    const second = await signedCard(pool.slice(14, 18));
    await deliver(first.organiser, first.card.id);
    await deliver(second.organiser, second.card.id);
    t.clock.advance(30 * DAY + 1000);
    const acceptor = pool[18]!;
    const gained = await baseline(acceptor);
    // the expiry of both cards runs while the second is accepted
    const [, accept] = await Promise.all([t.deps.jobs.runDue(), acceptor.post(`/api/greetings/${second.card.id}/accept`, {})]);
    expect(accept.statusCode, accept.body).toBe(200);
    await t.deps.jobs.runDue();
    expect(await first.refunds()).toEqual([10, 20, 30]);
    const paid = await gained();
    const back = sumOf(await second.refunds());
    expect(paid + back).toBe(60);
    expect([0, 60]).toContain(paid);
    // the organiser sees the card expired; a late accept of the first gets no contribution
    const late = pool[19]!;
    expect((await late.post(`/api/greetings/${first.card.id}/accept`, {})).json().energy_received).toBe(0);
    expect((await first.organiser.get(`/api/greetings/${first.card.id}`)).json().group).toMatchObject({ expired: true, gift_total: 0 });
    expect((await ledgerBalances(t)).held).toBe(0);
  });

  it('the ledger balances after a random mix of signing, editing, withdrawing, removing, delivering, accepting, cancelling and expiring', async () => {
    const rand = seeded(7);
    const people = pool.slice(20, 32);
    const cards: { organiser: User; card: { id: string; invite: string } }[] = [];
    for (const organiser of pool.slice(32, 36)) cards.push({ organiser, card: await groupCard(t, organiser, { energy: rand(40) }) });
    const ops: Promise<unknown>[] = [];
    for (let i = 0; i < 60; i++) {
      const c = cards[rand(cards.length)]!;
      const card = c.card;
      const who = people[rand(people.length)]!;
      const base = `/api/greetings/${card.id}`;
      switch (rand(8)) {
        case 0:
        case 1:
          ops.push(who.post(`${base}/contributions`, { invite: card.invite, message: 'Ура', energy: rand(120) }));
          break;
        case 2:
          ops.push(
            who.get(`/api/greetings/${card.id}/contributions`).then(async (r) => {
              const mine = r.statusCode === 200 ? (r.json().items as { id: number; is_own: boolean }[]).find((x) => x.is_own) : undefined;
              if (mine) await who.patch(`${base}/contributions/${mine.id}`, { energy: rand(150) });
            }),
          );
          break;
        case 3:
          ops.push(
            c.organiser.get(`${base}/contributions`).then(async (r) => {
              const any = r.statusCode === 200 ? (r.json().items as { id: number }[])[0] : undefined;
              if (any) await c.organiser.delete(`${base}/contributions/${any.id}`);
            }),
          );
          break;
        case 4:
          ops.push(c.organiser.post(`${base}/deliver`, {}));
          break;
        case 5:
          ops.push(who.post(`${base}/accept`, {}));
          break;
        case 6:
          if (rand(4) === 0) ops.push(c.organiser.delete(base));
          break;
        default:
          ops.push(t.deps.jobs.runDue());
      }
    }
    const answers = await Promise.all(ops);
    for (const r of answers) {
      const status = (r as { statusCode?: number } | undefined)?.statusCode;
      if (status !== undefined) expect(status, (r as { body: string }).body).toBeLessThan(500);
    }
    t.clock.advance(31 * DAY);
    await t.deps.jobs.runDue();
    await ledgerBalances(t);
  });
});
