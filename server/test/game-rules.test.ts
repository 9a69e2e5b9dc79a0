import { describe, expect, it } from 'vitest';
import { spinMaxSecondsFor } from '@otkrytka/contract/rules/game';
import {
  ACHIEVEMENTS,
  CARDS,
  cardOutput,
  CRYSTALS,
  crystalWeight,
  dailyReward,
  drawCrystal,
  expFor,
  expForLevel,
  levelForExp,
  levelReward,
  MAX_LEVEL,
  nextResetAt,
  previousDay,
  QUESTS,
  rarityOf,
  resetDay,
  spinYang,
  spinYinCost,
  spinYinPerYang,
  upgradeCost,
  yinCap,
} from '../src/modules/game/rules';
import { seededRandom } from '../src/platform/random';
import { gameCatalog } from '../src/modules/game/catalog';

describe('spin conversion', () => {
  it.each([
    [1, 0.5, 0, 0],
    [2, 0.5, 2, 1],
    [60, 0.5, 60, 30],
    [61, 1, 60, 60],
    [300, 1, 300, 300],
    [301, 1, 300, 300],
    [359, 1, 358, 358],
    [360, 2, 360, 720],
    [420, 3, 420, 1260],
  ])('%i s costs %f yin per yang: %i yang for %i yin', (seconds, perYang, yang, yin) => {
    expect(spinYinPerYang(seconds)).toBe(perYang);
    expect(spinYang(seconds)).toBe(yang);
    expect(spinYinCost(seconds)).toBe(yin);
  });

  it('saves yang only in pairs and from 2 up', () => {
    expect(spinYang(0)).toBe(0);
    expect(spinYang(3)).toBe(2);
    expect(spinYang(7)).toBe(6);
    for (let s = 0; s < 800; s += 1) expect(spinYang(s) % 2).toBe(0);
  });

  it('stops the hold where yin runs out', () => {
    expect(spinMaxSecondsFor(0)).toBe(0);
    expect(spinMaxSecondsFor(1)).toBe(3); // 3 s → 2 yang for 1 yin; 4 s → 4 yang for 2
    expect(spinMaxSecondsFor(20)).toBe(41);
    expect(spinMaxSecondsFor(30)).toBe(60); // 61 s would cost 60
    expect(spinYinCost(spinMaxSecondsFor(500))).toBeLessThanOrEqual(500);
    expect(spinYinCost(spinMaxSecondsFor(500) + 1)).toBeGreaterThan(500);
  });
});

describe('level curve', () => {
  it('needs 50 · L · (L − 1) experience in total for level L', () => {
    expect([1, 2, 3, 4, 5, 10].map(expForLevel)).toEqual([0, 100, 300, 600, 1000, 4500]);
  });

  it('gives the level of a total experience, up to the top level', () => {
    expect(levelForExp(0)).toBe(1);
    expect(levelForExp(99)).toBe(1);
    expect(levelForExp(100)).toBe(2);
    expect(levelForExp(299)).toBe(2);
    expect(levelForExp(300)).toBe(3);
    expect(levelForExp(4500)).toBe(10);
    expect(levelForExp(10 ** 9)).toBe(MAX_LEVEL);
    for (let e = 0; e < 20000; e += 37) expect(levelForExp(e + 37)).toBeGreaterThanOrEqual(levelForExp(e));
  });

  it('rewards each level with yang, gems, a higher yin cap and card unlocks', () => {
    expect(levelReward(2)).toEqual({
      energy: 100,
      gems: 1,
      feature_unlock: 'production.strength',
      yin_cap: 200,
      card: 'strength',
    });
    expect(levelReward(3)).toMatchObject({ energy: 150, gems: 1, feature_unlock: null });
    expect(levelReward(5).gems).toBe(5);
    expect(levelReward(10).feature_unlock).toBe('production.creativity');
    expect(yinCap(1)).toBe(100);
    expect(yinCap(7)).toBe(700);
  });
});

describe('experience per action', () => {
  it('gives one per two yang spun and stops counting capped actions at the daily limit', () => {
    expect(expFor('spin', 60, 0)).toBe(30);
    expect(expFor('greeting_sent', 1, 0)).toBe(10);
    expect(expFor('like_given', 5, 0)).toBe(5);
    expect(expFor('like_given', 5, 28)).toBe(2);
    expect(expFor('like_given', 1, 30)).toBe(0);
    expect(expFor('crystal_sent', 500, 0)).toBe(10);
  });
});

describe('crystals', () => {
  it('has 14 crystals with rarities 1000 to 100000', () => {
    expect(CRYSTALS).toHaveLength(14);
    expect(CRYSTALS[0]!.rarity).toBe(1000);
    expect(CRYSTALS.at(-1)!.rarity).toBe(100000);
    expect(new Set(CRYSTALS.map((c) => c.key)).size).toBe(14);
  });

  it.each([
    [1000, 'Обычный'],
    [4999, 'Обычный'],
    [5000, 'Необычный'],
    [15000, 'Редкий'],
    [30000, 'Эпический'],
    [74999, 'Эпический'],
    [75000, 'Легендарный'],
    [100000, 'Легендарный'],
  ])('labels rarity %i as %s', (rarity, label) => expect(gameCatalog('ru').rarity(rarityOf(rarity).key)).toBe(label));

  it.each([50, 1000])('draws follow the weights when %i energy is sent (fixed seed, 200 000 draws)', (amount) => {
    const random = seededRandom(20250308 + amount);
    const n = 200_000;
    const counts = new Map<string, number>();
    for (let i = 0; i < n; i += 1) {
      const c = drawCrystal(amount, random);
      counts.set(c.key, (counts.get(c.key) ?? 0) + 1);
    }
    const weights = CRYSTALS.map((c) => crystalWeight(c, amount));
    const total = weights.reduce((a, b) => a + b, 0);
    // chi-square goodness of fit, 13 degrees of freedom: 34.5 is the 0.1 % critical value
    let chi = 0;
    CRYSTALS.forEach((c, i) => {
      const expected = (n * weights[i]!) / total;
      chi += ((counts.get(c.key) ?? 0) - expected) ** 2 / expected;
    });
    expect(chi).toBeLessThan(34.5);
    expect(counts.get('quartz')! > counts.get('diamond')!).toBe(true);
  });

  it('gives a bigger offering better odds of a rare crystal', () => {
    const share = (amount: number) => {
      const w = CRYSTALS.map((c) => crystalWeight(c, amount));
      const all = w.reduce((a, b) => a + b, 0);
      return w.filter((_, i) => CRYSTALS[i]!.rarity >= 15000).reduce((a, b) => a + b, 0) / all;
    };
    expect(share(1000)).toBeGreaterThan(share(500));
    expect(share(500)).toBeGreaterThan(share(50));
  });
});

describe('production catalog', () => {
  it('has six cards costing 400 to 3000 yang', () => {
    expect(Object.keys(CARDS)).toEqual(['wisdom', 'strength', 'magic', 'luck', 'peace', 'creativity']);
    const costs = Object.values(CARDS).map((c) => c.yang_cost);
    expect(Math.min(...costs)).toBe(400);
    expect(Math.max(...costs)).toBe(3000);
  });

  it('raises output by half the base per level and charges 10 · L resources per upgrade', () => {
    expect(cardOutput('wisdom', 1)).toBe(5);
    expect(cardOutput('wisdom', 2)).toBe(7);
    expect(cardOutput('wisdom', 10)).toBe(27);
    expect(upgradeCost('peace', 3)).toEqual({ resource: 'harmony', amount: 30 });
  });
});

describe('quests, achievements, daily reward', () => {
  it('defines quests of every difficulty with rewards', () => {
    expect(new Set(QUESTS.map((q) => q.difficulty))).toEqual(new Set(['easy', 'medium', 'hard']));
    for (const q of QUESTS) expect(q.reward.energy).toBeGreaterThan(0);
    expect(new Set(QUESTS.map((q) => q.key)).size).toBe(QUESTS.length);
    expect(new Set(ACHIEVEMENTS.map((a) => a.key)).size).toBe(ACHIEVEMENTS.length);
  });

  it('pays 10 · d yang and 5 · d coins on streak day d, 3 gems on day 7, and stays at day 7', () => {
    expect(dailyReward(1)).toEqual({ energy: 10, coins: 5, gems: 0 });
    expect(dailyReward(7)).toEqual({ energy: 70, coins: 35, gems: 3 });
    expect(dailyReward(12)).toEqual(dailyReward(7));
  });

  it('resets the day at midnight Moscow time', () => {
    expect(resetDay(new Date('2025-03-08T20:59:59Z'))).toBe('2025-03-08');
    expect(resetDay(new Date('2025-03-08T21:00:00Z'))).toBe('2025-03-09');
    expect(nextResetAt(new Date('2025-03-08T10:00:00Z')).toISOString()).toBe('2025-03-08T21:00:00.000Z');
    expect(previousDay('2025-03-01')).toBe('2025-02-28');
  });
});
