/**
 * Shared helpers for the end-to-end specs: accounts (through the API or the UI), signing a page in,
 * the shell's menu, touch swipes and the Telegram variant. Every spec makes its own users, so
 * specs never depend on each other.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { E2E_DEMO_PASSWORD } from './env';

export { E2E_BOT_TOKEN, E2E_DEMO_PASSWORD } from './env';

export interface Credentials {
  email: string;
  login: string;
  password: string;
  username: string;
}

export interface Account extends Credentials {
  token: string;
  user: { id: number; login: string | null; is_moderator: boolean; [k: string]: unknown };
}

/** The seeded demo accounts (password fixed for the e2e server). */
export const DEMO = { login: 'demo', password: E2E_DEMO_PASSWORD } as const;
export const MODERATOR = { login: 'moderator', password: E2E_DEMO_PASSWORD } as const;

let seq = 0;
/** Fresh, unique credentials. */
export function newCredentials(prefix = 'u'): Credentials {
  seq += 1;
  const id = `${prefix}${Date.now().toString(36)}${process.pid.toString(36)}${seq}${Math.random().toString(36).slice(2, 6)}`;
  return { email: `${id}@example.com`, login: id.slice(0, 50), password: `pw-${id}-9`, username: `Тест ${seq}` };
}

export const authHeader = (token: string) => ({ authorization: `Bearer ${token}` });

/** Registers a new user through the API. */
export async function registerViaApi(request: APIRequestContext, over: Partial<Credentials> = {}): Promise<Account> {
  const creds = { ...newCredentials(), ...over };
  const res = await request.post('/api/auth/register', { data: { ...creds, agreement: true } });
  expect(res.status(), await res.text()).toBe(201);
  const json = (await res.json()) as { access_token: string; user: Account['user'] };
  return { ...creds, token: json.access_token, user: json.user };
}

/** Signs in through the API; returns the token and the user. */
export async function loginViaApi(request: APIRequestContext, login: string, password: string): Promise<Pick<Account, 'token' | 'user'>> {
  const res = await request.post('/api/auth/login', { data: { login, password } });
  expect(res.status(), await res.text()).toBe(200);
  const json = (await res.json()) as { access_token: string; user: Account['user'] };
  return { token: json.access_token, user: json.user };
}

/**
 * Makes the page's app signed in with `token` (as "remember me" does) and opens `path`.
 * Works before the first visit: it stores the token on the site's origin first.
 */
export async function openSignedIn(page: Page, token: string, path = '/'): Promise<void> {
  await page.goto('/api/health');
  await page.evaluate((t) => localStorage.setItem('access_token', t), token);
  await page.goto(path);
}

/** A new user, registered through the API, with the page signed in and on `path`. */
export async function signedInAsNewUser(page: Page, path = '/', over: Partial<Credentials> = {}): Promise<Account> {
  const account = await registerViaApi(page.request, over);
  await openSignedIn(page, account.token, path);
  await expectSignedIn(page);
  return account;
}

/** The page signed in as the seeded moderator (user 22). */
export async function signedInAsModerator(page: Page, path = '/'): Promise<Pick<Account, 'token' | 'user'>> {
  const session = await loginViaApi(page.request, MODERATOR.login, MODERATOR.password);
  await openSignedIn(page, session.token, path);
  await expectSignedIn(page);
  return session;
}

/** The game bar shows only for a signed-in user. */
export const gameBar = (page: Page): Locator => page.getByRole('toolbar', { name: /Игровая панель|Game bar/ });
export async function expectSignedIn(page: Page): Promise<void> {
  await expect(gameBar(page)).toBeVisible();
}

/** The open dialog (login, registration or any other modal). */
export const dialog = (page: Page): Locator => page.locator('[role=dialog]:not(#app-sidebar)');

/** The visible "open menu" button (top bar on phones, rail on desktop). */
export async function openMenu(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /Открыть меню|Open menu/ }).locator('visible=true').first().click();
  const panel = sidebar(page);
  await expect(panel).toBeVisible();
  return panel;
}
export const sidebar = (page: Page): Locator => page.locator('#app-sidebar');

/** Opens the login modal from the shell (rail or top bar). */
export async function openLoginModal(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /^(Войти|Sign in)$/ }).locator('visible=true').first().click();
  const d = dialog(page);
  await expect(d.getByRole('heading', { name: /^(Вход|Sign in)$/ })).toBeVisible();
  return d;
}

/** Fills and sends the login form of an open login modal. */
export async function submitLogin(page: Page, login: string, password: string, { remember = true } = {}): Promise<void> {
  const d = dialog(page);
  await d.getByLabel('Логин или email').fill(login);
  await d.getByLabel('Пароль', { exact: true }).fill(password);
  const box = d.getByRole('checkbox', { name: 'Запомнить меня' });
  if ((await box.isChecked()) !== remember) await box.click();
  await d.getByRole('button', { name: 'Войти', exact: true }).click();
}

/** Registers through the UI: from an open login modal, switches to registration and sends the form. */
export async function submitRegistration(page: Page, creds: Credentials): Promise<void> {
  const d = dialog(page);
  await d.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(d.getByRole('heading', { name: 'Регистрация' })).toBeVisible();
  await d.getByLabel('Email').fill(creds.email);
  await d.getByLabel('Логин', { exact: true }).fill(creds.login);
  await d.getByLabel('Имя', { exact: true }).fill(creds.username);
  await d.getByLabel('Пароль', { exact: true }).fill(creds.password);
  await d.getByRole('checkbox').check();
  await d.getByRole('button', { name: 'Создать аккаунт' }).click();
}

/** A toast with this text. */
export const toast = (page: Page, text: string | RegExp): Locator => page.getByRole('status').filter({ hasText: text });

/**
 * A one-finger swipe with real touch events (Chrome DevTools Protocol), as a phone sends them.
 * Needs a context with `hasTouch: true`.
 */
export async function swipe(page: Page, from: { x: number; y: number }, to: { x: number; y: number }, steps = 8): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const point = (x: number, y: number) => [{ x, y, id: 1, radiusX: 4, radiusY: 4, force: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(from.x, from.y) });
  for (let i = 1; i <= steps; i++) {
    const x = from.x + ((to.x - from.x) * i) / steps;
    const y = from.y + ((to.y - from.y) * i) / steps;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(x, y) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

export interface TelegramLaunch {
  /** Telegram user id of the mocked user (default: a fresh one) */
  userId?: number;
  name?: string;
  theme?: 'light' | 'dark';
  /** the start parameter of a direct Mini App link (`startapp=`), signed into initData */
  startParam?: string;
  /** the Mini Apps version the mock client reports (default 8.0) */
  version?: string;
  /** the user's Telegram language code (default none) */
  languageCode?: string;
}

/** A fresh Telegram user id for the mock. */
export const newTelegramId = () => 700_000_000 + Math.floor(Math.random() * 200_000_000);

/**
 * Opens the Telegram variant (`/telegram/…`) with the development Telegram mock: launch parameters
 * whose initData the e2e server signs with its test bot token. Returns the Telegram user id.
 */
export async function openTelegram(page: Page, path = '/', launch: TelegramLaunch = {}): Promise<number> {
  const userId = launch.userId ?? newTelegramId();
  const q = new URLSearchParams({ tg_mock: String(userId) });
  if (launch.name) q.set('tg_mock_name', launch.name);
  if (launch.theme) q.set('tg_mock_theme', launch.theme);
  if (launch.startParam) q.set('tg_mock_start', launch.startParam);
  if (launch.version) q.set('tg_mock_version', launch.version);
  if (launch.languageCode) q.set('tg_mock_lang', launch.languageCode);
  const [p, existing] = path.split('?') as [string, string | undefined];
  const url = `/telegram${p.startsWith('/') ? p : `/${p}`}?${existing ? `${existing}&` : ''}${q}`;
  await page.goto(url);
  return userId;
}

/** The access token the app holds (local or tab storage). */
export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('access_token') ?? sessionStorage.getItem('access_token'));
}

/** The calls the app made to the (mocked) Telegram client, e.g. `web_app_setup_back_button`. */
export async function telegramCalls(page: Page, method?: string): Promise<[string, unknown][]> {
  const calls = await page.evaluate(() => (window as { __telegramMock?: { calls: [string, unknown][] } }).__telegramMock?.calls ?? []);
  return method ? calls.filter(([m]) => m === method) : calls;
}

/** Sends an event from the (mocked) Telegram client to the app, e.g. `back_button_pressed`. */
export async function telegramEmit(page: Page, event: string, payload?: unknown): Promise<void> {
  await page.evaluate(
    ([e, p]) => (window as unknown as { __telegramMock: { emit: (e: string, p?: unknown) => void } }).__telegramMock.emit(e as string, p),
    [event, payload] as const,
  );
}

const FIXTURES = path.resolve(import.meta.dirname, '../server/test/fixtures');
const MEDIA: Record<string, string> = { 'photo.jpg': 'image/jpeg', 'card.png': 'image/png', 'anim.gif': 'image/gif', 'clip.mp4': 'video/mp4' };

let channelSeq = 0;
/** A channel of the user's, through the API. */
export async function makeChannel(request: APIRequestContext, token: string, name = `Канал ${++channelSeq}`): Promise<number> {
  const res = await request.post('/api/collections', { headers: authHeader(token), data: { name, description: 'Канал для проверки' } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** Uploads one of the server's test fixtures; returns the upload's id. */
export async function uploadFile(request: APIRequestContext, token: string, file = 'photo.jpg'): Promise<number> {
  const upload = await request.post('/api/uploads/upload', {
    headers: authHeader(token),
    multipart: { file: { name: file, mimeType: MEDIA[file]!, buffer: fs.readFileSync(path.join(FIXTURES, file)) } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  return ((await upload.json()) as { id: number }).id;
}

/** A postcard in the channel (pending moderation), through the API; `extra` goes into its body. */
export async function addPostcard(
  request: APIRequestContext,
  token: string,
  channelId: number,
  { file = 'photo.jpg', description = 'Открытка для проверки', ...extra }: { file?: string; description?: string; [k: string]: unknown } = {},
): Promise<number> {
  const uploadId = await uploadFile(request, token, file);
  const res = await request.post('/api/image_relations', {
    headers: authHeader(token),
    data: { upload_id: uploadId, collection_id: channelId, description, ...extra },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** The newest approved postcard of the public gallery (seeded demo data). */
export async function galleryPostcard(request: APIRequestContext): Promise<{ id: number; collection_id: number }> {
  const res = await request.get('/api/gallery?limit=1');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: { id: number; collection_id: number }[] }).items[0]!;
}

/**
 * Resolves once the page has drawn two more frames: whatever a key press, tap or swipe already sent
 * has been handled and painted, so "nothing happened" can be checked right after.
 */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}
