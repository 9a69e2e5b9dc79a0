import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '@/lib/api';
import CreatedGreetingsPage from '../pages/CreatedGreetingsPage';
import { fakeServer, renderPage, USER } from './harness';
import { createdRow, GREETING_ID } from './trackingFixtures';

describe('created greetings (/congratulations)', () => {
  it('each row can share its greeting again, through the bot when the server has one', async () => {
    vi.stubGlobal('navigator', { ...navigator, share: undefined });
    const telegramUrl = `https://t.me/otkrytka_bot?start=card_${GREETING_ID}`;
    const g = createdRow({ telegram_url: telegramUrl });
    fakeServer(({ url }) => (url.pathname === '/api/greetings/created' ? { body: { items: [g], next_cursor: null } } : undefined));
    renderPage(<CreatedGreetingsPage />, { path: '/congratulations', url: '/congratulations' });
    expect(await screen.findByText('Кому: Маме')).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: 'Поделиться: Маме' })[0]!);
    const sheet = await screen.findByRole('dialog', { name: 'Поделиться поздравлением' });
    expect(sheet).toHaveTextContent(`${window.location.origin}/greeting/${g.id}`);
    expect(within(sheet).getByRole('link', { name: 'Telegram' })).toHaveAttribute('href', expect.stringContaining(encodeURIComponent(telegramUrl)));
    expect(within(sheet).queryByRole('note')).toBeNull();
  });

  it('without a bot, the share sheet says a plain web link is shared', async () => {
    vi.stubGlobal('navigator', { ...navigator, share: undefined });
    fakeServer(({ url }) => (url.pathname === '/api/greetings/created' ? { body: { items: [createdRow({ telegram_url: null })], next_cursor: null } } : undefined));
    renderPage(<CreatedGreetingsPage />, { path: '/congratulations', url: '/congratulations' });
    fireEvent.click((await screen.findAllByRole('button', { name: 'Поделиться: Маме' }))[0]!);
    const sheet = await screen.findByRole('dialog', { name: 'Поделиться поздравлением' });
    expect(within(sheet).getByRole('note')).toHaveTextContent('Это обычная веб-ссылка: она откроется в любом браузере');
    expect(within(sheet).getByRole('link', { name: 'Telegram' })).toHaveAttribute('href', expect.stringContaining(encodeURIComponent(`/greeting/${GREETING_ID}`)));
  });

  it('a next page that fails keeps the rows shown, says so, and loads when the connection comes back', async () => {
    let offline = false;
    const other = createdRow({ id: 'B'.repeat(22), to_whom: 'Папе' });
    fakeServer(({ url }) => {
      if (url.pathname !== '/api/greetings/created') return undefined;
      if (!url.searchParams.get('cursor')) return { body: { items: [createdRow()], next_cursor: 'page-2' } };
      if (offline) throw new TypeError('Failed to fetch');
      return { body: { items: [other], next_cursor: null } };
    });
    renderPage(<CreatedGreetingsPage />, { path: '/congratulations', url: '/congratulations' });
    expect(await screen.findByText('Кому: Маме')).toBeInTheDocument();
    offline = true;
    fireEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    const failed = (await screen.findByText('Не удалось загрузить продолжение')).closest('[role="alert"]');
    expect(failed).toHaveTextContent('Нет соединения с сервером. Проверьте интернет и попробуйте ещё раз');
    expect(screen.getByText('Кому: Маме')).toBeInTheDocument();
    offline = false;
    fireEvent(window, new Event('online'));
    expect(await screen.findByText('Кому: Папе')).toBeInTheDocument();
    expect(screen.getByText('Кому: Маме')).toBeInTheDocument();
    expect(screen.queryByText('Не удалось загрузить продолжение')).toBeNull();
  });

  it('a list that cannot load for want of a connection says so, and its retry loads it', async () => {
    let offline = true;
    fakeServer(({ url }) => {
      if (url.pathname !== '/api/greetings/created') return undefined;
      if (offline) throw new TypeError('Failed to fetch');
      return { body: { items: [createdRow()], next_cursor: null } };
    });
    renderPage(<CreatedGreetingsPage />, { path: '/congratulations', url: '/congratulations' });
    const failed = (await screen.findByRole('heading', { name: 'Ошибка загрузки поздравлений' })).closest<HTMLElement>('[role="alert"]')!;
    expect(failed).toHaveTextContent('Нет соединения с сервером. Проверьте интернет и попробуйте ещё раз');
    offline = false;
    fireEvent.click(within(failed).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Кому: Маме')).toBeInTheDocument();
  });

  it('a list whose server does not answer in time says so, with a retry', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const asked: string[] = [];
      vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
        asked.push(input);
        return input === '/api/auth/me'
          ? Promise.resolve(new Response(JSON.stringify(USER), { status: 200, headers: { 'content-type': 'application/json' } }))
          : new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
      });
      renderPage(<CreatedGreetingsPage />, { path: '/congratulations', url: '/congratulations' });
      // the list is asked for once the session is known; then its time runs out
      await vi.waitFor(() => expect(asked.some((u) => u.startsWith('/api/greetings/created'))).toBe(true));
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
      const failed = (await screen.findByRole('heading', { name: 'Ошибка загрузки поздравлений' })).closest<HTMLElement>('[role="alert"]')!;
      expect(failed).toHaveTextContent('Сервер не успел ответить. Попробуйте ещё раз');
      expect(within(failed).getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a row is named by what it shows, so a voice command by its text finds it, and described by what a press does', async () => {
    fakeServer(({ url }) => (url.pathname === '/api/greetings/created' ? { body: { items: [createdRow()], next_cursor: null } } : undefined));
    renderPage(<CreatedGreetingsPage />, { path: '/congratulations', url: '/congratulations' });
    const row = await screen.findByRole('button', { name: /Кому: Маме/, description: 'Посмотреть' });
    expect(row).toHaveTextContent('Кому: Маме');
  });

  it('a greeting nobody has opened waits for its recipient, and its creation time says what it is', async () => {
    const g = createdRow({ status: 'sent', opened_at: null, accepted_at: null, accepted_count: 0 });
    fakeServer(({ url }) => (url.pathname === '/api/greetings/created' ? { body: { items: [g], next_cursor: null } } : undefined));
    renderPage(<CreatedGreetingsPage />, { path: '/congratulations', url: '/congratulations' });
    expect(await screen.findByTestId('greeting-status')).toHaveTextContent(/^Ждёт получателя с /);
    // not «Отправлено»: making a greeting does not send it
    expect(screen.queryByText(/Отправлено/)).toBeNull();
    expect(screen.getByText(/^создано в \d{2}:\d{2}$/)).toBeInTheDocument();
  });

  it.each([
    [false, 'Энергия: 5 · ещё не получена'],
    [true, 'Энергия: 5 · получена'],
  ])('the gift badge agrees with «Энергия» (claimed: %s)', async (claimed, text) => {
    const g = createdRow({ energy: 5, gift_claimed: claimed, accepted_count: claimed ? 1 : 0, status: claimed ? 'accepted' : 'sent' });
    fakeServer(({ url }) => (url.pathname === '/api/greetings/created' ? { body: { items: [g], next_cursor: null } } : undefined));
    renderPage(<CreatedGreetingsPage />, { path: '/congratulations', url: '/congratulations' });
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it.each([
    [true, 'Его уже приняли — у получателя оно тоже исчезнет.'],
    [false, null],
  ])('asking to delete says the recipient loses an accepted greeting too (accepted: %s)', async (accepted, note) => {
    const g = createdRow({ accepted_at: accepted ? '2026-03-08T10:00:00.000Z' : null, accepted_count: accepted ? 1 : 0, status: accepted ? 'accepted' : 'sent' });
    fakeServer(({ url }) => (url.pathname === '/api/greetings/created' ? { body: { items: [g], next_cursor: null } } : undefined));
    renderPage(<CreatedGreetingsPage />, { path: '/congratulations', url: '/congratulations' });
    fireEvent.click((await screen.findAllByRole('button', { name: 'Удалить: Маме' }))[0]!);
    const ask = await screen.findByRole('dialog', { name: 'Вы уверены, что хотите удалить это поздравление?' });
    if (note) expect(ask).toHaveTextContent(note);
    else expect(ask).not.toHaveTextContent('Его уже приняли');
  });
});
