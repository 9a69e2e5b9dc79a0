import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import EditGreetingPage from '../pages/EditGreetingPage';
import { fakeServer, greeting, renderPage } from './harness';

const open = (from = 'congratulations') =>
  renderPage(<EditGreetingPage />, { path: '/edit-greeting/:greetingId', url: `/edit-greeting/${greeting().id}?from=${from}` });

describe('edit greeting page', () => {
  it('refuses empty fields with the three messages of the spec, verbatim, and sends nothing', async () => {
    const calls = fakeServer(({ method, url }) => (method === 'GET' && url.pathname.startsWith('/api/greetings/') ? { body: greeting() } : undefined));
    open();
    // spaces, or characters that draw nothing (zero-width spaces), are empty all the same
    for (const [label, value] of [['Подписать кому', '\u200b\u200b'], ['Задать поздравление', '   '], ['Подписать от кого', ' \u2060 ']]) {
      fireEvent.change(await screen.findByLabelText(label!), { target: { value } });
    }
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Поле "Подписать кому" обязательно для заполнения')).toBeInTheDocument();
    expect(screen.getByText('Поле "Задать поздравление" обязательно для заполнения')).toBeInTheDocument();
    expect(screen.getByText('Поле "Подписать от кого" обязательно для заполнения')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });

  it('sends trimmed values and opens the greeting', async () => {
    const calls = fakeServer(({ method }) => (method === 'GET' || method === 'PATCH' ? { body: greeting() } : undefined));
    open();
    fireEvent.change(await screen.findByLabelText('Подписать кому'), { target: { value: '  Папе ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/greeting/${greeting().id}?from=congratulations`));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ to_whom: 'Папе', greeting: 'С днём рождения!', from_whom: 'Аня' });
  });

  it('goes back to /congratulations when opened from there, else to the postcard', async () => {
    fakeServer(() => ({ body: greeting() }));
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Назад' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/congratulations');
  });

  it('goes back to the postcard in its channel when not opened from the created list', async () => {
    fakeServer(() => ({ body: greeting() }));
    open('received-greetings');
    fireEvent.click(await screen.findByRole('button', { name: 'Назад' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/mychannels/9/3');
  });

  it('shows "Поздравление не найдено" when the greeting does not load', async () => {
    fakeServer(() => undefined);
    open();
    expect(await screen.findByText('Поздравление не найдено')).toBeInTheDocument();
  });
});
