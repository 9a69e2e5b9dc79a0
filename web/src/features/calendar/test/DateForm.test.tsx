import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, renderInApp, stubSignedInApi } from '@/app/test-utils';
import { DateFormDialog } from '../components/DateForm';
import { dateProblems } from '../components/DateForm';
import { browserTimeZone } from '../extra';
import { personDate } from './fixtures';

afterEach(() => vi.unstubAllGlobals());

type Answer = { status: number; body?: unknown };
/** The API: GET /api/settings/ has no zone; a write of a date answers `write`. */
function serve(write: (c: ApiCall) => Answer) {
  return stubSignedInApi((c) => {
    if (c.url === '/api/settings/') return { status: 200, body: {} };
    if (c.url === '/api/dates' && c.method === 'GET') return { status: 200, body: { dates: [] } };
    if (c.url.startsWith('/api/dates') && c.method !== 'GET') return write(c);
    return undefined;
  });
}
const invalid = (field: string) => ({ status: 422, body: { detail: `${field}: Invalid input`, code: 'VALIDATION_ERROR', field } });
const open = (date?: Parameters<typeof DateFormDialog>[0]['date']) => renderInApp(<DateFormDialog open date={date} onClose={() => undefined} />, { route: '/dates' });
const dialog = () => screen.findByRole('dialog');
const save = async (name: 'Добавить дату' | 'Сохранить' = 'Добавить дату') => fireEvent.click(within(await dialog()).getByRole('button', { name }));

describe('the date form', () => {
  it('says a name is needed before anything is sent, at the name, which takes the focus', async () => {
    const calls = serve(() => ({ status: 500 }));
    await open();
    await save();
    const name = within(await dialog()).getByRole('textbox', { name: 'Имя' });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Введите имя — до 80 символов');
    await vi.waitFor(() => expect(name).toHaveFocus());
    expect(calls.some((c) => c.url.startsWith('/api/dates') && c.method === 'POST')).toBe(false);
  });

  it('sends a new date with the day before at 10:00 and this browser’s time zone by default', async () => {
    const calls = serve((c) => ({ status: 201, body: personDate({ ...(c.body as object), id: 9 }) }));
    await open();
    const d = await dialog();
    fireEvent.change(within(d).getByRole('textbox', { name: 'Имя' }), { target: { value: '  Мама ' } });
    fireEvent.click(within(d).getByRole('radio', { name: 'Годовщина' }));
    fireEvent.change(within(d).getByRole('combobox', { name: 'День' }), { target: { value: '14' } });
    fireEvent.change(within(d).getByRole('combobox', { name: 'Месяц' }), { target: { value: '3' } });
    fireEvent.click(within(d).getByRole('button', { name: 'за 7 дней' }));
    await save();
    await vi.waitFor(() => expect(calls.find((c) => c.method === 'POST' && c.url === '/api/dates')).toBeDefined());
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/dates')!.body).toEqual({
      person_name: 'Мама',
      kind: 'anniversary',
      day: 14,
      month: 3,
      year: null,
      note: null,
      remind_days_before: [1, 7],
      remind_time: '10:00',
      time_zone: browserTimeZone(),
    });
    expect(await screen.findByText('Дата добавлена')).toBeVisible();
  });

  it.each([
    ['day', 'В этом месяце нет такого дня'],
    ['year', 'Год — от 1900 до 2100, или оставьте пустым'],
    ['remind_days_before.1', 'Напоминания — от 0 до 30 дней, не больше пяти'],
    ['remind_time', 'Укажите время в виде ЧЧ:ММ'],
    ['time_zone', 'Часовой пояс не подходит — выберите другой в настройках'],
    ['person_name', 'Введите имя — до 80 символов'],
  ])('shows the API’s 422 for %s at its field', async (field, text) => {
    serve(() => invalid(field));
    await open(personDate({ id: 4, person_name: 'Папа' }));
    await save('Сохранить');
    expect(await within(await dialog()).findByText(text)).toBeVisible();
    // the form stays open with what was typed
    expect(within(await dialog()).getByRole('textbox', { name: 'Имя' })).toHaveValue('Папа');
  });

  it('says when no more dates can be kept, and any other failure in the server’s words', async () => {
    serve(() => ({ status: 409, body: { detail: 'At most 500 dates per user', code: 'CONFLICT' } }));
    await open(personDate());
    await save('Сохранить');
    expect(await within(await dialog()).findByRole('alert')).toHaveTextContent('Можно хранить не больше 500 дат');
  });

  it('keeps the day within the month: 31 January becomes 29 February', async () => {
    serve(() => ({ status: 500 }));
    await open(personDate({ day: 31, month: 1 }));
    const d = await dialog();
    fireEvent.change(within(d).getByRole('combobox', { name: 'Месяц' }), { target: { value: '2' } });
    expect(within(d).getByRole('combobox', { name: 'День' })).toHaveValue('29');
  });
});

describe('dateProblems', () => {
  const ok = { person_name: 'Мама', kind: 'birthday' as const, day: 29, month: 2, year: '', note: '', remind_days_before: [1], remind_time: '10:00' };
  it('accepts 29 February without a year, and refuses what the API would', () => {
    expect(dateProblems(ok)).toEqual({});
    expect(dateProblems({ ...ok, day: 30 })).toEqual({ day: true });
    expect(dateProblems({ ...ok, year: '1899' })).toEqual({ year: true });
    expect(dateProblems({ ...ok, person_name: '   ' })).toEqual({ person_name: true });
    expect(dateProblems({ ...ok, remind_days_before: [0, 1, 2, 3, 4, 5] })).toEqual({ remind_days_before: true });
    expect(dateProblems({ ...ok, remind_time: '25:00' })).toEqual({ remind_time: true });
  });
});
