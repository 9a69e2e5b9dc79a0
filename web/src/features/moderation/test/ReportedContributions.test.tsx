import type { ReportedContributions as Reported } from '@otkrytka/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { renderInApp, stubApi } from '@/app/test-utils';
import { ReportedContributions } from '../components/ReportedContributions';

const reported: Reported = {
  items: [
    {
      contribution: { id: 5, greeting_id: 'GroupCard_0123456789ab', from_whom: 'Боря', message: 'Не по делу', energy: 3, author: 'boris', author_id: 40, created_at: '2026-11-29T10:00:00.000Z' },
      to_whom: 'Свете',
      reports_count: 2,
      reasons: [{ reason: 'other', count: 2 }],
      comments: [],
      first_reported_at: '2026-11-29T11:00:00.000Z',
      last_reported_at: '2026-11-29T12:00:00.000Z',
    },
  ],
  total: 1,
};

it('a reported note is removed only once confirmed, and the moderator is told its gift went back', async () => {
  let removed = false;
  const calls = stubApi(({ method, url }) => {
    if (method === 'GET' && url.startsWith('/api/moderation/contributions')) return { status: 200, body: removed ? { items: [], total: 0 } : reported };
    if (method === 'DELETE' && url === '/api/moderation/contributions/5') {
      removed = true;
      return { status: 200, body: { success: true, refunded_energy: 3, reports_resolved: 2 } };
    }
    return undefined;
  });
  await renderInApp(<ReportedContributions />);
  const item = await screen.findByTestId('reported-contribution');
  expect(item).toHaveTextContent('Открытка для Свете · 2 жалобы');
  expect(item).toHaveTextContent('Не по делу');
  fireEvent.click(within(item).getByRole('button', { name: 'Удалить подпись' }));
  const dialog = await screen.findByRole('dialog', { name: 'Удалить подпись «Боря»?' });
  expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Удалить подпись' }));
  expect(await screen.findByText('Подпись удалена, автору вернулись 3 энергии')).toBeInTheDocument();
  expect(await screen.findByText('Жалоб на подписи нет')).toBeInTheDocument();
});
