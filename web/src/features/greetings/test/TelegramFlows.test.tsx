import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import CreateGreetingPage from '../pages/CreateGreetingPage';
import GreetingPage from '../pages/GreetingPage';
import type * as TelegramModule from '@/telegram';
import { fakeServer, greeting, renderPage } from './harness';

vi.mock('../confetti', () => ({ celebrate: vi.fn() }));

/** Telegram's main button as the wizard drives it (the telegram module, replaced for this test). */
const main = vi.hoisted(() => ({ text: '', visible: true, onClick: () => {}, links: [] as string[] }));
vi.mock('@/telegram', async (importOriginal) => {
  const real = await importOriginal<typeof TelegramModule>();
  return {
    ...real,
    useTelegramMainButton: (o: { text: string; visible?: boolean; onClick: () => void }) => {
      main.text = o.text;
      main.visible = o.visible ?? true;
      main.onClick = o.onClick;
      return true;
    },
    useTelegramBackButton: () => {},
    openTelegramLink: (url: string) => {
      main.links.push(url);
      return true;
    },
  };
});

beforeEach(() => {
  main.links = [];
  fakeServer(({ method, url }) => {
    if (url.pathname === '/api/greetings/TgGreeting_0123456789ab')
      return { body: greeting({ id: 'TgGreeting_0123456789ab', is_own: true, telegram_url: 'https://t.me/otkrytka_bot?start=card_TgGreeting_0123456789ab' }) };
    if (url.pathname === '/api/image_relations/3') return { body: { id: 3, title: 'Весна', image_url: '/media/a.jpg', preview_78x101_url: null } };
    if (url.pathname === '/api/user-game-data/energy-status') return { body: { yang_energy: 20 } };
    if (method === 'POST' && url.pathname === '/api/greetings') return { status: 201, body: greeting({ id: 'TgGreeting_0123456789ab' }) };
    return undefined;
  });
});

describe('wizard inside Telegram', () => {
  it("drives Telegram's main button: 'Далее', 'Создать поздравление', then 'Отправить' opening the share link", async () => {
    renderPage(<CreateGreetingPage />, { path: '/mychannels/:channelId/:postcardId/create-congratulation', url: '/mychannels/9/3/create-congratulation' });
    await screen.findByRole('heading', { name: 'Кому поздравление? - Шаг 1' });
    // the page's own Next is hidden: the main button does its job
    expect(screen.queryByRole('button', { name: 'Далее' })).toBeNull();
    expect(main.text).toBe('Далее');
    fireEvent.click(screen.getByRole('button', { name: 'Пропустить' }));
    expect(main.text).toBe('Далее');
    main.onClick();
    expect(await screen.findByRole('heading', { name: 'Подарок энергии - Шаг 3' })).toBeInTheDocument();
    expect(main.text).toBe('Создать поздравление');
    main.onClick();
    expect(await screen.findByRole('heading', { name: 'Поздравление создано! - Шаг 4' })).toBeInTheDocument();
    expect(main.text).toBe('Отправить');
    // no in-page share there; the user is told to use the main button
    expect(screen.queryByRole('button', { name: 'Поделиться' })).toBeNull();
    expect(screen.getByText('Чтобы отправить поздравление, нажмите кнопку «Отправить» внизу экрана')).toBeInTheDocument();
    main.onClick();
    const page = `${window.location.origin}/greeting/TgGreeting_0123456789ab`;
    expect(main.links).toEqual([
      `https://t.me/share/url?url=${encodeURIComponent(page)}&text=${encodeURIComponent('Посмотрите на это красивое поздравление! 🎉')}`,
    ]);
  });
});

describe('wizard inside Telegram, signed out', () => {
  it('shows no main button behind the sign-in prompt, and a press of it does nothing', async () => {
    renderPage(<CreateGreetingPage />, { path: '/mychannels/:channelId/:postcardId/create-congratulation', url: '/mychannels/9/3/create-congratulation', visitor: true });
    expect(await screen.findByRole('button', { name: /Войти/ })).toBeInTheDocument();
    expect(main.visible).toBe(false);
    main.onClick();
    main.onClick();
    main.onClick();
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByRole('heading', { name: /Шаг/ })).toBeNull();
  });
});

describe('wizard inside Telegram, with a bot', () => {
  it("'Отправить' on a client without prepared messages shares the Mini App link, as the preview does", async () => {
    const telegramUrl = 'https://t.me/otkrytka_bot/app?startapp=card_TgGreeting_0123456789ab';
    fakeServer(({ method, url }) => {
      if (url.pathname === '/api/image_relations/3') return { body: { id: 3, title: 'Весна', image_url: '/media/a.jpg', preview_78x101_url: null } };
      if (url.pathname === '/api/user-game-data/energy-status') return { body: { yang_energy: 20 } };
      if (method === 'POST' && url.pathname === '/api/greetings') return { status: 201, body: greeting({ id: 'TgGreeting_0123456789ab', telegram_url: telegramUrl }) };
      return undefined;
    });
    renderPage(<CreateGreetingPage />, { path: '/mychannels/:channelId/:postcardId/create-congratulation', url: '/mychannels/9/3/create-congratulation' });
    await screen.findByRole('heading', { name: 'Кому поздравление? - Шаг 1' });
    main.onClick();
    main.onClick();
    await screen.findByRole('heading', { name: 'Подарок энергии - Шаг 3' });
    main.onClick();
    await screen.findByRole('heading', { name: 'Поздравление создано! - Шаг 4' });
    main.onClick();
    expect(main.links).toEqual([`https://t.me/share/url?url=${encodeURIComponent(telegramUrl)}&text=${encodeURIComponent('Посмотрите на это красивое поздравление! 🎉')}`]);
  });
});

describe('sending from the sender preview', () => {
  it("shares the bot deep link with '💌 <recipient>! Открой, чтобы посмотреть', shows 'Отправка...' and goes back after 1.5 s", async () => {
    renderPage(<GreetingPage />, { path: '/greeting/:greetingId', url: '/greeting/TgGreeting_0123456789ab?from=congratulations' });
    fireEvent.click(await screen.findByRole('button', { name: 'Смотреть открытку' }, { timeout: 3000 }));
    fireEvent.click(screen.getByRole('button', { name: 'Поздравление' }));
    vi.useFakeTimers(); // from here on the test moves time itself
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Отправить через Telegram' }));
      expect(screen.getByRole('button', { name: 'Отправка... через Telegram' })).toBeDisabled();
      expect(main.links).toEqual([
        `https://t.me/share/url?url=${encodeURIComponent('https://t.me/otkrytka_bot?start=card_TgGreeting_0123456789ab')}&text=${encodeURIComponent('💌 Маме! Открой, чтобы посмотреть')}`,
      ]);
      act(() => vi.advanceTimersByTime(1499));
      expect(screen.getByTestId('location')).toHaveTextContent('/greeting/TgGreeting_0123456789ab');
      act(() => vi.advanceTimersByTime(1));
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/congratulations$/);
    } finally {
      vi.useRealTimers();
    }
  });
});
