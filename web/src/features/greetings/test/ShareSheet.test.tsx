import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '@/app/test-utils';
import { initI18n } from '@/i18n';
import { ShareSheet } from '../components/ShareSheet';
import GreetingPage from '../pages/GreetingPage';
import { fakeServer, greeting, renderPage } from './harness';

vi.mock('../confetti', () => ({ celebrate: vi.fn() }));
afterEach(() => vi.unstubAllGlobals());

async function openSenderPreview(over: Record<string, unknown>) {
  fakeServer(({ url }) => (url.pathname === `/api/greetings/${greeting().id}` ? { body: greeting({ is_own: true, ...over }) } : undefined));
  renderPage(<GreetingPage />, { path: '/greeting/:greetingId', url: `/greeting/${greeting().id}` });
  fireEvent.click(await screen.findByRole('button', { name: 'Смотреть открытку' }, { timeout: 3000 }));
  fireEvent.click(screen.getByRole('button', { name: 'Поздравление' }));
}

describe('sharing a greeting on the web', () => {
  it('uses the device share sheet with title, text and the greeting URL where there is one', async () => {
    const share = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, share });
    await openSenderPreview({});
    fireEvent.click(screen.getAllByRole('button', { name: 'Поделиться' })[0]!);
    await vi.waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(share).toHaveBeenCalledWith({
      title: '💌 Маме! Открой, чтобы посмотреть',
      text: 'Посмотрите на это красивое поздравление! 🎉',
      url: `${window.location.origin}/greeting/${greeting().id}`,
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('without it: copy-link and a QR code that loads on demand', async () => {
    vi.stubGlobal('navigator', { ...navigator, share: undefined });
    await openSenderPreview({ telegram_url: 'https://t.me/otkrytka_bot?start=card_Gr33tingPublicId_abc12' });
    fireEvent.click(screen.getAllByRole('button', { name: 'Поделиться' })[0]!);
    const sheet = await screen.findByRole('dialog', { name: 'Поделиться поздравлением' });
    expect(within(sheet).getByRole('button', { name: 'Копировать' })).toBeInTheDocument();
    // the Telegram target carries the bot link; no "no bot" note then
    expect(within(sheet).getByRole('link', { name: /Telegram/ }).getAttribute('href')).toContain(encodeURIComponent('start=card_Gr33tingPublicId_abc12'));
    expect(within(sheet).queryByRole('note')).toBeNull();
    expect(screen.queryByTestId('share-qr')).toBeNull();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Показать QR-код' }));
    const qr = await screen.findByTestId('share-qr', {}, { timeout: 5000 });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(qr).toHaveAccessibleName(`QR-код ссылки ${window.location.origin}/greeting/${greeting().id}`);
    // the code takes the button's place, and the focus the button had: not lost to the page behind the sheet
    await waitFor(() => expect(qr.closest('figure')).toHaveFocus());
    expect(sheet).toContainElement(document.activeElement as HTMLElement);
  });

  it('on the web with a bot, Send says before it is pressed that it goes through Telegram', async () => {
    await openSenderPreview({ telegram_url: 'https://t.me/otkrytka_bot?start=card_Gr33tingPublicId_abc12' });
    expect(screen.getByRole('button', { name: 'Отправить через Telegram' })).toBeInTheDocument();
  });

  it('with no bot on the server, Send opens the sheet with the web link and says so', async () => {
    const share = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, share });
    await openSenderPreview({ telegram_url: null });
    // no bot: nothing goes through Telegram, so the button says nothing of it
    expect(screen.queryByText('через Telegram')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    const sheet = await screen.findByRole('dialog', { name: 'Поделиться поздравлением' });
    expect(share).not.toHaveBeenCalled();
    expect(within(sheet).getByRole('note')).toHaveTextContent('Это обычная веб-ссылка: она откроется в любом браузере');
    expect(sheet).toHaveTextContent(`${window.location.origin}/greeting/${greeting().id}`);
  });
});

describe('sharing a captioned greeting', () => {
  it('its sender’s sheet opens (not the device’s link sheet) and offers «Поделиться картинкой» first', async () => {
    const share = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, share });
    const caption = { text: 'С днём рождения!', font: 'lobster', color: '#ffffff', size: 0.08, align: 'center', x: 0.5, y: 0.8, effect: 'shadow' } as const;
    await openSenderPreview({ caption, picture_url: `/api/greetings/${greeting().id}/picture?v=abc` });
    fireEvent.click(screen.getAllByRole('button', { name: 'Поделиться' })[0]!);
    const sheet = await screen.findByRole('dialog', { name: 'Поделиться поздравлением' });
    expect(share).not.toHaveBeenCalled();
    expect(await within(sheet).findByRole('button', { name: 'Поделиться картинкой' }, { timeout: 5000 })).toBeInTheDocument();
  });
});

describe('the share sheet’s tiles', () => {
  afterEach(() => initI18n('ru', 'all'));

  it.each([
    ['ru', ['Telegram', 'WhatsApp', 'ВКонтакте']],
    ['en', ['Telegram', 'WhatsApp', 'VK']],
  ] as const)('are each named once, by their label: the icon adds no words (%s)', async (language, labels) => {
    await renderInApp(<ShareSheet open url="https://otkrytka.example/greeting/abc" text="Смотрите!" onClose={() => {}} />, { language });
    const tiles = within(await screen.findByRole('dialog')).getAllByRole('link');
    expect(tiles).toHaveLength(labels.length);
    for (const [i, label] of labels.entries()) {
      expect(tiles[i]).toHaveAccessibleName(label);
      // what any reader of the tile gets, aria-hidden honoured or not: «VK», not «VK VK»
      expect(tiles[i]!.textContent).toBe(label);
    }
  });
});
