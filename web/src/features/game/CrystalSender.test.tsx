import type { CrystalCollection, CrystalSendResult } from '@otkrytka/contract';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, stubSignedInApi } from '@/app/test-utils';
import { CrystalSender } from './components/CrystalSender';

const NONE: CrystalCollection = { crystals: [], distinct: 0, total: 0 };

const FOUND: CrystalSendResult = {
  success: true,
  crystal: { key: 'amber', name: 'Янтарь', rarity: 1500, rarity_key: 'common', rarity_label: 'Обычный', color: '#f5a623', count: 1, first_found_at: '2026-11-27T04:00:00.000Z' },
  is_new: true,
  spent: 50,
  experience_gain: 5,
  yang_energy: 70,
  collection: { distinct: 1, total: 1 },
};

beforeEach(() => {
  stubSignedInApi((c) => {
    if (c.url === '/api/game/crystals') return { status: 200, body: NONE };
    if (c.url === '/api/game/crystals/send') return { status: 200, body: FOUND };
    return undefined;
  });
});
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('sending yang for a crystal', () => {
  it('with too little yang, the button says how much is needed and how much there is', async () => {
    await renderInApp(<CrystalSender yang={20} />, { route: '/game-data?tab=resources' });
    expect(await screen.findByRole('button', { name: 'Нужно 50 Ян, у вас 20' })).toBeDisabled();
  });

  it('with enough, it sends the amount chosen', async () => {
    await renderInApp(<CrystalSender yang={120} />, { route: '/game-data?tab=resources' });
    expect(await screen.findByRole('button', { name: 'Отправить 50 Ян' })).toBeEnabled();
  });

  it('the slider keeps one name while dragged, and speaks the amount as its value («50 Ян»)', async () => {
    await renderInApp(<CrystalSender yang={500} />, { route: '/game-data?tab=resources' });
    // with the figure inside the <label>, the name read «Энергия для отправки50» and changed with it
    const slider = await screen.findByRole('slider', { name: 'Энергия для отправки' });
    expect(slider).toHaveAttribute('aria-valuetext', '50 Ян');
    fireEvent.change(slider, { target: { value: '300' } });
    expect(screen.getByRole('slider', { name: 'Энергия для отправки' })).toHaveAttribute('aria-valuetext', '300 Ян');
    expect(screen.getByRole('button', { name: 'Отправить 300 Ян' })).toBeEnabled();
  });

  it('names the rarity of the crystal found with Russian digit grouping («1 500», not «1,500»)', async () => {
    await renderInApp(<CrystalSender yang={120} />, { route: '/game-data?tab=resources' });
    fireEvent.click(await screen.findByRole('button', { name: 'Отправить 50 Ян' }));
    expect(await screen.findByText(/Редкость 1\s500$/)).toBeInTheDocument();
  });
});
