import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { addDays, localToday } from '@/features/calendar/core';
import { saveIntent } from '@/features/calendar/extra';
import CreateGreetingPage from '../pages/CreateGreetingPage';
import { fakeServer, greeting, renderPage } from './harness';

vi.mock('../confetti', () => ({ celebrate: vi.fn() }));

const postcard = { id: 3, title: 'Весна', collection_id: 9, media_kind: 'image', image_url: '/media/a/b.jpg', preview_78x101_url: null };
const inDays = (n: number) => addDays(localToday(), n);

function serve() {
  return fakeServer(({ method, url, body }) => {
    if (method === 'GET' && url.pathname === '/api/image_relations/3') return { body: postcard };
    if (method === 'GET' && url.pathname === '/api/user-game-data/energy-status') return { body: { yang_energy: 0 } };
    if (method === 'GET' && url.pathname === '/api/holidays') {
      return { body: { holidays: [{ id: 'womens-day', date: inDays(5), end_date: inDays(5), name: 'Женский день', kind: 'public', category_ids: [] }] } };
    }
    if (method === 'GET' && url.pathname === '/api/dates') {
      return { body: { dates: [{ id: 8, person_name: 'Бабушка', kind: 'birthday', next_date: inDays(10), days_until: 10 }] } };
    }
    if (method === 'POST' && url.pathname === '/api/greetings') return { status: 201, body: greeting({ ...(body as object), id: 'NewGreeting_0123456789' }) };
    return undefined;
  });
}
const open = () => renderPage(<CreateGreetingPage />, { path: '/mychannels/:channelId/:postcardId/create-congratulation', url: '/mychannels/9/3/create-congratulation' });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('a greeting started for a day (a holiday, a date’s reminder)', () => {
  it('comes with the name and opens on the day at 09:00, which the last step shows and sends', async () => {
    saveIntent({ toWhom: 'Мама', opens: inDays(2), dateId: 8 });
    const calls = serve();
    open();
    expect(await screen.findByRole('textbox', { name: 'Имя получателя' })).toHaveValue('Мама');
    expect(await screen.findByTestId('wizard-opens-note')).toHaveTextContent(/^Откроется \d{1,2} [а-я]+( \d{4})? в 09:00 — это можно изменить на последнем шаге/);
    click('Далее');
    click('Далее');
    expect(await screen.findByRole('switch', { name: 'Открыть в день праздника' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByLabelText('Дата и время открытия')).toHaveValue(`${inDays(2)}T09:00`);
    click('Создать поздравление');
    expect(await screen.findByRole('heading', { name: 'Поздравление создано! - Шаг 4' })).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/api/greetings')?.body as { to_whom: string; opens_at: string };
    expect(sent.to_whom).toBe('Мама');
    expect(Date.parse(sent.opens_at)).toBe(new Date(`${inDays(2)}T09:00`).getTime());
    // made: the next greeting starts empty
    expect(sessionStorage.getItem('greeting-intent')).toBeNull();
  }, 20_000);

  it('«Открыть сразу» sends it at once instead', async () => {
    saveIntent({ opens: inDays(2), holidayId: 'womens-day' });
    serve();
    open();
    fireEvent.click(within(await screen.findByTestId('wizard-opens-note')).getByRole('button', { name: 'Открыть сразу' }));
    expect(screen.queryByTestId('wizard-opens-note')).toBeNull();
    click('Далее');
    click('Далее');
    expect(await screen.findByRole('switch', { name: 'Открыть в день праздника' })).toHaveAttribute('aria-checked', 'false');
  });

  it('offers the holidays coming up and my dates as one-tap days', async () => {
    serve();
    open();
    await screen.findByRole('heading', { name: 'Кому поздравление? - Шаг 1' });
    click('Пропустить');
    click('Пропустить');
    fireEvent.click(await screen.findByRole('switch', { name: 'Открыть в день праздника' }));
    const choices = await screen.findByRole('group', { name: 'Быстрый выбор' });
    await vi.waitFor(() => expect(within(choices).getAllByRole('button')).toHaveLength(2));
    const [holiday, birthday] = within(choices).getAllByRole('button');
    expect(holiday).toHaveTextContent(/^Женский день · \d{1,2} [а-я]+/);
    expect(birthday).toHaveTextContent(/^Бабушка · \d{1,2} [а-я]+/);
    fireEvent.click(birthday!);
    expect(screen.getByLabelText('Дата и время открытия')).toHaveValue(`${inDays(10)}T09:00`);
    expect(birthday).toHaveAttribute('aria-pressed', 'true');
  });
});
