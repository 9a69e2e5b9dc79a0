import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import CreatedGreetingsPage from '../pages/CreatedGreetingsPage';
import { fakeServer, greeting, renderPage } from './harness';

describe('created greetings (/congratulations)', () => {
  it('each row can share its greeting again', async () => {
    vi.stubGlobal('navigator', { ...navigator, share: undefined });
    const g = { ...greeting(), accepted_count: 0 };
    fakeServer(({ url }) => (url.pathname === '/api/greetings/created' ? { body: { items: [g], next_cursor: null } } : undefined));
    renderPage(<CreatedGreetingsPage />, { path: '/congratulations', url: '/congratulations' });
    expect(await screen.findByText('Кому: Маме')).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: 'Поделиться' })[0]!);
    const sheet = await screen.findByRole('dialog', { name: 'Поделиться поздравлением' });
    expect(sheet).toHaveTextContent(`${window.location.origin}/greeting/${g.id}`);
  });

  it.each([
    [false, 'Энергия: 5 · ждёт получателя'],
    [true, 'Энергия: 5 · получена'],
  ])('the gift badge agrees with «Энергия» (claimed: %s)', async (claimed, text) => {
    const g = { ...greeting({ energy: 5, gift_claimed: claimed }), accepted_count: claimed ? 1 : 0 };
    fakeServer(({ url }) => (url.pathname === '/api/greetings/created' ? { body: { items: [g], next_cursor: null } } : undefined));
    renderPage(<CreatedGreetingsPage />, { path: '/congratulations', url: '/congratulations' });
    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});
