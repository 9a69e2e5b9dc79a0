import { expect, test } from '@playwright/test';
import { authHeader, dialog, expectSignedIn, openLoginModal, openMenu, registerViaApi } from '../helpers';

/** Issue 13 item 13: theme and language chosen as a visitor survive sign-in and are saved to the account. */
test('a visitor’s English and dark theme are kept on sign-in and saved to the account', async ({ page, request }) => {
  const account = await registerViaApi(request);
  // the account already says Russian and light
  const put = await request.post('/api/settings/batch', { headers: authHeader(account.token), data: { settings: { language: 'ru', darkMode: false } } });
  expect(put.ok(), await put.text()).toBe(true);

  await page.goto('/gallery');
  const menu = await openMenu(page);
  await menu.getByRole('radio', { name: 'EN' }).click();
  await expect(page.getByRole('heading', { name: 'Gallery', level: 1 })).toBeVisible();
  await menu.getByRole('switch', { name: 'Dark theme' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.keyboard.press('Escape');

  await openLoginModal(page);
  const d = dialog(page);
  await d.getByLabel('Login or email').fill(account.login);
  await d.getByLabel('Password', { exact: true }).fill(account.password);
  await d.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectSignedIn(page);

  await expect(page.getByRole('heading', { name: 'Gallery', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect
    .poll(async () => (await (await request.get('/api/settings/', { headers: authHeader(account.token) })).json()) as Record<string, unknown>)
    .toMatchObject({ language: 'en', darkMode: true });
  // still so after a reload (the account now says so)
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Gallery', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/dark/);
});
