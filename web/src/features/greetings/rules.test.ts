import { GREETING_BACKGROUNDS, giftEnergyInitial, giftEnergyStep, giftMaximum } from '@otkrytka/contract/rules/greetings';
import { describe, expect, it } from 'vitest';
import { BACKGROUNDS } from './backgrounds';

describe('the gift energy picker', () => {
  it.each([
    [0, 1, 0],
    [4, 1, 4],
    [14, 1, 14],
    [15, 2, 15],
    [20, 2, 20],
    [34, 3, 34],
    [37, 4, 37],
    [100, 10, 100],
    [155, 16, 155],
  ])('with %i energy: step %i, maximum %i (the whole balance)', (energy, step, max) => {
    expect(giftEnergyStep(energy)).toBe(step);
    expect(giftMaximum(energy)).toBe(max);
  });

  it('resets a selection of 0 to half the energy, rounded down', () => {
    expect(giftEnergyInitial(0, 21)).toBe(10);
    expect(giftEnergyInitial(0, 1)).toBe(0);
    expect(giftEnergyInitial(0, 0)).toBe(0);
  });

  it('keeps a selection within the maximum', () => {
    expect(giftEnergyInitial(10, 20)).toBe(10);
    expect(giftEnergyInitial(10, 5)).toBe(5);
    expect(giftEnergyInitial(40, 37)).toBe(37);
  });
});

describe('backgrounds', () => {
  it('has a gradient for each of the eight ids, pink-purple-indigo first', () => {
    expect(GREETING_BACKGROUNDS).toHaveLength(8);
    expect(GREETING_BACKGROUNDS[0]).toBe('pink-purple-indigo');
    for (const id of GREETING_BACKGROUNDS) expect(BACKGROUNDS[id].css).toMatch(/^linear-gradient\(/);
  });
});
