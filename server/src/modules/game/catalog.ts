import type { Queryable } from '../../db';
import { type ReaderLanguage, translator } from '../../texts/reader';
import { settingsRepo } from '../settings';
import type { GameTx } from './engine';
import type { ProductionCard } from '@otkrytka/contract';
import type { CardType, ResourceType } from './rules';

type ProductionReasonCode = NonNullable<ProductionCard['reason_code'] | ProductionCard['upgrade_reason_code']>;

/**
 * The game's catalog as its reader reads it: quest, achievement, card, crystal and resource names,
 * the level rewards and why a card cannot run, from the web app's `game` texts (the one copy of
 * each) in the reader's saved language.
 */
export function gameCatalog(lang: ReaderLanguage) {
  const t = translator(lang, 'game');
  // the web's names carry soft hyphens for narrow tiles; an API text has none
  const resourceName = (r: ResourceType) => t(`resources.${r}`).replaceAll('\u00ad', '');
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
    resource: resourceName,
    /** Why the energy circle cannot spin (spec: «Недостаточно Инь энергии»). */
    spinRefusal: () => t('energy.notEnoughYin'),
    /** "Unlocks at level 3", "Not enough Joy": the text the web shows for the code. */
    productionReason: (code: ProductionReasonCode, at: { level: number; limit: number; resource?: ResourceType }) =>
      t(`production.reasons.${code}`, { level: at.level, limit: at.limit, resource: at.resource ? resourceName(at.resource) : '' }),
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
