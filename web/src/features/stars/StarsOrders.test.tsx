import type { StarsOrderAdmin, StarsOrdersPage as Page } from '@otkrytka/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { renderInApp, stubSignedInApi, testUser } from '@/app/test-utils';
import StarsOrders from './StarsOrders';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const order = (over: Partial<StarsOrderAdmin>): StarsOrderAdmin => ({
  id: 1,
  item: 'energy_pack',
  item_id: 'yang-100',
  greeting_id: null,
  star_count: 50,
  state: 'paid',
  invoice_url: null,
  created_at: '2026-11-29T10:00:00Z',
  updated_at: '2026-11-29T10:01:00Z',
  user_id: 5,
  user_name: 'Анна',
  telegram_payment_charge_id: 'stxCharge1',
  refund_reason: null,
  transitions: [
    { from: null, to: 'created', at: '2026-11-29T10:00:00Z', reason: null },
    { from: 'created', to: 'paid', at: '2026-11-29T10:01:00Z', reason: 'payment' },
  ],
  ...over,
});

it('a moderator filters the orders by state and refunds a paid one only with a reason, confirmed', async () => {
  let refunded = false;
  const list = (): Page => ({ items: [order({ id: 12, ...(refunded ? { state: 'refunded', refund_reason: 'Двойная оплата' } : {}) })], total: 1 });
  const calls = stubSignedInApi(
    (c) => {
      if (c.url.startsWith('/api/stars/admin/orders?')) return { status: 200, body: c.url.includes('state=expired') ? { items: [], total: 0 } : list() };
      if (c.url === '/api/stars/admin/orders/12/refund') {
        refunded = true;
        return { status: 200, body: list().items[0] };
      }
      return undefined;
    },
    testUser({ id: 22, is_moderator: true }),
  );
  await renderInApp(<StarsOrders />, { route: '/stars-orders' });
  const card = await screen.findByTestId('stars-order');
  expect(within(card).getByText('Заказ № 12')).toBeVisible();

  await userEvent.click(within(card).getByRole('button', { name: 'Вернуть звёзды' }));
  const dialog = await screen.findByRole('dialog', { name: 'Вернуть 50 звёзд за заказ № 12?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Вернуть' }));
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Укажите причину возврата');
  expect(calls.some((c) => c.url.endsWith('/refund'))).toBe(false);
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Причина' }), 'Двойная оплата');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Вернуть' }));
  expect(await screen.findByText('Двойная оплата')).toBeVisible();
  expect(calls.find((c) => c.url.endsWith('/refund'))?.body).toEqual({ reason: 'Двойная оплата' });
  expect(screen.getByTestId('stars-order')).toHaveAttribute('data-state', 'refunded');
  expect(screen.queryByRole('button', { name: 'Вернуть звёзды' })).toBeNull();

  await userEvent.click(screen.getByRole('button', { name: 'Не оплачены' }));
  expect(await screen.findByText('Заказов нет')).toBeVisible();
  expect(calls.at(-1)?.url).toContain('state=expired');
});

it('anyone but a moderator is refused, and no order is asked for', async () => {
  const calls = stubSignedInApi(() => undefined);
  await renderInApp(<StarsOrders />, { route: '/stars-orders' });
  expect(await screen.findByText('Доступ запрещен')).toBeVisible();
  expect(calls.some((c) => c.url.includes('/api/stars'))).toBe(false);
});
