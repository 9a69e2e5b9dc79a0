import type { Contribution, GroupJoin } from '@otkrytka/contract';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import JoinGroupGreetingPage from '../pages/JoinGroupGreetingPage';
import { fakeServer, renderPage } from './harness';

const ID = 'GroupCard_0123456789ab';
const INVITE = 'inviteToken_0123456789';
const PATH = '/greeting/:greetingId/join/:invite';
const URL_ = `/greeting/${ID}/join/${INVITE}`;

function card(over: Partial<GroupJoin> = {}): GroupJoin {
  return {
    greeting_id: ID,
    status: 'collecting',
    to_whom: 'Свете',
    greeting: 'С юбилеем!',
    from_whom: 'Аня',
    background_first_page: 'pink-purple-indigo',
    background_greeting_page: 'pink-purple-indigo',
    caption: null,
    picture_url: null,
    postcard: null,
    opens_at: null,
    opens_tz: null,
    delivered_at: null,
    signed_count: 1,
    max_contributions: 100,
    notes: [{ id: 1, from_whom: 'Боря', message: 'Ты лучшая!', created_at: '2026-11-29T10:00:00.000Z' }],
    mine: null,
    is_organiser: false,
    can_contribute: true,
    ...over,
  };
}

const mine = (over: Partial<Contribution> = {}): Contribution => ({
  id: 2,
  greeting_id: ID,
  from_whom: 'Клара',
  message: 'Счастья!',
  energy: 5,
  gift_state: 'held',
  author: 'clara',
  is_own: true,
  created_at: '2026-11-29T11:00:00.000Z',
  updated_at: '2026-11-29T11:00:00.000Z',
  ...over,
});

describe('the join page of a group card', () => {
  it('signs with the invite, the words, the name and a gift, then shows my signature beside the others’ notes', async () => {
    let signed: Contribution | null = null;
    const calls = fakeServer(({ method, url, body }) => {
      if (url.pathname === '/api/user-game-data/energy-status') return { body: { yang_energy: 20 } };
      if (method === 'GET' && url.pathname === `/api/greetings/${ID}/join/${INVITE}`) return { body: card(signed ? { mine: signed, can_contribute: false, signed_count: 2 } : {}) };
      if (method === 'POST' && url.pathname === `/api/greetings/${ID}/contributions`) {
        const b = body as { message: string; from_whom: string; energy: number };
        signed = mine({ message: b.message, from_whom: b.from_whom, energy: b.energy });
        return { status: 201, body: signed };
      }
      return undefined;
    });
    renderPage(<JoinGroupGreetingPage />, { path: PATH, url: URL_ });
    expect(await screen.findByRole('heading', { name: 'Открытка для Свете' })).toBeInTheDocument();
    expect(screen.getByText('Ты лучшая!')).toBeInTheDocument();
    // nothing written: asked for words, nothing sent
    fireEvent.click(screen.getByRole('button', { name: 'Подписать' }));
    expect(await screen.findByText('Напишите хотя бы пару слов')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Ваши слова' }), { target: { value: '  Счастья, Света!  ' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Подпись' }), { target: { value: 'Клара' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Добавить подарок' }));
    await screen.findByText('Ваша энергия Ян: 20');
    fireEvent.click(screen.getByRole('button', { name: 'Подписать' }));
    expect(await screen.findByText('Ваша подпись')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ invite: INVITE, message: 'Счастья, Света!', from_whom: 'Клара', energy: 10 });
    expect(screen.getByText('Ваш подарок: 10 энергии')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Подписать' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Отозвать' })).toBeInTheDocument();
  });

  it('a wrong or replaced invite says so; a full card and a delivered one offer no form', async () => {
    fakeServer(() => ({ status: 404, body: { detail: 'no', code: 'INVITE_INVALID' } }));
    const first = renderPage(<JoinGroupGreetingPage />, { path: PATH, url: URL_ });
    expect(await screen.findByRole('heading', { name: 'Приглашение недействительно' })).toBeInTheDocument();
    first.unmount();

    fakeServer(({ url }) => (url.pathname.includes('/join/') ? { body: card({ signed_count: 100, can_contribute: false }) } : undefined));
    const second = renderPage(<JoinGroupGreetingPage />, { path: PATH, url: URL_ });
    expect(await screen.findByTestId('join-full')).toHaveTextContent('Открытку подписали уже 100 человек');
    expect(screen.queryByTestId('join-form')).toBeNull();
    second.unmount();

    fakeServer(({ url }) => (url.pathname.includes('/join/') ? { body: card({ delivered_at: '2026-11-29T12:00:00.000Z', can_contribute: false, mine: mine() }) } : undefined));
    renderPage(<JoinGroupGreetingPage />, { path: PATH, url: URL_ });
    expect(await screen.findByTestId('join-delivered')).toHaveTextContent('Открытка уже отправлена получателю');
    expect(screen.getByText('Ваша подпись')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Изменить' })).toBeNull();
    expect(screen.queryByTestId('join-form')).toBeNull();
  });
});
