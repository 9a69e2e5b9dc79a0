import type { CrystalCollection } from '@otkrytka/contract';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, stubApi } from '../../app/test-utils';
import { CrystalSender } from './components/CrystalSender';

const ME = { id: 1, login: 'u', email: null, username: null, first_name: null, last_name: null, telegram_id: null, auth_type: 'local', is_moderator: false, created_at: '' };
const NONE: CrystalCollection = { crystals: [], distinct: 0, total: 0 };

beforeEach(() => {
  localStorage.setItem('access_token', 'tok');
  stubApi((c) => {
    if (c.url === '/api/auth/me') return { status: 200, body: ME };
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
