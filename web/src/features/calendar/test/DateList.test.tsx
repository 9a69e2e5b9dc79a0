import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, stubSignedInApi } from '@/app/test-utils';
import DatesPage from '../pages/DatesPage';
import { personDate } from './fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const DATES = [
  personDate({ id: 1, person_name: 'Саша и Лена', kind: 'anniversary', days_until: 0, turns: 10, year: 2016, remind_days_before: [0], remind_time: '09:30' }),
  personDate({ id: 2, person_name: 'Мама', kind: 'birthday', days_until: 3, turns: 60, note: 'Любит пионы', remind_days_before: [1, 7] }),
  personDate({ id: 3, person_name: 'Таня', kind: 'name_day', days_until: 21, turns: null, year: null, remind_days_before: [] }),
];

function serve(dates = DATES) {
  let list = [...dates];
  return stubSignedInApi((c) => {
    if (c.method === 'GET' && c.url === '/api/dates') return { status: 200, body: { dates: list } };
    const del = /^\/api\/dates\/(\d+)$/.exec(c.url);
    if (c.method === 'DELETE' && del) {
      list = list.filter((d) => d.id !== Number(del[1]));
      return { status: 200, body: { success: true } };
    }
    return undefined;
  });
}
const items = () => screen.findAllByTestId('date-item');

describe('my dates', () => {
  it('lists them nearest first: how far off, what and when, how old, the reminders and the note', async () => {
    serve();
    await renderInApp(<DatesPage />, { route: '/dates' });
    const [today, mum, tanya] = await items();
    expect(within(today!).getByTestId('date-days-left')).toHaveTextContent('сегодня');
    expect(within(today!).getByTestId('date-facts')).toHaveTextContent(/^Годовщина · \d{1,2} [а-я]+ · 10 лет$/);
    expect(today).toHaveTextContent('Напомним в тот же день в 09:30');
    expect(within(mum!).getByTestId('date-days-left')).toHaveTextContent('через 3 дня');
    expect(within(mum!).getByTestId('date-facts')).toHaveTextContent(/^День рождения · .+ · исполнится 60$/);
    expect(mum).toHaveTextContent('Напомним за 7 дней и за 1 день в 10:00');
    expect(mum).toHaveTextContent('Любит пионы');
    expect(within(tanya!).getByTestId('date-days-left')).toHaveTextContent('через 21 день');
    expect(within(tanya!).getByTestId('date-facts')).not.toHaveTextContent('исполнится');
    expect(tanya).toHaveTextContent('Без напоминаний');
    // each one's buttons say whose they are
    expect(screen.getByRole('button', { name: 'Изменить дату: Мама' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Поздравить: Мама' })).toBeVisible();
  });

  it('deletes a date only after it is confirmed', async () => {
    const calls = serve();
    await renderInApp(<DatesPage />, { route: '/dates' });
    await items();
    fireEvent.click(screen.getByRole('button', { name: 'Удалить дату: Мама' }));
    const dialog = await screen.findByRole('dialog', { name: 'Удалить дату «Мама»?' });
    expect(dialog).toHaveTextContent('Напоминания о ней больше не придут.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Удалить дату: Мама' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Удалить' }));
    await vi.waitFor(async () => expect(await items()).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/dates/2']);
    expect(screen.queryByText('Любит пионы')).toBeNull();
  });

  it('with none kept, says what the page is for and offers to add one', async () => {
    serve([]);
    await renderInApp(<DatesPage />, { route: '/dates' });
    expect(await screen.findByRole('heading', { name: 'Дат пока нет' })).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Добавить дату' }));
    expect(await screen.findByRole('dialog', { name: 'Новая дата' })).toBeVisible();
  });

  it('«Поздравить» opens the gallery to pick a postcard for the person, opening on their day', async () => {
    serve();
    await renderInApp(<DatesPage />, { route: '/dates' });
    await items();
    fireEvent.click(screen.getByRole('button', { name: 'Поздравить: Мама' }));
    const intent = JSON.parse(sessionStorage.getItem('greeting-intent') ?? '{}');
    expect(intent).toMatchObject({ toWhom: 'Мама', opens: DATES[1]!.next_date, dateId: 2 });
  });
});
