import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, stubApi } from '@/app/test-utils';
import { tokenStore } from '@/lib/token';
import { RegisterForm } from './RegisterForm';

const user = { id: 7, login: 'anna', email: 'anna@example.com', username: null, first_name: null, last_name: null, telegram_id: null, auth_type: 'local', is_moderator: false, created_at: '2025-01-01T00:00:00Z' };

async function setup(answer: Parameters<typeof stubApi>[0] = () => undefined) {
  const calls = stubApi(answer);
  const onSignedIn = vi.fn();
  await renderInApp(<RegisterForm onSignedIn={onSignedIn} />);
  return { calls, onSignedIn, u: userEvent.setup() };
}
const field = (name: RegExp) => screen.getByLabelText(name, { selector: 'input' });

afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.clear();
});

describe('registration form', () => {
  it('prefills the login from the email until the login is edited', async () => {
    const { u } = await setup();
    await u.type(field(/^email/i), 'anna.petrova@example.com');
    expect(field(/^логин/i)).toHaveValue('anna.petrova');
    await u.clear(field(/^логин/i));
    await u.type(field(/^логин/i), 'anya');
    await u.type(field(/^email/i), 'x');
    expect(field(/^логин/i)).toHaveValue('anya');
  });

  it('shows every rule broken, in Russian, and sends nothing', async () => {
    const { u, calls } = await setup();
    await u.click(screen.getByRole('button', { name: 'Создать аккаунт' }));
    expect(screen.getByText('Введите email')).toBeInTheDocument();
    expect(screen.getByText('Введите логин')).toBeInTheDocument();
    expect(screen.getByText('Введите пароль')).toBeInTheDocument();
    expect(screen.getByText('Чтобы продолжить, примите пользовательское соглашение')).toBeInTheDocument();
    expect(field(/^email/i)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/^email/i)).toHaveFocus();
    expect(calls.filter((c) => c.url.includes('/register'))).toHaveLength(0);
  });

  it('explains a short login, a long login, a short password and a bad email', async () => {
    const { u } = await setup();
    await u.type(field(/^email/i), 'an@');
    expect(field(/^логин/i)).toHaveValue('an');
    await u.type(field(/^пароль/i), '1234567');
    await u.click(screen.getByRole('button', { name: 'Создать аккаунт' }));
    expect(screen.getByText('Введите корректный email')).toBeInTheDocument();
    expect(screen.getByText('Логин должен быть не короче 3 символов')).toBeInTheDocument();
    expect(screen.getByText('Пароль должен быть не короче 8 символов')).toBeInTheDocument();
    await u.clear(field(/^логин/i));
    await u.type(field(/^логин/i), 'x'.repeat(51));
    expect(screen.getByText('Логин должен быть не длиннее 50 символов')).toBeInTheDocument();
  });

  it('refuses a password of spaces alone, and the name field takes at most 100 characters', async () => {
    const { u } = await setup();
    await u.type(field(/^пароль/i), ' '.repeat(8));
    await u.click(screen.getByRole('button', { name: 'Создать аккаунт' }));
    expect(screen.getByText('Пароль не может состоять из одних пробелов')).toBeInTheDocument();
    expect(field(/^имя/i)).toHaveAttribute('maxLength', '100');
  });

  it('generates a visible 12-character password', async () => {
    const { u } = await setup();
    await u.click(screen.getByRole('button', { name: 'Сгенерировать' }));
    const input = field(/^пароль/i) as HTMLInputElement;
    expect(input.value).toMatch(/^[A-Za-z0-9!@#$%^&*]{12}$/);
    expect(input).toHaveAttribute('type', 'text');
  });

  it('links the agreement to /terms', async () => {
    await setup();
    expect(screen.getByRole('link', { name: 'пользовательское соглашение' })).toHaveAttribute('href', '/terms');
  });

  async function fillAndSend(u: Awaited<ReturnType<typeof setup>>['u']) {
    await u.type(field(/^email/i), 'anna@example.com');
    await u.type(field(/^пароль/i), 'long-enough');
    await u.click(screen.getByRole('checkbox'));
    await u.click(screen.getByRole('button', { name: 'Создать аккаунт' }));
  }

  it('sends the form (empty name as null), signs in and announces success', async () => {
    const { u, calls, onSignedIn } = await setup((c) =>
      c.url === '/api/auth/register' ? { status: 201, body: { access_token: 'tok', token_type: 'bearer', expires_at: '2030-01-01T00:00:00Z', user } } : undefined,
    );
    await fillAndSend(u);
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(calls.find((c) => c.url === '/api/auth/register')?.body).toEqual({
      email: 'anna@example.com',
      login: 'anna',
      username: null,
      password: 'long-enough',
      agreement: true,
      auth_type: 'local',
      remember: true,
    });
    expect(tokenStore.get()).toBe('tok');
    expect(await screen.findByText('Регистрация прошла успешно. Добро пожаловать!')).toBeInTheDocument();
  });

  it.each([
    [400, { detail: 'Email already registered', code: 'EMAIL_TAKEN' }, /^email/i, 'Этот email уже зарегистрирован'],
    [400, { detail: 'Login already taken', code: 'LOGIN_TAKEN' }, /^логин/i, 'Этот логин уже занят'],
    [422, { detail: 'login: auth.errors.loginTooLong', code: 'VALIDATION_ERROR', field: 'login' }, /^логин/i, 'Логин должен быть не длиннее 50 символов'],
    [422, { detail: 'password: auth.errors.passwordBlank', code: 'VALIDATION_ERROR', field: 'password' }, /^пароль/i, 'Пароль не может состоять из одних пробелов'],
    // a server text that names no message is not shown as it is (it would be English on a Russian page)
    [422, { detail: 'username: Too big: expected string to have <=100 characters', code: 'VALIDATION_ERROR', field: 'username' }, /^имя/i, 'Не удалось зарегистрироваться. Попробуйте ещё раз'],
  ])('shows the server answer %i %j at its field', async (status, body, label, text) => {
    const { u, onSignedIn } = await setup((c) => (c.url === '/api/auth/register' ? { status, body } : undefined));
    await fillAndSend(u);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(field(label)).toHaveAttribute('aria-invalid', 'true');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it.each([
    [400, { detail: 'Something else', code: 'BAD_REQUEST' }, 'Не удалось зарегистрироваться. Попробуйте ещё раз'],
    [500, { detail: 'Internal server error', code: 'INTERNAL_ERROR' }, 'Ошибка сервера. Попробуйте немного позже'],
  ])('maps %i to a form message', async (status, body, text) => {
    const { u } = await setup((c) => (c.url === '/api/auth/register' ? { status, body } : undefined));
    await fillAndSend(u);
    expect((await screen.findByRole('alert')).textContent).toContain(text);
  });
});
