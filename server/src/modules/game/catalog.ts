import type { Queryable } from '../../db';
import { type ReaderLanguage, translator } from '../notifications/texts';
import { settingsRepo } from '../settings/repo';
import type { GameTx } from './engine';
import type { CardType } from './rules';

/**
 * The game's catalog as its reader reads it: quest, achievement, card and crystal names and the
 * level rewards, from the web app's `game:catalog` texts (the one copy of each) in the reader's
 * saved language.
 */
export function gameCatalog(lang: ReaderLanguage) {
  const t = translator(lang, 'game');
  return {
    quest: (key: string) => ({
      title: t(`catalog.quests.${key}.title`),
      description: t(`catalog.quests.${key}.description`),
      fullDescription: t(`catalog.quests.${key}.fullDescription`),
    }),
    achievement: (key: string) => ({ title: t(`catalog.achievements.${key}.title`), description: t(`catalog.achievements.${key}.description`) }),
    card: (type: CardType) => ({ name: t(`catalog.cards.${type}.name`), description: t(`catalog.cards.${type}.description`) }),
    crystal: (key: string) => t(`catalog.crystals.${key}`),
    rarity: (key: string) => t(`catalog.rarity.${key}`),
    /** "Level 4: opens the “Magic” card, yin cap 400." */
    levelReward: (level: number, card: CardType | null, cap: number) =>
      card ? t('level.rewardTextCard', { level, card: t(`catalog.cards.${card}.name`), cap }) : t('level.rewardText', { level, cap }),
  };
}
export type GameCatalog = ReturnType<typeof gameCatalog>;

export const readerCatalog = async (db: Queryable, userId: number): Promise<GameCatalog> => gameCatalog(await settingsRepo.language(db, userId));

const ofGame = new WeakMap<GameTx, Promise<GameCatalog>>();
/** The catalog in the language of the player of `g` (read once per game transaction). */
export function catalogOf(g: GameTx): Promise<GameCatalog> {
  let c = ofGame.get(g);
  if (!c) ofGame.set(g, (c = readerCatalog(g.trx, g.userId)));
  return c;
}
