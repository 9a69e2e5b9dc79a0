import { expect, it } from 'vitest';
import { invoiceSlug } from './invoice';

it('opens only https invoice links to Telegram: t.me/invoice/{slug} or the Bot API\'s t.me/$slug', () => {
  expect(invoiceSlug('https://t.me/invoice/abIIks213')).toBe('abIIks213');
  expect(invoiceSlug('https://t.me/$kJNFS331-x_=')).toBe('kJNFS331-x_=');
  expect(invoiceSlug('https://telegram.me/invoice/abc')).toBe('abc');
  for (const bad of ['http://t.me/invoice/abc', 'https://evil.example/invoice/abc', 'https://t.me/otkrytka_bot', 'https://t.me/invoice/', 'https://t.me/invoice/a/b', 'not a link'])
    expect(invoiceSlug(bad), bad).toBeNull();
});
