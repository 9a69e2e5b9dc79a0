import type { Crystal, CrystalCollection, CrystalSendResult } from '@otkrytka/contract';
import { catalogOf, type GameCatalog } from './catalog';
import { type GameTx, pay } from './engine';
import { getBalances } from '../ledger';
import { applyAction, unlockAchievements } from './progression';
import { gameRepo } from './repo';
import { type CrystalDef, CRYSTALS, drawCrystal, rarityOf } from './rules';

const view = (c: CrystalDef, count: number, firstAt: string | null, catalog: GameCatalog): Crystal => {
  const r = rarityOf(c.rarity);
  return { key: c.key, name: catalog.crystal(c.key), rarity: c.rarity, rarity_key: r.key, rarity_label: catalog.rarity(r.key), color: c.color, count, first_found_at: firstAt };
};

async function owned(g: GameTx) {
  const rows = await gameRepo.crystalCollection(g.trx, g.userId);
  return new Map(rows.map((r) => [r.crystal_key, { count: Number(r.count), first: (r.first_at as string | null) ?? null }]));
}

export async function crystalCollection(g: GameTx): Promise<CrystalCollection> {
  const have = await owned(g);
  const catalog = await catalogOf(g);
  const crystals = CRYSTALS.map((c) => view(c, have.get(c.key)?.count ?? 0, have.get(c.key)?.first ?? null, catalog));
  return { crystals, distinct: have.size, total: crystals.reduce((n, c) => n + c.count, 0) };
}

/** Spends `amount` yang, draws a crystal by weight (the server's random), keeps it in the collection. */
export async function sendCrystal(g: GameTx, amount: number): Promise<CrystalSendResult> {
  const crystal = drawCrystal(amount, g.deps.random);
  const draw = await gameRepo.insertDraw(g.trx, g.userId, crystal.key, amount, g.at);
  await pay(g, [{ asset: 'yang', delta: -amount, reason: 'crystal', refType: 'crystal', refId: draw.id }]);
  const { exp } = await applyAction(g, 'crystal_sent', amount, draw.id);
  const have = await owned(g);
  await unlockAchievements(g, 'distinct_crystals', have.size);
  const mine = have.get(crystal.key)!;
  return {
    success: true,
    crystal: view(crystal, mine.count, mine.first, await catalogOf(g)),
    is_new: mine.count === 1,
    spent: amount,
    experience_gain: exp,
    yang_energy: (await getBalances(g.trx, g.userId)).yang,
    collection: { distinct: have.size, total: [...have.values()].reduce((n, c) => n + c.count, 0) },
  };
}
