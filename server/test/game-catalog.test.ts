import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACHIEVEMENTS, CARDS, CRYSTALS, QUESTS, RARITY_LABELS } from '../src/modules/game/rules';

/** The web app names catalog items from i18n `game:catalog`; its Russian copy must say what the rules say. */
const catalog = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../web/src/i18n/ru/game.json'), 'utf8')).catalog;

describe('the web catalog (ru) matches the game rules', () => {
  it('quests', () => {
    expect(catalog.quests).toEqual(Object.fromEntries(QUESTS.map((q) => [q.key, { title: q.title, description: q.description, fullDescription: q.fullDescription }])));
  });
  it('achievements', () => {
    expect(catalog.achievements).toEqual(Object.fromEntries(ACHIEVEMENTS.map((a) => [a.key, { title: a.title, description: a.description }])));
  });
  it('production cards', () => {
    expect(catalog.cards).toEqual(Object.fromEntries(Object.entries(CARDS).map(([k, c]) => [k, { name: c.name, description: c.description }])));
  });
  it('crystals and rarity labels', () => {
    expect(catalog.crystals).toEqual(Object.fromEntries(CRYSTALS.map((c) => [c.key, c.name])));
    expect(catalog.rarity).toEqual(Object.fromEntries(RARITY_LABELS.map((r) => [r.key, r.label])));
  });
});
