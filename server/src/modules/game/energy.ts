import crypto from 'node:crypto';
import type { EnergyStatus, GameSummary, SpinResult } from '@otkrytka/contract';
import { spinMaxSecondsFor } from '@otkrytka/contract/rules/game';
import { AppError, notFound } from '../../http/errors';
import { catalogOf } from './catalog';
import { balancesOf, type GameTx, nextYinAt, pay } from './engine';
import { energyUpdatedAt, getBalances } from '../ledger';
import { applyAction } from './progression';
import { gameRepo } from './repo';
import { SPIN_MAX_SECONDS, spinYang, spinYinCost, YIN_REGEN, yinCap } from './rules';

const percent = (part: number, total: number) => (total > 0 ? Math.round((part / total) * 1000) / 10 : 0);

/** The energy status the web app shows, after yin regenerated up to now. */
export async function energyStatus(g: GameTx): Promise<EnergyStatus> {
  const b = await balancesOf(g);
  const total = b.yang + b.yin;
  return {
    yang_energy: b.yang,
    yin_energy: b.yin,
    total_energy: total,
    yang_percent: percent(b.yang, total),
    yin_percent: percent(b.yin, total),
    // yin a read counted changes it now, as the write that stores it will
    last_update: (g.unstoredYin ? g.at : await energyUpdatedAt(g.trx, g.userId)) ?? g.at,
    current_time: g.at,
    server_time: g.at,
    server_timezone: 'UTC',
    python_time: g.now.getTime() / 1000,
    original_yang_energy: g.original.yang,
    original_yin_energy: g.original.yin,
    original_total_energy: g.original.yang + g.original.yin,
    yin_cap: yinCap(g.state.level),
    yin_regen: { every_ms: YIN_REGEN.everyMs, amount: YIN_REGEN.amount },
    next_yin_at: nextYinAt(g.state, b.yin),
    spin_status: {
      can_spin: b.yin > 0,
      // the spec's label, in the reader's language (their language is read only when it is needed)
      reason: b.yin > 0 ? null : (await catalogOf(g)).spinRefusal(),
      max_seconds: spinMaxSecondsFor(b.yin),
    },
  };
}

export async function gameSummary(g: GameTx): Promise<GameSummary> {
  const b = await balancesOf(g);
  return {
    energy: b.yang + b.yin,
    yang_energy: b.yang,
    yin_energy: b.yin,
    level: g.state.level,
    experience: b.exp,
    coins: b.coins,
    gems: b.gems,
  };
}

/** Spends yang for a reason the ledger keeps (`spend:<reason>`). */
export async function spendYang(g: GameTx, points: number, reason: string) {
  await pay(g, [{ asset: 'yang', delta: -points, reason: `spend:${reason}` }]);
  return { success: true as const, ...(await energyStatus(g)) };
}

/** A moderator's own top-up (players never mint energy: the route refuses them before this). */
export async function addEnergy(g: GameTx, asset: 'yang' | 'yin', points: number, reason: string) {
  await pay(g, [{ asset, delta: points, reason: `admin:${reason}` }]);
  return { success: true as const, ...(await energyStatus(g)) };
}

/** Starts a server-timed spin; any unfinished spin of the player is abandoned. */
export async function startSpin(g: GameTx) {
  const yin = (await getBalances(g.trx, g.userId)).yin;
  if (yin <= 0) throw new AppError(409, 'NOT_ENOUGH_YIN', 'Not enough yin to spin');
  await gameRepo.abandonOpenSpins(g.trx, g.userId, g.at);
  const spin = await gameRepo.insertSpin(g.trx, g.userId, crypto.randomBytes(16).toString('base64url'), g.at);
  return { spin_id: spin.token, started_at: spin.started_at, server_time: g.at, yin_energy: yin, max_seconds: spinMaxSecondsFor(yin) };
}

/**
 * Saves a spin. The server's own clock bounds the seconds; the yang and yin must be exactly what
 * the conversion gives for them; fewer than 2 yang saves nothing. Each spin is saved once.
 */
export async function finishSpin(
  g: GameTx,
  body: { spin_id: string; yangGained: number; yinSpent: number; totalSpinTime: number },
): Promise<SpinResult> {
  const spin = await gameRepo.findSpin(g.trx, g.userId, body.spin_id);
  if (!spin) throw notFound('Spin not found');
  if (spin.finished_at) throw new AppError(409, 'SPIN_FINISHED', 'This spin is already finished');
  const seconds = body.totalSpinTime;
  const elapsedMs = g.now.getTime() - Date.parse(spin.started_at);
  if (seconds > SPIN_MAX_SECONDS) throw new AppError(422, 'SPIN_TOO_LONG', `A spin lasts at most ${SPIN_MAX_SECONDS} s`, 'totalSpinTime');
  if (seconds * 1000 > elapsedMs) {
    throw new AppError(
      409,
      'SPIN_TOO_FAST',
      `The spin claims ${seconds} s but only ${Math.floor(elapsedMs / 1000)} s have passed since it started`,
    );
  }
  const yang = spinYang(seconds);
  const yin = spinYinCost(seconds);
  if (body.yangGained !== yang || body.yinSpent !== yin) {
    throw new AppError(
      422,
      'SPIN_MISMATCH',
      `A ${seconds} s spin gives ${yang} yang for ${yin} yin, not ${body.yangGained} for ${body.yinSpent}`,
      'yangGained',
    );
  }
  if (!(await gameRepo.finishSpin(g.trx, spin.id, { at: g.at, seconds, yang, yin }))) {
    throw new AppError(409, 'SPIN_FINISHED', 'This spin is already finished');
  }
  const levelBefore = g.state.level;
  let exp = 0;
  if (yang > 0) {
    await pay(g, [
      { asset: 'yin', delta: -yin, reason: 'spin', refType: 'spin', refId: spin.id },
      { asset: 'yang', delta: yang, reason: 'spin', refType: 'spin', refId: spin.id },
    ]);
    exp = (await applyAction(g, 'spin', yang, spin.id)).exp;
  }
  const b = await getBalances(g.trx, g.userId);
  return {
    success: true,
    saved: yang > 0,
    energy_change: yang,
    yin_spent: yin,
    experience_gain: exp,
    yang_energy: b.yang,
    yin_energy: b.yin,
    total_energy: b.yang + b.yin,
    level: g.state.level,
    level_up: g.state.level > levelBefore,
  };
}
