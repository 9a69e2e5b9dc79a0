import type { ProductionCard } from '@otkrytka/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, stubSignedInApi } from '@/app/test-utils';
import { ProductionTab } from './components/ProductionTab';

/** a new player sees the free first run, and later what a run needs and how to get it. */

const wisdom = (over: Partial<ProductionCard>): ProductionCard => ({
  card_type: 'wisdom',
  name: 'Мудрость',
  description: 'Тихое размышление рождает мудрость.',
  level: 1,
  max_level: 10,
  yang_cost: 400,
  yin_cost: 100,
  production_time: 60,
  output: { resource_type: 'wisdom', quantity: 5 },
  unlock_level: 1,
  can_produce: false,
  reason: 'Недостаточно Ян энергии',
  reason_code: 'no_yang',
  free_run: false,
  missing: { yang: 380, yin: 80 },
  upgrade_cost: { resource_type: 'wisdom', amount: 10 },
  can_upgrade: false,
  upgrade_reason: null,
  upgrade_reason_code: 'no_resource',
  ...over,
});

function serve(card: ProductionCard) {
  stubSignedInApi((c) => {
    if (c.url === '/api/production/cards') return { status: 200, body: { cards: [card], queue_limit: 3 } };
    if (c.url === '/api/production/queue') return { status: 200, body: { queue: [], server_time: new Date().toISOString() } };
    if (c.url === '/api/production/resources')
      return { status: 200, body: { resources: { joy: 0, wisdom: 0, power: 0, harmony: 0, transcendence: 0 }, yang_energy: 20, yin_energy: 20 } };
    if (c.url === '/api/user-game-data/summary') return { status: 200, body: { energy: 40, yang_energy: 20, yin_energy: 20, level: 1, experience: 0, coins: 0, gems: 0 } };
    return undefined;
  });
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('production for a new player', () => {
  it('names the energy of each cost, not only the sun and moon icons', async () => {
    serve(wisdom({}));
    await renderInApp(<ProductionTab />, { route: '/game-data?tab=production' });
    const tile = await screen.findByTestId('card-wisdom');
    expect(within(tile).getByTitle('Ян')).toHaveTextContent(/^\s*Ян\s*400$/);
    expect(within(tile).getByTitle('Инь')).toHaveTextContent(/^\s*Инь\s*100$/);
  });

  it('offers the first run for free, with the button enabled', async () => {
    serve(wisdom({ can_produce: true, reason: null, reason_code: null, free_run: true }));
    await renderInApp(<ProductionTab />, { route: '/game-data?tab=production' });
    const tile = await screen.findByTestId('card-wisdom');
    expect(within(tile).getByTestId('free-run')).toHaveTextContent('Первый запуск — бесплатно');
    expect(within(tile).getByRole('button', { name: /Запустить бесплатно/ })).toBeEnabled();
    expect(within(tile).queryByTestId('energy-needed')).toBeNull();
  });

  it('says how much yang and yin a paid run still needs and links to the spin', async () => {
    serve(wisdom({}));
    await renderInApp(<ProductionTab />, { route: '/game-data?tab=production' });
    const needed = await screen.findByTestId('energy-needed');
    expect(needed).toHaveTextContent('Для запуска нужно ещё: 380 Ян, 80 Инь');
    expect(needed).toHaveTextContent('Ян даёт вращение энергии');
    expect(within(needed).getByRole('link', { name: /Крутить энергию/ })).toHaveAttribute('href', '/game-data?tab=resources');
  });

  it('in English too', async () => {
    serve(wisdom({ reason_code: 'no_yin', missing: { yang: 0, yin: 80 } }));
    await renderInApp(<ProductionTab />, { route: '/game-data?tab=production', language: 'en' });
    const needed = await screen.findByTestId('energy-needed');
    expect(needed).toHaveTextContent('To start you need 80 yin more');
    expect(needed).toHaveTextContent('Yin refills by itself');
    expect(within(needed).queryByRole('link')).toBeNull();
  });
});
