import { expect, test } from '@playwright/test';
import {
  dialog,
  expectSignedIn,
  gameBar,
  newCredentials,
  openLoginModal,
  openMenu,
  openSignedIn,
  registerViaApi,
  sidebar,
  storedToken,
  submitLogin,
  submitRegistration,
  toast,
} from '../helpers';

test.describe('sign-in and session', () => {
  test('register → signed in → reload keeps the session → logout', async ({ page, context }) => {
    const creds = newCredentials('reg');
    await page.goto('/');
    await openLoginModal(page);
    await submitRegistration(page, creds);

    await expect(toast(page, 'Регистрация прошла успешно')).toBeVisible();
    await expect(dialog(page)).toBeHidden();
    await expectSignedIn(page);
    let menu = await openMenu(page);
    await expect(menu.getByTestId('user-card')).toContainText(creds.username);
    await expect(menu.getByTestId('user-card')).toContainText(`@${creds.login}`);
    await page.keyboard.press('Escape');
    await expect(sidebar(page)).toBeHidden();

    // "remember me": a long-lived server session token, never the password
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy();
    const stored = JSON.stringify(await page.evaluate(() => ({ ...localStorage, ...sessionStorage })));
    expect(stored).not.toContain(creds.password);
    expect(JSON.stringify(await context.cookies())).not.toContain(creds.password);

    await page.reload();
    await expectSignedIn(page);
    menu = await openMenu(page);
    await expect(menu.getByTestId('user-card')).toContainText(`@${creds.login}`);

    const token = await storedToken(page);
    // nothing of the signed-in shell asks again, tokenless, once the session is gone (its refusal
    // used to send the user to /auth now and then)
    const askedSignedOut: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/(user-game-data|notifications|game)\//.test(r.url()) && !r.headers()['authorization']) askedSignedOut.push(r.url());
    });
    await menu.getByRole('button', { name: 'Выйти' }).click();
    await expect(toast(page, 'Вы вышли из аккаунта')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(askedSignedOut).toEqual([]);
    await expect(sidebar(page)).toBeHidden();
    await expect(gameBar(page)).toBeHidden();
    await expect(page.getByRole('button', { name: 'Войти', exact: true }).locator('visible=true').first()).toBeVisible();
    expect(await storedToken(page)).toBeNull();
    // the session is revoked on the server too
    const me = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);
  });

  test('registration shows the server’s answer for a taken login, then accepts another', async ({ page }) => {
    const taken = await registerViaApi(page.request);
    const creds = { ...newCredentials('dup'), login: taken.login };
    await page.goto('/');
    await openLoginModal(page);
    await submitRegistration(page, creds);
    const d = dialog(page);
    await expect(d.getByText('Этот логин уже занят')).toBeVisible();
    await expect(d.getByLabel('Логин', { exact: true })).toHaveAttribute('aria-invalid', 'true');

    await d.getByLabel('Логин', { exact: true }).fill(newCredentials('ok').login);
    await d.getByRole('button', { name: 'Создать аккаунт' }).click();
    await expect(toast(page, 'Регистрация прошла успешно')).toBeVisible();
    await expectSignedIn(page);
  });

  test('wrong password says so; without "remember me" the session lasts for the tab only', async ({ page, context }) => {
    const account = await registerViaApi(page.request);
    await page.goto('/');
    await openLoginModal(page);
    await submitLogin(page, account.login, 'not-the-password');
    await expect(dialog(page).getByRole('alert')).toContainText('Неверный логин или пароль');

    await submitLogin(page, account.login, account.password, { remember: false });
    await expect(toast(page, 'Вы вошли в аккаунт')).toBeVisible();
    await expectSignedIn(page);
    expect(await page.evaluate(() => [localStorage.getItem('access_token'), !!sessionStorage.getItem('access_token')])).toEqual([null, true]);
    await page.reload();
    await expectSignedIn(page);

    const other = await context.newPage();
    await other.goto('/');
    await expect(other.getByRole('button', { name: 'Войти', exact: true }).locator('visible=true').first()).toBeVisible();
    await expect(gameBar(other)).toBeHidden();
  });

  test('a protected path forces the login modal; signing in there stays on the page', async ({ page }) => {
    const account = await registerViaApi(page.request);
    await page.goto('/bookmarks');
    const d = dialog(page);
    await expect(d.getByRole('heading', { name: 'Вход' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Нужно войти' })).toBeVisible();
    await submitLogin(page, account.login, account.password);
    await expect(d).toBeHidden();
    await expect(page).toHaveURL(/\/bookmarks$/);
    await expect(page.getByRole('heading', { name: 'Нужно войти' })).toBeHidden();
  });

  test('closing the forced login modal leaves the protected page for the gallery', async ({ page }) => {
    await page.goto('/mychannels');
    await expect(dialog(page).getByRole('heading', { name: 'Вход' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/gallery$/);
    await expect(dialog(page)).toBeHidden();
  });

  test('the gallery is open to visitors: no forced login', async ({ page }) => {
    await page.goto('/gallery');
    await expect(page.getByRole('heading', { name: 'Галерея', level: 1 })).toBeVisible();
    // the page has fully rendered its postcards: a forced login would be up by now
    await expect(page.locator('[data-postcard-id]').first()).toBeVisible();
    await expect(dialog(page)).toBeHidden();
    await expect(page).toHaveURL(/\/gallery$/);
    await expect(page.getByRole('heading', { name: 'Нужно войти' })).toHaveCount(0);
  });

  test('/auth?returnTo=/bookmarks: an un-closable modal, then back to /bookmarks after sign-in', async ({ page }) => {
    const account = await registerViaApi(page.request);
    await page.goto('/auth?returnTo=/bookmarks');
    const d = dialog(page);
    await expect(d.getByRole('heading', { name: 'Вход' })).toBeVisible();
    await expect(d.getByRole('button', { name: 'Закрыть' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(d).toBeVisible();
    // the login ⇄ registration toggle works there too
    await d.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await expect(d.getByRole('heading', { name: 'Регистрация' })).toBeVisible();
    await d.getByRole('button', { name: 'Войти', exact: true }).click();
    await submitLogin(page, account.login, account.password);
    await expect(page).toHaveURL(/\/bookmarks$/);
    await expectSignedIn(page);
  });

  test('an AUTH_REQUIRED answer sends the user to /auth with returnTo, and back after sign-in', async ({ page }) => {
    const account = await registerViaApi(page.request);
    await openSignedIn(page, account.token, '/settings');
    await expectSignedIn(page);
    // after sign-in the app stores this device's preferences in the new account; let that finish
    await expect
      .poll(async () => (await page.request.get('/api/settings/', { headers: { authorization: `Bearer ${account.token}` } })).json())
      .toHaveProperty('language', 'ru');
    // the session ends on the server (e.g. signed out elsewhere)
    await page.request.post('/api/auth/logout', { headers: { authorization: `Bearer ${account.token}` } });
    await page.getByRole('switch', { name: 'Звук в видеооткрытках' }).click();
    await expect(page).toHaveURL(/\/auth\?returnTo=%2Fsettings$/);
    expect(await storedToken(page)).toBeNull();
    await submitLogin(page, account.login, account.password);
    await expect(page).toHaveURL(/\/settings$/);
    await expect(dialog(page)).toBeHidden();
    await expectSignedIn(page);
    await expect(page.getByRole('switch', { name: 'Звук в видеооткрытках' })).toBeVisible();
  });

  test('signing out in one tab signs the other tab out at once, without waiting for its next request', async ({ page, context }) => {
    const account = await registerViaApi(page.request);
    await openSignedIn(page, account.token, '/bookmarks');
    await expectSignedIn(page);
    const other = await context.newPage();
    await other.goto('/gallery');
    await expectSignedIn(other);
    const menu = await openMenu(other);
    await menu.getByRole('button', { name: 'Выйти' }).click();
    await expect(toast(other, 'Вы вышли из аккаунта')).toBeVisible();
    await expect(gameBar(page)).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Избранное' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Войти', exact: true }).locator('visible=true').first()).toBeVisible();
  });

  test('a stored token the server refuses is dropped quietly at start', async ({ page }) => {
    await openSignedIn(page, 'revoked-or-made-up-token', '/gallery');
    await expect(page.getByRole('heading', { name: 'Галерея', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/gallery$/);
    await expect.poll(() => storedToken(page)).toBeNull();
  });
});
