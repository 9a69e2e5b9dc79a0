import type { Achievement, Crystal, LevelInfo, ProductionCard, Quest } from '@otkrytka/contract';
import { useCallback } from 'react';
import { useTranslation } from '@/i18n';

/**
 * Names and texts of the game's catalog (quests, achievements, cards, crystals) in the interface
 * language. The server sends them in Russian; the same texts live in i18n `game:catalog` (a server
 * test keeps the Russian copy equal to the rules), and the server's text is the fallback.
 */
export function useCatalog() {
  const { t } = useTranslation('game');
  const tx = useCallback((key: string, fallback: string) => t(key, { defaultValue: fallback }), [t]);
  return {
    quest: (q: Pick<Quest, 'key' | 'title' | 'description' | 'fullDescription'>) => ({
      title: tx(`catalog.quests.${q.key}.title`, q.title),
      description: tx(`catalog.quests.${q.key}.description`, q.description),
      fullDescription: tx(`catalog.quests.${q.key}.fullDescription`, q.fullDescription),
    }),
    achievement: (a: Pick<Achievement, 'id' | 'title' | 'description'>) => ({
      title: tx(`catalog.achievements.${a.id}.title`, a.title),
      description: tx(`catalog.achievements.${a.id}.description`, a.description),
    }),
    card: (c: Pick<ProductionCard, 'card_type' | 'name' | 'description'>) => ({
      name: tx(`catalog.cards.${c.card_type}.name`, c.name),
      description: tx(`catalog.cards.${c.card_type}.description`, c.description),
    }),
    cardName: (type: string, fallback: string) => tx(`catalog.cards.${type}.name`, fallback),
    crystal: (c: Pick<Crystal, 'key' | 'name' | 'rarity_key' | 'rarity_label'>) => ({
      name: tx(`catalog.crystals.${c.key}`, c.name),
      rarity: tx(`catalog.rarity.${c.rarity_key}`, c.rarity_label),
    }),
    /** "Level 4: opens the “Magic” card, yin cap 400." */
    levelReward: (level: number, r: NonNullable<LevelInfo['next_level_rewards']>) => {
      const card = r.feature_unlock?.startsWith('production.') ? r.feature_unlock.slice('production.'.length) : null;
      return card
        ? t('level.rewardTextCard', { level, card: tx(`catalog.cards.${card}.name`, card), cap: r.yin_cap })
        : t('level.rewardText', { level, cap: r.yin_cap });
    },
  };
}
