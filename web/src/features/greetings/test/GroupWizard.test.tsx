import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import CreateGreetingPage from '../pages/CreateGreetingPage';
import { fakeServer, greeting, renderPage } from './harness';

vi.mock('../confetti', () => ({ celebrate: vi.fn() }));
afterEach(() => sessionStorage.clear());

const postcard = { id: 3, title: 'Весна', collection_id: 9, media_kind: 'image', image_url: '/media/a/b.jpg', preview_78x101_url: null };
const group = (invite: string) => ({ invite, signed_count: 0, delivered_at: null, notes: [], gift_total: 0, givers: 0, expired: false });

it('«Подписать вместе» creates a group card sent by hand; the done step offers its invite and a new one in its place', async () => {
  vi.stubGlobal('navigator', { ...navigator, share: undefined });
  const calls = fakeServer(({ method, url, body }) => {
    if (url.pathname === '/api/image_relations/3') return { body: postcard };
    if (url.pathname === '/api/user-game-data/energy-status') return { body: { yang_energy: 0 } };
    if (method === 'POST' && url.pathname === '/api/greetings')
      return { status: 201, body: greeting({ ...(body as object), id: 'NewGreeting_0123456789', status: 'collecting', group: group('firstInvite_0123456789') }) };
    if (method === 'POST' && url.pathname === '/api/greetings/NewGreeting_0123456789/invite')
      return { body: { invite: 'secondInvite_012345678', path: '/greeting/NewGreeting_0123456789/join/secondInvite_012345678' } };
    return undefined;
  });
  renderPage(<CreateGreetingPage />, { path: '/mychannels/:channelId/:postcardId/create-congratulation', url: '/mychannels/9/3/create-congratulation' });
  fireEvent.change(await screen.findByRole('textbox', { name: 'Имя получателя' }), { target: { value: 'Свете' } });
  fireEvent.click(screen.getByRole('button', { name: 'Далее' }));
  fireEvent.click(screen.getByRole('button', { name: 'Далее' }));
  fireEvent.click(await screen.findByRole('switch', { name: 'Подписать вместе' }));
  // by hand unless a moment is chosen; the schedule's own switch gives way to the choice
  expect(screen.getByRole('radio', { name: /Отправить вручную/ })).toBeChecked();
  expect(screen.queryByRole('switch', { name: 'Открыть в день праздника' })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Создать поздравление' }));

  const invite = await screen.findByTestId('group-invite');
  expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ to_whom: 'Свете', group: true });
  expect(within(invite).getByTestId('group-invite-url')).toHaveTextContent(`${window.location.origin}/greeting/NewGreeting_0123456789/join/firstInvite_0123456789`);
  // the greeting's own link is not shared: its recipient sees nothing before delivery
  expect(screen.queryByRole('button', { name: 'Поделиться' })).toBeNull();
  fireEvent.click(within(invite).getByRole('button', { name: 'Поделиться приглашением' }));
  const sheet = await screen.findByRole('dialog', { name: 'Поделиться поздравлением' });
  expect(within(sheet).getByRole('link', { name: 'Telegram' })).toHaveAttribute('href', expect.stringContaining(encodeURIComponent('Подпишите открытку для Свете')));
  fireEvent.keyDown(sheet, { key: 'Escape' });

  fireEvent.click(within(invite).getByRole('button', { name: 'Новая ссылка' }));
  const confirm = await screen.findByRole('dialog', { name: 'Сделать новую ссылку?' });
  fireEvent.click(within(confirm).getByRole('button', { name: 'Новая ссылка' }));
  expect(await within(invite).findByText(/secondInvite_012345678$/)).toBeInTheDocument();
}, 20_000);
