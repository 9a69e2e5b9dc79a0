import type { Notification } from '@otkrytka/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, renderInApp, stubApi } from '@/app/test-utils';
import { initI18n } from '@/i18n';
import { ApiError, NETWORK_ERROR } from '@/lib/api';
import { NotificationsPanel } from './components/NotificationsPanel';
import { errorDetails } from './errorDetails';
import { NOTIFICATION_EVENT, useNotificationStream } from './queries';

const note = (id: number, over: Partial<Notification> = {}): Notification => ({
  id,
  type: 'greeting_received',
  title: `Уведомление ${id}`,
  message: 'Ваше поздравление приняли',
  bg_color: null,
  color: null,
  is_read: false,
  is_new: true,
  created_at: new Date(Date.now() - 5.5 * 60_000).toISOString(),
  actions: [{ action_type: 'open_greeting', label: 'Открыть поздравление', is_primary: true, action_params: { greeting_id: 'abc' } }],
  template: null,
  ...over,
});

let calls: ApiCall[];
let unread = 2;
/** what notification 2 says now (the live stream test edits it) */
const edit = { message: 'Ваше поздравление приняли' };
beforeEach(() => {
  unread = 2;
  edit.message = 'Ваше поздравление приняли';
  localStorage.setItem('access_token', 'tok');
  calls = stubApi((c) => {
    const url = new URL(c.url, 'http://x');
    if (url.pathname === '/api/auth/me')
      return { status: 200, body: { id: 1, login: 'u', email: null, username: null, first_name: null, last_name: null, telegram_id: null, auth_type: 'local', is_moderator: false, created_at: '' } };
    if (url.pathname === '/api/notifications' && c.method === 'GET') {
      const all = [note(2, { message: edit.message }), note(1, { is_read: true, is_new: false, type: 'quest', title: 'Задание выполнено', actions: [] })];
      const type = url.searchParams.get('type');
      const list = type ? all.filter((n) => n.type === type) : all;
      return { status: 200, body: { notifications: list, total: list.length, unread_count: unread, page: 1, limit: 20, hasMore: false } };
    }
    if (url.pathname === '/api/notifications' && c.method === 'DELETE') return { status: 200, body: { success: true, deleted: 2 } };
    if (url.pathname === '/api/notifications/unread-count') return { status: 200, body: { unread_count: unread } };
    if (url.pathname === '/api/notifications/type-counts') return { status: 200, body: { counts: {}, unread: {}, total: 2, unread_count: unread } };
    if (url.pathname === '/api/notifications/2/read') {
      unread = 1;
      return { status: 200, body: { success: true, unread_count: 1 } };
    }
    return undefined;
  });
});
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('notifications panel', () => {
  it('lists notifications with relative times and marks one read when it is clicked', async () => {
    await renderInApp(<NotificationsPanel />, { route: '/game-data?tab=notifications' });
    expect(await screen.findByText('Уведомление 2')).toBeInTheDocument();
    expect(screen.getByText(/Поздравления · 5 минут назад/)).toBeInTheDocument();
    expect(screen.getByTestId('unread-in-panel')).toHaveTextContent('Непрочитанных: 2');
    // named by what it shows; an unread one says what a press does in its description
    const unread = screen.getByRole('button', { name: /^Уведомление 2/, description: 'Отметить прочитанным' });
    fireEvent.click(unread);
    await waitFor(() => expect(screen.getByTestId('unread-in-panel')).toHaveTextContent('Непрочитанных: 1'));
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/notifications/2/read')).toBe(true);
  });

  it('deleting a notification hands the focus to the next one\'s delete button', async () => {
    await renderInApp(<NotificationsPanel />, { route: '/game-data?tab=notifications' });
    await screen.findByText('Уведомление 2');
    const deletes = screen.getAllByRole('button', { name: /^Удалить уведомление: / });
    // each says which notification it deletes
    expect(screen.getByRole('button', { name: 'Удалить уведомление: Уведомление 2' })).toBe(deletes[0]);
    deletes[0]!.focus();
    fireEvent.click(deletes[0]!);
    expect(deletes[1]).toHaveFocus();
  });

  it('deleting the only notification shown hands the focus to the panel heading', async () => {
    await renderInApp(<NotificationsPanel />, { route: '/game-data?tab=notifications' });
    await screen.findByText('Уведомление 2');
    fireEvent.change(screen.getByTestId('type-filter'), { target: { value: 'quest' } });
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Удалить уведомление/ })).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: /^Удалить уведомление/ }));
    expect(screen.getByRole('heading', { name: /^Уведомления/ })).toHaveFocus();
  });

  it('filters by type, starting again from page 1', async () => {
    await renderInApp(<NotificationsPanel />, { route: '/game-data?tab=notifications' });
    await screen.findByText('Уведомление 2');
    fireEvent.change(screen.getByTestId('type-filter'), { target: { value: 'quest' } });
    await waitFor(() => expect(screen.queryByText('Уведомление 2')).not.toBeInTheDocument());
    expect(screen.getByText('Задание выполнено')).toBeInTheDocument();
    const last = calls.filter((c) => c.url.startsWith('/api/notifications?')).at(-1)!;
    expect(new URL(last.url, 'http://x').searchParams.get('type')).toBe('quest');
    expect(new URL(last.url, 'http://x').searchParams.get('page')).toBe('1');
  });

  it('asks in the app\'s own dialog before clearing every notification, and clears only on confirm', async () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    await renderInApp(<NotificationsPanel />, { route: '/game-data?tab=notifications' });
    await screen.findByText('Уведомление 2');
    const cleared = () => calls.filter((c) => c.method === 'DELETE' && c.url === '/api/notifications').length;

    fireEvent.click(screen.getByRole('button', { name: /Очистить/ }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Удалить все уведомления?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cleared()).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: /Очистить/ }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Очистить' }));
    await waitFor(() => expect(cleared()).toBe(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(confirm).not.toHaveBeenCalled();
  });

  it('shows notifications in English from the template they were written from', async () => {
    stubApi((c) => {
      const url = new URL(c.url, 'http://x');
      if (url.pathname === '/api/auth/me')
        return { status: 200, body: { id: 1, login: 'u', email: null, username: null, first_name: null, last_name: null, telegram_id: null, auth_type: 'local', is_moderator: false, created_at: '' } };
      if (url.pathname === '/api/notifications' && c.method === 'GET') {
        const list = [
          note(3, {
            type: 'quest',
            title: 'Задание выполнено',
            message: 'Задание «Тёплые слова» выполнено. Заберите награду: +30 Ян и +1 самоцвет.',
            actions: [{ action_type: 'open_tab', label: 'К заданиям', is_primary: true, action_params: { tab: 'quests' } }],
            template: { key: 'quest', params: { quest: 'greeting', energy: 30, gems: 1 } },
          }),
          note(4, { type: 'gift', title: 'Старый подарок', message: 'Без шаблона' }),
        ];
        return { status: 200, body: { notifications: list, total: 2, unread_count: 2, page: 1, limit: 20, hasMore: false } };
      }
      if (url.pathname === '/api/notifications/unread-count') return { status: 200, body: { unread_count: 2 } };
      return undefined;
    });
    await renderInApp(<NotificationsPanel />, { route: '/game-data?tab=notifications', language: 'en' });
    expect(await screen.findByText('Quest completed')).toBeInTheDocument();
    expect(screen.getByText('“Warm words” is done. Claim your reward: +30 yang and +1 gem.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'To quests' })).toBeInTheDocument();
    // stored before templates were kept: the Russian text
    expect(screen.getByText('Старый подарок')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open the greeting' })).toBeInTheDocument();
  });

  it('shows the error screen with details and a retry', async () => {
    stubApi((c) => {
      if (c.url === '/api/auth/me') return { status: 200, body: { id: 1, login: 'u', email: null, username: null, first_name: null, last_name: null, telegram_id: null, auth_type: 'local', is_moderator: false, created_at: '' } };
      if (c.url.startsWith('/api/notifications?')) return { status: 400, body: { detail: 'broken filter', code: 'BAD_REQUEST' } };
      return undefined;
    });
    await renderInApp(<NotificationsPanel />, { route: '/game-data?tab=notifications' });
    expect(await screen.findByText('Не удалось загрузить уведомления')).toBeInTheDocument();
    expect(screen.getByText(/HTTP 400 BAD_REQUEST/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  });

  it('the details of an answer that was not the server’s own (a proxy’s 500 page) name its status once, not «HTTP 500 HTTP_500»', async () => {
    stubApi((c) => {
      if (c.url === '/api/auth/me') return { status: 200, body: { id: 1, login: 'u', email: null, username: null, first_name: null, last_name: null, telegram_id: null, auth_type: 'local', is_moderator: false, created_at: '' } };
      // no body our server writes: no code of its own
      if (c.url.startsWith('/api/notifications?')) return { status: 500 };
      return undefined;
    });
    await renderInApp(<NotificationsPanel />, { route: '/game-data?tab=notifications' });
    // a 5xx is tried three times before the error shows
    expect(await screen.findByText('Не удалось загрузить уведомления', {}, { timeout: 8000 })).toBeInTheDocument();
    const details = screen.getByText('Подробности').closest('details')!.querySelector('pre')!;
    expect(details.textContent).toBe('HTTP 500\nЧто-то пошло не так, попробуйте ещё раз');
  }, 15_000);

  it.each([
    ['the server’s own error', new ApiError(500, 'INTERNAL_ERROR', 'Internal error'), 'HTTP 500 INTERNAL_ERROR\nЧто-то пошло не так, попробуйте ещё раз'],
    ['an answer without the server’s body', new ApiError(502, 'HTTP_502', ''), 'HTTP 502\nЧто-то пошло не так, попробуйте ещё раз'],
    ['no answer at all', new ApiError(0, NETWORK_ERROR, ''), 'Нет соединения с сервером. Проверьте интернет и попробуйте ещё раз'],
    ['an error of the page itself', new Error('boom'), 'Error: boom'],
  ])('details: %s', async (_, error, text) => {
    await initI18n('ru', 'all');
    expect(errorDetails(error)).toBe(text);
  });
});

describe('the live stream', () => {
  /** Answers /api/notifications/stream with a body the test writes events into; the rest as stubbed. */
  function openStream() {
    let push: (event: string, data: unknown) => void = () => {};
    const body = new ReadableStream<Uint8Array>({
      start(ctrl) {
        push = (event, data) => ctrl.enqueue(new TextEncoder().encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
      },
    });
    const stubbed = globalThis.fetch;
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) =>
      url === '/api/notifications/stream'
        ? Promise.resolve(new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }))
        : stubbed(url, init),
    );
    return (event: string, data: unknown) => push(event, data);
  }
  function Live() {
    useNotificationStream(1);
    return null;
  }

  it('a notice whose text changed (a reply edited) is read again and shown with its new text, not announced as a new one', async () => {
    const push = openStream();
    await renderInApp(
      <>
        <Live />
        <NotificationsPanel />
      </>,
      { route: '/game-data?tab=notifications' },
    );
    expect(await screen.findByText('Уведомление 2')).toBeInTheDocument();
    const before = calls.filter((c) => c.url.startsWith('/api/notifications?')).length;
    // what a new notice fires (the game hub toasts it); an edited one is not news
    const announced: Event[] = [];
    window.addEventListener(NOTIFICATION_EVENT, (e) => announced.push(e));
    const edited = note(2, { message: 'Оля пишет в ответ: 🙏 Спасибо огромное!' });
    edit.message = edited.message;
    push('changed', { notification: edited, unread_count: 2 });
    expect(await screen.findByText('Оля пишет в ответ: 🙏 Спасибо огромное!')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/notifications?')).length).toBeGreaterThan(before);
    expect(announced).toEqual([]);
  });
});
