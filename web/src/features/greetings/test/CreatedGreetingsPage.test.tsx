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
});
