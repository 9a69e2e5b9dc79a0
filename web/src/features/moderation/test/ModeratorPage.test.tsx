import type { ModerationCard, ModerationQueue, ModerationStats, User } from '@otkrytka/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, stubApi } from '@/app/test-utils';
import { postcardFixture } from '@/features/postcards/test/fixtures';
import ModeratorPage from '../pages/ModeratorPage';

const MODERATOR: User = { id: 22, login: 'moderator', email: null, username: null, first_name: null, last_name: null, telegram_id: null, auth_type: 'local', is_moderator: true, created_at: '' };
const card = (id: number): ModerationCard => ({ ...postcardFixture({ id, is_approved: false }), reports_count: 0, credited_author: null });
const STATS: ModerationStats = { on_moderation: 11, with_positive_votes: 0, with_negative_votes: 0, reported: 0 };

function serve(queue: ModerationQueue) {
  stubApi((c) => {
    if (c.url === '/api/auth/me') return { status: 200, body: MODERATOR };
    if (c.url.startsWith('/api/moderation/stats')) return { status: 200, body: STATS };
    if (c.url.startsWith('/api/moderation/queue')) return { status: 200, body: queue };
    return undefined;
  });
}

beforeEach(() => localStorage.setItem('access_token', 'tok'));
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('moderator panel, list mode (the original app: a list of 9 cards)', () => {
  it('says when more postcards wait than the list shows', async () => {
    serve({ items: Array.from({ length: 9 }, (_, i) => card(i + 1)), total: 11 });
    await renderInApp(<ModeratorPage />, { route: '/moderator' });
    expect(await screen.findAllByTestId('moderation-card')).toHaveLength(9);
    expect(screen.getByTestId('moderation-queue-more')).toHaveTextContent('Показаны первые 9 из 11');
  });

  it('shows each postcard whole on its tile, not cut to the tile’s shape (a moderator judges the edges too)', async () => {
    serve({ items: [card(1)], total: 1 });
    await renderInApp(<ModeratorPage />, { route: '/moderator' });
    const [tile] = await screen.findAllByTestId('moderation-card');
    expect(within(tile!).getByRole('img')).toHaveClass('object-contain');
  });

  it('says nothing more when the list shows them all', async () => {
    serve({ items: [card(1), card(2)], total: 2 });
    await renderInApp(<ModeratorPage />, { route: '/moderator' });
    expect(await screen.findAllByTestId('moderation-card')).toHaveLength(2);
    expect(screen.queryByTestId('moderation-queue-more')).toBeNull();
  });

  it('each «Модерировать» link says which postcard it opens', async () => {
    serve({ items: [card(4), card(7)], total: 2 });
    await renderInApp(<ModeratorPage />, { route: '/moderator' });
    await screen.findAllByTestId('moderation-card');
    expect(screen.getByRole('link', { name: 'Модерировать — № 7' })).toHaveAttribute('href', '/moderator/7');
    expect(screen.getByRole('link', { name: 'Модерировать — № 4' })).toHaveAttribute('href', '/moderator/4');
  });

  it('its modes are tabs that name their panel; the arrow key moves to the next mode', async () => {
    serve({ items: [card(1)], total: 1 });
    await renderInApp(<ModeratorPage />, { route: '/moderator' });
    const tabs = within(await screen.findByRole('tablist', { name: 'Режим' }));
    const list = tabs.getByRole('tab', { name: 'Список' });
    expect(list).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Список' })).toContainElement(await screen.findByTestId('moderation-queue'));
    list.focus();
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(tabs.getByRole('tab', { name: 'Случайная' })).toHaveFocus();
    expect(tabs.getByRole('tab', { name: 'Случайная' })).toHaveAttribute('aria-selected', 'true');
  });
});
