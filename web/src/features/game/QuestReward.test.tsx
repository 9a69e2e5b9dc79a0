import type { Quest, QuestClaimResult } from '@otkrytka/contract';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, stubSignedInApi } from '@/app/test-utils';
import { QuestsTab } from './components/QuestsTab';

const warmWords: Quest = {
  id: '2026-11-27_greeting',
  key: 'greeting',
  title: 'Тёплые слова',
  icon: 'heart',
  description: 'Отправьте поздравление',
  fullDescription: 'Отправьте одно поздравление сегодня.',
  reward: { energy: 30, gems: 1 },
  progress: 0,
  maxProgress: 1,
  difficulty: 'easy',
  status: 'in_progress',
  claimed: false,
  timeLeft: 3600,
};

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('a quest’s card', () => {
  it('says what each figure is, not only its icon: «+30 Ян +1 Самоцветы»', async () => {
    stubSignedInApi((c) => (c.url === '/api/game/quests' ? { status: 200, body: { quests: [warmWords], day: '2026-11-27', reset_at: '2026-11-28T00:00:00Z', timeLeft: 3600 } } : undefined));
    await renderInApp(<QuestsTab />, { route: '/game-data?tab=quests' });
    const reward = (await screen.findByText(/^Награда/)).parentElement!;
    expect(reward.textContent?.replace(/\s+/g, ' ').trim()).toBe('Награда: +30 Ян +1 Самоцветы');
  });

  it('«Подробнее» says which quest it opens', async () => {
    stubSignedInApi((c) => (c.url === '/api/game/quests' ? { status: 200, body: { quests: [warmWords], day: '2026-11-27', reset_at: '2026-11-28T00:00:00Z', timeLeft: 3600 } } : undefined));
    await renderInApp(<QuestsTab />, { route: '/game-data?tab=quests' });
    expect(await screen.findByText('Подробнее', { exact: false })).toHaveAccessibleName('Подробнее: Тёплые слова');
  });

  it('the claim toast names every part of the reward, the gem too', async () => {
    const done: Quest = { ...warmWords, progress: 1, status: 'completed' };
    const claimed: QuestClaimResult = {
      success: true,
      quest: { ...done, claimed: true },
      reward: { energy: 30, gems: 1 },
      experience_gain: 10,
      summary: { energy: 130, yang_energy: 80, yin_energy: 50, level: 1, experience: 10, coins: 0, gems: 1 },
    };
    stubSignedInApi((c) =>
      c.url === '/api/game/quests'
        ? { status: 200, body: { quests: [done], day: '2026-11-27', reset_at: '2026-11-28T00:00:00Z', timeLeft: 3600 } }
        : c.url === `/api/game/quests/${done.id}/claim`
          ? { status: 200, body: claimed }
          : undefined,
    );
    await renderInApp(<QuestsTab />, { route: '/game-data?tab=quests' });
    fireEvent.click(await screen.findByRole('button', { name: 'Забрать' }));
    expect(await screen.findByText('Награда получена: +30 Ян и +1 самоцвет')).toBeInTheDocument();
  });
});
