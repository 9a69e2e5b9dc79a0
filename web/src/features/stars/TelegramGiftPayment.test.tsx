import type { Greeting } from '@otkrytka/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { renderInApp, stubSignedInApi } from '@/app/test-utils';
import TelegramGiftPayment from './TelegramGiftPayment';

const invoice = vi.hoisted(() => ({ outcomes: [] as string[], opened: [] as string[] }));
vi.mock('@/telegram/invoice', () => ({
  openTelegramInvoice: async (url: string) => {
    invoice.opened.push(url);
    return invoice.outcomes.shift() ?? null;
  },
}));

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  invoice.outcomes = [];
  invoice.opened = [];
});

const INVOICE = 'https://t.me/$gift-order-7';
const unpaid = {
  id: 'g1',
  sealed: false,
  status: 'awaiting_payment',
  is_own: true,
  telegram_gift: { gift_id: '5170145012310081615', star_count: 50, state: 'created', invoice_url: INVOICE, order_id: 7 },
} as unknown as Greeting;
const paid = { ...unpaid, status: 'sent', telegram_gift: { ...unpaid.telegram_gift!, state: 'paid', invoice_url: null } };

it('cancelled: says so and can pay again; paid: the greeting is read until it confirms, then sharing opens', async () => {
  stubSignedInApi((c) => (c.url === '/api/greetings/g1' ? { status: 200, body: paid } : undefined));
  const onPaid = vi.fn();
  invoice.outcomes = ['cancelled', 'paid'];
  await renderInApp(<TelegramGiftPayment greeting={unpaid} onPaid={onPaid} />);
  await userEvent.click(await screen.findByRole('button', { name: 'Оплатить 50 звёзд' }));
  expect(await screen.findByText('Оплата отменена. Можно попробовать ещё раз.')).toBeVisible();
  expect(onPaid).not.toHaveBeenCalled();
  await userEvent.click(screen.getByRole('button', { name: 'Оплатить 50 звёзд' }));
  await vi.waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
  expect(invoice.opened).toEqual([INVOICE, INVOICE]);
});

it('failed: says so and offers to pay again; the greeting is not read on the client\'s word', async () => {
  const calls = stubSignedInApi(() => undefined);
  invoice.outcomes = ['failed'];
  await renderInApp(<TelegramGiftPayment greeting={unpaid} onPaid={() => {}} />, { language: 'en' });
  await userEvent.click(await screen.findByRole('button', { name: 'Pay 50 Stars' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('The payment failed. Please try again.');
  expect(screen.getByRole('button', { name: 'Pay 50 Stars' })).toBeEnabled();
  expect(calls.filter((c) => c.url.startsWith('/api/greetings'))).toEqual([]);
});
