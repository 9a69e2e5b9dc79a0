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

  test('the sign-in dialog on a desktop: the cursor in its first field, typing, Tab and Enter sign in; switching the form by keyboard puts the focus on its first field', async ({ page, request }) => {
    const account = await registerViaApi(request);
    await page.goto('/gallery');
    const sheet = await openLoginModal(page);
    await expect(sheet.getByRole('textbox', { name: 'Логин или email' })).toBeFocused();
    // to the registration form and back by keyboard: the focus goes to the new form's first field, not the switch at its bottom
    await sheet.getByRole('button', { name: 'Зарегистрироваться' }).focus();
    await page.keyboard.press('Enter');
    await expect(sheet.getByRole('heading', { name: 'Регистрация' })).toBeVisible();
    await expect(sheet.getByRole('textbox').first()).toBeFocused();
    await sheet.getByRole('button', { name: 'Войти', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(sheet.getByRole('heading', { name: 'Вход' })).toBeVisible();
    await expect(sheet.getByRole('textbox', { name: 'Логин или email' })).toBeFocused();
    await page.keyboard.type(account.login);
    await page.keyboard.press('Tab');
    await page.keyboard.type(account.password);
    await page.keyboard.press('Enter');
    await expectSignedIn(page);
  });
});
