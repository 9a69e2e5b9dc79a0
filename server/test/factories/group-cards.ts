import { expect } from 'vitest';
import type { Contribution, Greeting } from '@otkrytka/contract';
import { getBalances } from '../../src/modules/ledger';
import { signUp, type Client, type TestApp } from '../helpers';
import { grantBalance } from './game';
import { sendGreeting } from './greetings';

export type User = Awaited<ReturnType<typeof signUp>>;

/** A signed-in user holding `yang` energy (on top of the starting balance). */
export async function userWithYang(t: TestApp, yang = 0): Promise<User> {
  const u = await signUp(t.app);
  // the welcome balances come with the account's game state (a job of its sign-up, which a
  // concurrent request's run may still hold): wait for it, so every user starts alike
  for (let i = 0; !(await t.db.selectFrom('game_state').select('user_id').where('user_id', '=', u.user.id).executeTakeFirst()); i++) {
    if (i > 500) throw new Error('no game state for a new user');
    await t.deps.jobs.runDue();
    await new Promise((r) => setImmediate(r));
  }
  if (yang > 0) await grantBalance(t, u.user.id, 'yang', yang);
  return u;
}

export const yangOf = async (t: TestApp, u: User) => (await getBalances(t.db, u.user.id)).yang;

/** A group card made through the API by `organiser` (held, collecting signatures). */
export async function groupCard(t: TestApp, organiser: Client, over: Record<string, unknown> = {}): Promise<Greeting & { invite: string }> {
  const g = await sendGreeting(t, organiser, { group: true, to_whom: 'Ане', ...over });
  expect(g.group?.invite, 'the organiser gets the invite').toBeTruthy();
  return { ...g, invite: g.group!.invite! };
}

/** Signs a card: `POST /api/greetings/{id}/contributions`. */
export async function contribute(who: Client, card: { id: string; invite: string }, energy = 0, message = 'Поздравляю!'): Promise<Contribution> {
  const res = await who.post(`/api/greetings/${card.id}/contributions`, { invite: card.invite, message, from_whom: null, energy });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Contribution;
}

export async function deliver(organiser: Client, id: string) {
  const res = await organiser.post(`/api/greetings/${id}/deliver`, {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Greeting;
}

/**
 * The money invariants: every balance equals the sum of its ledger rows, and the ledger rows of
 * each contribution sum to what it still holds (0 once settled). Answers the yang held in escrow.
 */
export async function ledgerBalances(t: TestApp): Promise<{ held: number }> {
  const sums = await t.db
    .selectFrom('ledger')
    .select(['user_id', 'asset'])
    .select((eb) => eb.fn.sum<number>('delta').as('total'))
    .groupBy(['user_id', 'asset'])
    .execute();
  const balances = await t.db.selectFrom('balances').select(['user_id', 'asset', 'amount']).execute();
  const byKey = new Map(balances.map((b) => [`${b.user_id}:${b.asset}`, b.amount]));
  for (const s of sums) expect(byKey.get(`${s.user_id}:${s.asset}`) ?? 0, `balance of ${s.user_id} ${s.asset}`).toBe(Number(s.total));
  const refs = await t.db
    .selectFrom('ledger')
    .select('ref_id')
    .select((eb) => eb.fn.sum<number>('delta').as('total'))
    .where('ref_type', '=', 'greeting_contribution')
    .groupBy('ref_id')
    .execute();
  const live = await t.db.selectFrom('greeting_contributions').select(['id', 'energy', 'gift_settled_to']).execute();
  const liveById = new Map(live.map((c) => [String(c.id), c]));
  let held = 0;
  for (const r of refs) {
    const c = liveById.get(r.ref_id!);
    const holds = c && c.gift_settled_to === null ? c.energy : 0;
    expect(Number(r.total) + holds, `escrow of contribution ${r.ref_id} beyond what it holds`).toBe(0);
    held += holds;
  }
  return { held };
}
