import type { TestApp } from '../helpers';
import { runGame } from '../../src/modules/game/engine';
import { type GameActionEvent, recordGameAction } from '../../src/modules/game/subscribers';
import { writeTx } from '../../src/jobs/runner';
import { type Asset, applyLedger } from '../../src/modules/ledger';
import { grantExp } from '../../src/modules/game/progression';
import { ManualClock } from '../../src/platform/clock';
import { now } from './seq';

/** Factory: credits a player through the ledger (as a game reward would), e.g. yang for production tests. */
export async function grantBalance(t: TestApp, userId: number, asset: Asset, amount: number) {
  await t.db.transaction().execute((trx) => applyLedger(trx, [{ userId, asset, delta: amount, reason: 'test_grant' }], now()));
}

/** Factory: gives a player experience the way game actions do (levels, rewards and notices included). */
export async function giveExperience(t: TestApp, userId: number, exp: number) {
  return runGame(t.deps, userId, (g) => grantExp(g, exp, 'test_grant'));
}

/** Factory: reports a game action as another module would (greetings, sandbox, …). */
export async function reportAction(t: TestApp, event: GameActionEvent) {
  await writeTx(t.deps, (trx) => recordGameAction(trx, t.deps, event));
}

/**
 * Replaces the game's clock with one that stands still until advanced, so tests can assert exact
 * times (the default test clock follows the wall clock plus an offset). It starts a day ahead of
 * the wall clock, on a whole minute, so rows written by sign-up (wall clock) are in its past.
 */
export function freezeClock(t: TestApp, at?: string): ManualClock {
  const start = at ? Date.parse(at) : Math.floor((Date.now() + 24 * 3600_000) / 60_000) * 60_000;
  const clock = new ManualClock({ now: () => new Date(start) });
  t.deps.clock = clock;
  return clock;
}
