import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, stubApi } from '@/app/test-utils';
import { ComingStrip } from '../components/ComingStrip';
import { addDays, localToday } from '../core';
import { holiday } from './fixtures';

afterEach(() => vi.unstubAllGlobals());

const serve = (holidays: unknown[] | 'fail') =>
  stubApi((c) => {
    if (!c.url.startsWith('/api/holidays')) return undefined;
    return holidays === 'fail' ? { status: 500, body: { detail: 'boom', code: 'INTERNAL_ERROR' } } : { status: 200, body: { holidays } };
  });
const cards = async () => screen.findAllByTestId('coming-holiday');

describe('the «Скоро» strip', () => {
  it('asks for the next 60 days in the language on screen, and says how many days each holiday is away', async () => {
    const calls = serve([holiday(0, { name: 'День матери' }), holiday(1), holiday(3), holiday(5), holiday(21), holiday(22)]);
    await renderInApp(<ComingStrip />);
    const shown = await cards();
    expect(shown).toHaveLength(6);
    expect(calls[0]!.url).toBe(`/api/holidays?from=${localToday()}&to=${addDays(localToday(), 60)}&lang=ru`);
    // today's is marked, and says «Сегодня» instead of a count
    expect(shown[0]).toHaveAttribute('data-today', 'true');
    expect(within(shown[0]!).getByText('Сегодня')).toBeVisible();
    expect(within(shown[0]!).queryByTestId('days-left')).toBeNull();
    expect(shown.slice(1).map((c) => within(c).getByTestId('days-left').textContent)).toEqual(['завтра', 'через 3 дня', 'через 5 дней', 'через 21 день', 'через 22 дня']);
    expect(shown[1]).not.toHaveAttribute('data-today');
    // a tap opens the holiday's page
    expect(shown[2]).toHaveAttribute('href', '/holiday/h3');
    expect(screen.getByRole('list', { name: 'Ближайшие праздники' })).toBeInTheDocument();
  });

  it('counts in English too', async () => {
    serve([holiday(1), holiday(2), holiday(31)]);
    await renderInApp(<ComingStrip />, { language: 'en' });
    const shown = await cards();
    expect(shown.map((c) => within(c).getByTestId('days-left').textContent)).toEqual(['tomorrow', 'in 2 days', 'in 31 days']);
    expect(screen.getByRole('heading', { name: 'Coming up' })).toBeVisible();
  });

  it('marks a holiday of several days as today while it is on, and says until when', async () => {
    serve([holiday(-2, { id: 'maslenitsa', name: 'Масленица', end_date: addDays(localToday(), 4) })]);
    await renderInApp(<ComingStrip />);
    const [card] = await cards();
    expect(card).toHaveAttribute('data-today', 'true');
    expect(card).toHaveTextContent('Сегодня');
    expect(card).toHaveTextContent(/до \d{1,2} [а-я]+/);
  });

  it('says so when the holidays could not be loaded, and tries again on «Повторить»', async () => {
    const calls = serve('fail');
    await renderInApp(<ComingStrip />);
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent('Не удалось загрузить праздники');
    const before = calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await vi.waitFor(() => expect(calls.length).toBeGreaterThan(before));
  });
});
