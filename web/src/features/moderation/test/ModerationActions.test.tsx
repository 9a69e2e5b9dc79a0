import type { ModerationCard } from '@otkrytka/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp, stubApi } from '@/app/test-utils';
import { postcardFixture } from '@/features/postcards/test/fixtures';
import { ModerationDecision, RandomModeration } from '../components/RandomModeration';
import { ReportedList } from '../components/ReportedList';

const card: ModerationCard = {
  ...postcardFixture({ id: 41, title: 'Весна', file_name: 'a.jpg', image_url: '/media/a.jpg', imageUrl: '/media/a.jpg', width: null, height: null, username: 'Аня' }),
  is_approved: false,
  is_banned: false,
  reports_count: 2,
  credited_author: null,
};
const reported = {
  items: [
    {
      postcard: card,
      reports_count: 2,
      reasons: [{ reason: 'spam', count: 2 }],
      comments: [],
      first_reported_at: '2026-03-10T10:00:00.000Z',
      last_reported_at: '2026-03-10T11:00:00.000Z',
    },
  ],
  total: 1,
};
const decision = (approve: boolean) => ({
  status: 200,
  body: { success: true, postcard: { id: 41, is_approved: approve, is_banned: !approve, moderated_at: null }, reports_resolved: approve ? 0 : 2 },
});

describe('moderation actions', () => {
  it('"Заблокировать" asks first; Отмена bans nothing; confirming bans and says so', async () => {
    const calls = stubApi(({ method, url }) => {
      if (url.startsWith('/api/moderation/complaints')) return method === 'GET' ? { status: 200, body: reported } : undefined;
      if (method === 'POST' && url === '/api/moderation/41/ban') return decision(false);
      return undefined;
    });
    await renderInApp(<ReportedList />);
    fireEvent.click(await screen.findByRole('button', { name: 'Заблокировать' }));
    let dialog = await screen.findByRole('dialog', { name: 'Заблокировать открытку № 41?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Заблокировать' }));
    dialog = await screen.findByRole('dialog', { name: 'Заблокировать открытку № 41?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Заблокировать' }));
    expect(await screen.findByText('Открытка № 41 заблокирована')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/moderation/41/ban']);
  });

  it('"Отклонить жалобы" says the reports were dismissed', async () => {
    stubApi(({ method, url }) => {
      if (method === 'GET' && url.startsWith('/api/moderation/complaints')) return { status: 200, body: reported };
      if (method === 'POST' && url === '/api/moderation/complaints/41/dismiss') return { status: 200, body: { success: true, dismissed: 2 } };
      return undefined;
    });
    await renderInApp(<ReportedList />);
    fireEvent.click(await screen.findByRole('button', { name: 'Отклонить жалобы' }));
    expect(await screen.findByText('Жалобы отклонены')).toBeInTheDocument();
  });

  it.each([
    [true, 'Одобрить', 'Открытка одобрена', '/api/moderation/41/approve'],
    [false, 'Отклонить', 'Открытка отклонена', '/api/moderation/41/ban'],
  ])('approve=%s: "%s" shows "%s"', async (approve, button, text, path) => {
    const calls = stubApi(({ method, url }) => (method === 'POST' && url === path ? decision(approve) : undefined));
    await renderInApp(<ModerationDecision card={card as never} />);
    fireEvent.click(screen.getByRole('button', { name: new RegExp(button) }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([path]);
  });

  it.each([
    ['approved', { is_approved: true, is_banned: false }, 'Одобрить'],
    ['banned', { is_approved: false, is_banned: true }, 'Отклонить'],
  ] as const)('a card already %s offers only the other decision', async (_state, flags, off) => {
    stubApi(() => undefined);
    await renderInApp(<ModerationDecision card={{ ...card, ...flags }} />);
    for (const name of ['Одобрить', 'Отклонить']) {
      const button = screen.getByRole('button', { name: new RegExp(name) });
      if (name === off) expect(button).toBeDisabled();
      else expect(button).toBeEnabled();
    }
  });

  it('random mode: after a decision the keyboard stays on the postcard, not on the page', async () => {
    stubApi(({ method, url }) => (method === 'POST' && url === '/api/moderation/41/ban' ? decision(false) : undefined));
    await renderInApp(<RandomModeration query={{ isPending: false, isError: false, data: { postcard: card }, refetch: () => undefined }} />);
    const reject = screen.getByRole('button', { name: /Отклонить/ });
    reject.focus();
    fireEvent.click(reject);
    await screen.findByText('Открытка отклонена');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Случайная' })));
  });

  it('reports: after a confirmed ban the keyboard stays in the list, not on the page', async () => {
    stubApi(({ method, url }) => {
      if (url.startsWith('/api/moderation/complaints')) return method === 'GET' ? { status: 200, body: reported } : undefined;
      if (method === 'POST' && url === '/api/moderation/41/ban') return decision(false);
      return undefined;
    });
    await renderInApp(<ReportedList />);
    fireEvent.click(await screen.findByRole('button', { name: 'Заблокировать' }));
    const dialog = await screen.findByRole('dialog', { name: 'Заблокировать открытку № 41?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Заблокировать' }));
    await screen.findByText('Открытка № 41 заблокирована');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('list', { name: 'Жалобы' })));
  });
});
