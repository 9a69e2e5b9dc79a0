import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../i18n';
import { api, ApiError, errorMessage, onAuthRequired } from './api';
import { tokenStore } from './token';

beforeAll(() => initI18n('ru', 'all'));

const problem = (detail: string) => new ApiError(422, 'VALIDATION_ERROR', detail);

it('shows a validation detail that names a translation key as its text', () => {
  expect(errorMessage(problem('name: categories.errors.nameRequired'), '')).toBe('Введите название категории');
  expect(errorMessage(problem('upload_id: channels.errors.noImageUrl'), '')).toBe('Сначала загрузите файл открытки');
});

it('shows any other error by its code, in the reader’s language, never the server’s detail', async () => {
  expect(errorMessage(problem('name: categories.errors.noSuchKey'), '')).toBe('Проверьте введённые данные');
  const bookmarked = new ApiError(400, 'ALREADY_BOOKMARKED', 'Image already in bookmarks');
  expect(errorMessage(bookmarked, '')).toBe('Открытка уже в закладках');
  const short = new ApiError(409, 'INSUFFICIENT_BALANCE', 'Недостаточно Ян энергии');
  await changeLanguage('en');
  try {
    expect(errorMessage(short, '')).toBe('Not enough energy or resources');
    expect(errorMessage(bookmarked, '')).toBe('The postcard is already in your favourites');
  } finally {
    await changeLanguage('ru');
  }
});

it('puts the numbers an error carries into its text', async () => {
  const big = new ApiError(413, 'PAYLOAD_TOO_LARGE', 'File is too large: 11 MB. The maximum for static images is 10 MB', undefined, { max_mb: 10 });
  expect(errorMessage(big, '')).toBe('Файл слишком большой: максимум 10 МБ');
  expect(errorMessage(new ApiError(413, 'PAYLOAD_TOO_LARGE', 'Request body is too large'), '')).toBe('Файл слишком большой');
  await changeLanguage('en');
  try {
    expect(errorMessage(new ApiError(429, 'RATE_LIMITED', 'Too many requests, try again in 40 s', undefined, { seconds: 40 }), '')).toBe('Too many requests, try again in 40 s');
  } finally {
    await changeLanguage('ru');
  }
});

it('shows the detail of a code it does not know, else the fallback', () => {
  expect(errorMessage(new ApiError(400, 'SOMETHING_NEW', 'Something new happened'), 'x')).toBe('Something new happened');
  expect(errorMessage(new ApiError(500, 'SOMETHING_NEW', { a: 1 }), 'Ошибка')).toBe('Ошибка');
});

afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.clear();
});

it('a refused request ends the session it was sent with, not one that began after it (a logout meanwhile)', async () => {
  let answer: (r: Response) => void = () => {};
  vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
  const refused = () => new Response(JSON.stringify({ detail: 'Not authenticated', code: 'AUTH_REQUIRED' }), { status: 401 });
  const heard = vi.fn();
  const off = onAuthRequired(heard);
  try {
    tokenStore.set('old-session');
    const before = api('GET /api/auth/me').catch((e: unknown) => e);
    tokenStore.clear(); // logged out while it was on its way
    answer(refused());
    expect(await before).toBeInstanceOf(ApiError);
    expect(heard).not.toHaveBeenCalled();

    tokenStore.set('current-session');
    const now = api('GET /api/auth/me').catch((e: unknown) => e);
    answer(refused());
    await now;
    expect(heard).toHaveBeenCalledTimes(1);
    expect(tokenStore.get()).toBeNull();
  } finally {
    off();
  }
});
