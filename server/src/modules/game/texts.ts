/**
 * The game's notifications: which template each event fills in and where it leads. Their texts
 * (ru and en) live in i18n `notifications:text.<key>`.
 */
import type { Notice as NewNotification } from '../../events/catalogue';
import type { AchievementDef, CardType, LevelReward, QuestDef, ResourceType } from './rules';

const openTab = (tab: string) => [{ action_type: 'open_tab', is_primary: true, action_params: { tab } }];

export const levelUpNotice = (userId: number, level: number, r: LevelReward): NewNotification => ({
  userId,
  template: {
    key: 'level_up',
    params: { level, energy: r.energy, gems: r.gems, card: (r.feature_unlock?.replace(/^production\./, '') as CardType | undefined) ?? null, cap: r.yin_cap },
  },
  actions: openTab('level'),
});

export const questNotice = (userId: number, q: QuestDef): NewNotification => ({
  userId,
  template: { key: 'quest', params: { quest: q.key, energy: q.reward.energy, gems: q.reward.gems } },
  actions: openTab('quests'),
});

export const achievementNotice = (userId: number, a: AchievementDef): NewNotification => ({
  userId,
  template: { key: 'achievement', params: { achievement: a.key, coins: a.reward.coins, gems: a.reward.gems } },
  actions: openTab('achievements'),
});

export const energyFullNotice = (userId: number, cap: number): NewNotification => ({
  userId,
  template: { key: 'energy_full', params: { cap } },
  actions: openTab('resources'),
});

export const topPositionNotice = (userId: number, rank: number): NewNotification => ({
  userId,
  template: { key: 'top_position', params: { rank } },
  actions: openTab('level'),
});

export const dailyRewardNotice = (userId: number, day: number, r: { energy: number; coins: number; gems: number }): NewNotification => ({
  userId,
  template: { key: 'daily_reward', params: { day, energy: r.energy, coins: r.coins, gems: r.gems } },
  actions: openTab('resources'),
});

export const productionNotice = (userId: number, card: CardType, quantity: number, resource: ResourceType): NewNotification => ({
  userId,
  template: { key: 'production_complete', params: { card, quantity, resource } },
  actions: openTab('production'),
});
