import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../i18n';
import { answerError, api, ApiError, NETWORK_ERROR, onAuthRequired, REQUEST_TIMEOUT_MS } from './api';
import { errorMessage } from './errorMessage';
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
  expect(errorMessage(bookmarked, '')).toBe('Открытка уже в избранном');
  const short = new ApiError(409, 'INSUFFICIENT_BALANCE', 'Недостаточно Ян энергии');
  await changeLanguage('en');
  try {
    expect(errorMessage(short, '')).toBe('Not enough energy or resources');
    expect(errorMessage(bookmarked, '')).toBe('The postcard is already in your favourites');
  } finally {
    await changeLanguage('ru');
  }
});

it('a lost connection keeps the caller\'s text and says why, in the same words everywhere', () => {
  const offline = new ApiError(0, NETWORK_ERROR, 'Failed to fetch');
  expect(errorMessage(offline, 'Ошибка при создании поздравления')).toBe(
    'Ошибка при создании поздравления. Нет соединения с сервером. Проверьте интернет и попробуйте ещё раз',
  );
  expect(errorMessage(offline, 'Ошибка отправки жалобы. Попробуйте еще раз.')).toBe(
    'Ошибка отправки жалобы. Попробуйте еще раз. Нет соединения с сервером. Проверьте интернет и попробуйте ещё раз',
  );
  expect(errorMessage(offline, '')).toBe('Нет соединения с сервером. Проверьте интернет и попробуйте ещё раз');
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
  // a newer server's code comes in an answer: the contract's codes are all this app knows
  const answer = (status: number, detail: unknown) => answerError(status, JSON.stringify({ detail, code: 'SOMETHING_NEW' }));
  expect(errorMessage(answer(400, 'Something new happened'), 'x')).toBe('Something new happened');
  expect(errorMessage(answer(500, { a: 1 }), 'Ошибка')).toBe('Ошибка');
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

it('a dropped connection or an answer that is not ours reads in the reader’s language, never the browser’s or proxy’s English', async () => {
  const failWith = (f: () => Promise<Response>) => {
    vi.stubGlobal('fetch', f);
    return api('GET /api/gallery').catch((e: unknown) => e);
  };
  const offline = await failWith(() => Promise.reject(new TypeError('Failed to fetch')));
  const proxy = await failWith(async () => new Response('<html>503 Service Temporarily Unavailable</html>', { status: 503, statusText: 'Service Unavailable' }));
  const cut = await failWith(async () => new Response('{"detail":"Inter', { status: 500, statusText: 'Internal Server Error' }));
  expect(offline).toMatchObject({ status: 0, code: 'NETWORK', detail: '' });
  expect(proxy).toMatchObject({ status: 503, code: 'HTTP_503', detail: '' });
  expect(errorMessage(offline, '')).toBe('Нет соединения с сервером. Проверьте интернет и попробуйте ещё раз');
  expect(errorMessage(proxy, '')).toBe('Что-то пошло не так, попробуйте ещё раз');
  expect(errorMessage(cut, '')).toBe('Что-то пошло не так, попробуйте ещё раз');
  // a caller with its own text (the spec's «Ошибка при создании поздравления») keeps it
  expect(errorMessage(proxy, 'Ошибка при создании поздравления')).toBe('Ошибка при создании поздравления');
  await changeLanguage('en');
  try {
    expect(errorMessage(offline, '')).toBe('No connection to the server. Check your internet and try again');
  } finally {
    await changeLanguage('ru');
  }
  // the server's own answer still reads by its code
  const ours = await failWith(async () => new Response(JSON.stringify({ detail: 'Internal server error', code: 'INTERNAL_ERROR' }), { status: 500 }));
  expect(errorMessage(ours, 'x')).toBe('Что-то пошло не так, попробуйте ещё раз');
});

it('a request that hangs is given up after 20 s and says so, with the caller’s text; one answered in time is not', async () => {
  vi.useFakeTimers();
  try {
    const hanging = (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    vi.stubGlobal('fetch', vi.fn(hanging));
    const given = api('POST /api/greetings', { body: { image_relations_id: 1 } }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    let settled = false;
    void given.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const e = await given;
    expect(e).toMatchObject({ status: 0, code: 'TIMEOUT' });
    expect(errorMessage(e, 'Ошибка при создании поздравления')).toBe('Ошибка при создании поздравления. Сервер не успел ответить. Попробуйте ещё раз');

    let signal: AbortSignal | undefined;
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => ((signal = init.signal!), Promise.resolve(new Response('{"ok":true}', { status: 200 }))));
    expect(await api('GET /api/health')).toEqual({ ok: true });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS * 2);
    expect(signal!.aborted).toBe(false);
  } finally {
    vi.useRealTimers();
  }
});
