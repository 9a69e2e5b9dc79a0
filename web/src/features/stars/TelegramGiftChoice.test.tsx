import type { TelegramGiftOffers } from '@otkrytka/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { renderInApp, stubSignedInApi } from '@/app/test-utils';
import TelegramGiftChoice from './TelegramGiftChoice';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const offers: TelegramGiftOffers = {
  gifts: [
    { id: '5170145012310081615', star_count: 15, emoji: null, preview_url: '/api/stars/gifts/5170145012310081615/preview', remaining_count: null, total_count: null },
    { id: '5168103777563050263', star_count: 25, emoji: null, preview_url: null, remaining_count: 3, total_count: 1000 },
  ],
  text_limit: 128,
};

function Choice({ seen }: { seen: (v: string | null) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <TelegramGiftChoice
      value={value}
      onChange={(v) => {
        seen(v);
        setValue(v);
      }}
    />
  );
}

it('offers the gifts as a radio group named by price, «Без подарка» chosen first; a chosen gift is what the wizard sends', async () => {
  stubSignedInApi((c) => (c.url === '/api/stars/gifts' ? { status: 200, body: offers } : undefined));
  const seen = vi.fn();
  await renderInApp(<Choice seen={seen} />);
  const none = await screen.findByRole('radio', { name: /Без подарка/ });
  expect(none).toBeChecked();
  const gift = screen.getByRole('radio', { name: '25 звёзд Осталось 3 из 1000' });
  await userEvent.click(gift);
  expect(seen).toHaveBeenLastCalledWith('5168103777563050263');
  expect(gift).toBeChecked();
  expect(screen.getByText(/Подарок за 25 звёзд: оплатите его/)).toBeVisible();
  await userEvent.click(none);
  expect(seen).toHaveBeenLastCalledWith(null);
});

it('says when the gifts could not be loaded, and loads them again on «Повторить»', async () => {
  let fail = true;
  stubSignedInApi((c) =>
    c.url === '/api/stars/gifts' ? (fail ? { status: 403, body: { detail: 'Telegram only', code: 'TELEGRAM_ONLY' } } : { status: 200, body: offers }) : undefined,
  );
  await renderInApp(<TelegramGiftChoice value={null} onChange={() => {}} />);
  expect(await screen.findByText('Не удалось загрузить подарки Telegram')).toBeVisible();
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
  expect(await screen.findAllByRole('radio')).toHaveLength(3);
});
