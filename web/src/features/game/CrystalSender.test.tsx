import type { CrystalCollection } from '@otkrytka/contract';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, stubSignedInApi } from '../../app/test-utils';
import { CrystalSender } from './components/CrystalSender';

const NONE: CrystalCollection = { crystals: [], distinct: 0, total: 0 };

beforeEach(() => {
  stubSignedInApi((c) => {
    if (c.url === '/api/game/crystals') return { status: 200, body: NONE };
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
});
