/**
 * The Russian texts of game notifications (the product is Russian-first; the web app names
 * notification types in both languages, titles and messages are stored as written here).
 */
import type { NewNotification } from '../notifications/notify';
import { type AchievementDef, CARDS, type CardType, type LevelReward, type QuestDef, type ResourceType } from './rules';

/** Russian plural: 1 самоцвет, 2 самоцвета, 5 самоцветов. */
export function plural(n: number, one: string, few: string, many: string): string {
  const a = Math.abs(n) % 100;
  const b = a % 10;
  if (a > 10 && a < 20) return many;
  if (b === 1) return one;
  if (b >= 2 && b <= 4) return few;
  return many;
}

const gems = (n: number) => `${n} ${plural(n, 'самоцвет', 'самоцвета', 'самоцветов')}`;
const coins = (n: number) => `${n} ${plural(n, 'монета', 'монеты', 'монет')}`;
const openTab = (tab: string, label: string) => [{ action_type: 'open_tab', label, is_primary: true, action_params: { tab } }];

export const RESOURCE_NAMES: Record<ResourceType, string> = {
  joy: 'Радость',
  wisdom: 'Мудрость',
  power: 'Сила',
  harmony: 'Гармония',
  transcendence: 'Трансцендентность',
};

export const levelUpNotice = (userId: number, level: number, r: LevelReward): NewNotification => ({
  userId,
  type: 'level_up',
  title: `Новый уровень: ${level}!`,
  message: `Награда: +${r.energy} Ян и +${gems(r.gems)}. ${r.description}`,
  actions: openTab('level', 'Мой уровень'),
  template: {
    key: 'level_up',
    params: { level, energy: r.energy, gems: r.gems, card: r.feature_unlock?.replace(/^production\./, '') ?? null, cap: r.yin_cap },
  },
});

export const questNotice = (userId: number, q: QuestDef): NewNotification => ({
  userId,
  type: 'quest',
  title: 'Задание выполнено',
  message: `«${q.title}» выполнено. Заберите награду: +${q.reward.energy} Ян${q.reward.gems ? ` и +${gems(q.reward.gems)}` : ''}.`,
  actions: openTab('quests', 'К заданиям'),
  template: { key: 'quest', params: { quest: q.key, energy: q.reward.energy, gems: q.reward.gems } },
});

export const achievementNotice = (userId: number, a: AchievementDef): NewNotification => ({
  userId,
  type: 'achievement',
  title: `Достижение: ${a.title}`,
  message: `${a.description}. Награда: +${coins(a.reward.coins)} и +${gems(a.reward.gems)}.`,
  actions: openTab('achievements', 'Достижения'),
  template: { key: 'achievement', params: { achievement: a.key, coins: a.reward.coins, gems: a.reward.gems } },
});

export const energyFullNotice = (userId: number, cap: number): NewNotification => ({
  userId,
  type: 'energy_full',
  title: 'Инь энергия восстановлена',
  message: `Запас Инь энергии снова полон (${cap}). Самое время для вращения!`,
  actions: openTab('resources', 'К энергии'),
  template: { key: 'energy_full', params: { cap } },
});

export const topPositionNotice = (userId: number, rank: number): NewNotification => ({
  userId,
  type: 'top_position',
  title: 'Вы в топ-100!',
  message: `Вы на ${rank} месте среди игроков. Так держать!`,
  actions: openTab('level', 'Рейтинг'),
  template: { key: 'top_position', params: { rank } },
});

export const dailyRewardNotice = (userId: number, day: number, r: { energy: number; coins: number; gems: number }): NewNotification => ({
  userId,
  type: 'daily_reward',
  title: 'Ежедневная награда',
  message: `День ${day}: +${r.energy} Ян, +${coins(r.coins)}${r.gems ? ` и +${gems(r.gems)}` : ''}. Возвращайтесь завтра!`,
  actions: openTab('resources', 'К ресурсам'),
  template: { key: 'daily_reward', params: { day, energy: r.energy, coins: r.coins, gems: r.gems } },
});

export const productionNotice = (userId: number, card: CardType, quantity: number, resource: ResourceType): NewNotification => ({
  userId,
  type: 'production_complete',
  title: 'Производство завершено',
  message: `«${CARDS[card].name}»: готово ${quantity} ед. ресурса «${RESOURCE_NAMES[resource]}». Заберите его!`,
  actions: openTab('production', 'Забрать'),
  template: { key: 'production_complete', params: { card, quantity, resource } },
});
