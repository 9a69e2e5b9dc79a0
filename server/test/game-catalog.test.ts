import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameCatalog } from '../src/modules/game/catalog';
import { ACHIEVEMENTS, CARD_TYPES, CRYSTALS, QUESTS, RARITY_LABELS } from '../src/modules/game/rules';
import { grantBalance } from './factories/game';
import { createTestApp, signUp, type TestApp } from './helpers';

/**
 * The game's catalog texts (quests, achievements, cards, crystals) have one copy, the web app's
 * `game:catalog`; the API answers them in the reader's saved language.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the catalog names everything the rules define, in both languages', () => {
  it.each(['ru', 'en'] as const)('%s', (lang) => {
    const c = gameCatalog(lang);
    // a missing text comes back as its key (or, in English, as the Russian one)
    const texts = [
      ...QUESTS.flatMap((q) => Object.values(c.quest(q.key))),
      ...ACHIEVEMENTS.flatMap((a) => Object.values(c.achievement(a.key))),
      ...CARD_TYPES.flatMap((type) => Object.values(c.card(type))),
      ...CRYSTALS.map((x) => c.crystal(x.key)),
      ...RARITY_LABELS.map((r) => c.rarity(r.key)),
    ];
    expect(texts.filter((s) => s.startsWith('catalog.'))).toEqual([]);
    const cyrillic = texts.filter((s) => /[а-яё]/i.test(s));
    expect(cyrillic).toHaveLength(lang === 'ru' ? texts.length : 0);
  });
});

describe('the game API speaks the reader’s language', () => {
  it('quests, achievements, cards, the production queue, crystals and the next level: Russian by default', async () => {
    const u = await signUp(t.app);
    expect((await u.get('/api/game/quests')).json().quests[0]).toMatchObject({
      key: 'spin',
      title: 'Вращение энергии',
      description: 'Наберите 60 Ян вращением',
      fullDescription: 'Удерживайте круг энергии на вкладке «Ресурсы», пока не наберёте 60 Ян за день.',
    });
    expect((await u.get('/api/game/achievements')).json().achievements[0]).toMatchObject({ id: 'first_spin', title: 'Первое вращение', description: 'Сохраните первое вращение' });
    expect((await u.get('/api/production/cards')).json().cards[0]).toMatchObject({ card_type: 'wisdom', name: 'Мудрость' });
    expect((await u.get('/api/game/crystals')).json().crystals[0]).toMatchObject({ key: 'quartz', name: 'Кварц', rarity_label: 'Обычный' });
    expect((await u.get('/api/game/level')).json().next_level_rewards.description).toBe('Уровень 2: открывается карточка «Сила», лимит Инь энергии 200.');
  });

  it('in English for a reader who chose English', async () => {
    const u = await signUp(t.app);
    expect((await u.put('/api/settings/language', { value: 'en' })).statusCode).toBe(200);
    expect((await u.get('/api/game/quests')).json().quests[0]).toMatchObject({
      title: 'Energy spin',
      description: 'Gain 60 yang by spinning',
      fullDescription: 'Hold the energy circle on the Resources tab until you have gained 60 yang today.',
    });
    expect((await u.get('/api/game/achievements')).json().achievements[0]).toMatchObject({ title: 'First spin', description: 'Save your first spin' });
    const card = (await u.get('/api/production/cards')).json().cards[0];
    expect(card.name).toBe(gameCatalog('en').card('wisdom').name);
    expect(card.name).not.toMatch(/[а-яё]/i);
    expect((await u.post('/api/production/start', { card_type: 'wisdom' })).json().item.card_name).toBe(card.name);
    expect((await u.get('/api/production/queue')).json().queue[0].card_name).toBe(card.name);
    const crystal = (await u.get('/api/game/crystals')).json().crystals[0];
    expect([crystal.name, crystal.rarity_label]).toEqual([gameCatalog('en').crystal('quartz'), gameCatalog('en').rarity('common')]);
    expect((await u.get('/api/game/level')).json().next_level_rewards.description).toBe('Level 2: unlocks the “Strength” card, yin cap 200.');
  });

  it('why a card cannot run, why the circle cannot spin and the sandbox’s empty state: Russian by default, English for an English reader', async () => {
    const words = async (lang?: 'en') => {
      const u = await signUp(t.app);
      if (lang) await u.put('/api/settings/language', { value: lang });
      await grantBalance(t, u.user.id, 'yin', -20);
      const [wisdom, strength] = (await u.get('/api/production/cards')).json().cards;
      return {
        upgrade: wisdom.upgrade_reason,
        locked: strength.reason,
        spin: (await u.get('/api/user-game-data/energy-status')).json().spin_status.reason,
        sandbox: (await u.get('/api/sandbox/next')).json().message,
      };
    };
    expect(await words()).toEqual({
      upgrade: 'Недостаточно ресурса «Мудрость»',
      locked: 'Откроется на 2 уровне',
      spin: 'Недостаточно Инь энергии',
      sandbox: 'Все открытки в песочнице проголосованы вами!',
    });
    expect(await words('en')).toEqual({
      upgrade: 'Not enough Wisdom',
      locked: 'Unlocks at level 2',
      spin: 'Not enough yin energy',
      sandbox: 'You have voted on every postcard in the sandbox!',
    });
  });
});
