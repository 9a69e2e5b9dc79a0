import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, stubApi } from '@/app/test-utils';
import { tokenStore } from '@/lib/token';
import { LoginForm } from './LoginForm';

const user = { id: 7, login: 'anna', email: 'anna@example.com', username: null, first_name: null, last_name: null, telegram_id: null, auth_type: 'local', is_moderator: false, created_at: '2025-01-01T00:00:00Z' };
const ok = { status: 200, body: { access_token: 'tok', token_type: 'bearer', expires_at: '2030-01-01T00:00:00Z', user } };

async function setup(answer: Parameters<typeof stubApi>[0]) {
  const calls = stubApi(answer);
  const onSignedIn = vi.fn();
  await renderInApp(<LoginForm onSignedIn={onSignedIn} />);
  return { calls, onSignedIn, u: userEvent.setup() };
}

afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.clear();
});

describe('login form', () => {
  it('requires login and password', async () => {
    const { u, calls } = await setup(() => ok);
    await u.click(screen.getByRole('button', { name: 'Войти' }));
    expect(screen.getByText('Введите логин')).toBeInTheDocument();
    expect(screen.getByText('Введите пароль')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('remembers the session by default: the token goes to local storage', async () => {
    const { u, calls, onSignedIn } = await setup((c) => (c.url === '/api/auth/login' ? ok : undefined));
    expect(screen.getByRole('checkbox', { name: 'Запомнить меня' })).toBeChecked();
    await u.type(screen.getByLabelText('Логин или email'), 'anna');
    await u.type(screen.getByLabelText('Пароль', { selector: 'input' }), 'secret-pass');
    await u.click(screen.getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(calls.find((c) => c.url === '/api/auth/login')?.body).toEqual({ login: 'anna', password: 'secret-pass', remember: true });
    expect(localStorage.getItem('access_token')).toBe('tok');
    expect(await screen.findByText('Вы вошли в аккаунт')).toBeInTheDocument();
    // nothing but the session token is kept
    expect(JSON.stringify({ ...localStorage })).not.toContain('secret-pass');
    expect(document.cookie).not.toContain('secret-pass');
  });

  it('keeps the token for this tab only without "remember me"', async () => {
    const { u, calls, onSignedIn } = await setup((c) => (c.url === '/api/auth/login' ? ok : undefined));
    await u.click(screen.getByRole('checkbox', { name: 'Запомнить меня' }));
    await u.type(screen.getByLabelText('Логин или email'), 'anna');
    await u.type(screen.getByLabelText('Пароль', { selector: 'input' }), 'secret-pass');
    await u.click(screen.getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(calls.find((c) => c.url === '/api/auth/login')?.body).toMatchObject({ remember: false });
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(sessionStorage.getItem('access_token')).toBe('tok');
  });

  it('says auth.errors.loginFailed on a wrong password', async () => {
    const { u, onSignedIn } = await setup(() => ({ status: 401, body: { detail: 'Incorrect login or password', code: 'INVALID_CREDENTIALS' } }));
    await u.type(screen.getByLabelText('Логин или email'), 'anna');
    await u.type(screen.getByLabelText('Пароль', { selector: 'input' }), 'wrong-pass');
    await u.click(screen.getByRole('button', { name: 'Войти' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Неверный логин или пароль');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('without an answer it says the connection is lost, not that the password is wrong', async () => {
    const { u, onSignedIn } = await setup(() => undefined);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await u.type(screen.getByLabelText('Логин или email'), 'anna');
    await u.type(screen.getByLabelText('Пароль', { selector: 'input' }), 'right-pass');
    await u.click(screen.getByRole('button', { name: 'Войти' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Нет соединения с сервером. Проверьте интернет и попробуйте ещё раз');
    expect(alert).not.toHaveTextContent('Неверный логин или пароль');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('shows and hides the password', async () => {
    const { u } = await setup(() => ok);
    const input = screen.getByLabelText('Пароль', { selector: 'input' });
    expect(input).toHaveAttribute('type', 'password');
    await u.click(screen.getByRole('button', { name: 'Показать пароль' }));
    expect(input).toHaveAttribute('type', 'text');
  });
});
