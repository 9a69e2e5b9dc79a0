import { expect, test } from '@playwright/test';
import { dialog, MODERATOR, submitLogin } from '../helpers';

test('signing in from the refusal of /moderator comes back to the panel, not to /', async ({ page }) => {
  await page.goto('/moderator');
  await expect(page.getByRole('heading', { name: 'Доступ запрещен' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/auth\?returnTo=%2Fmoderator$/);
  await expect(dialog(page).getByRole('heading', { name: 'Вход' })).toBeVisible();
  await submitLogin(page, MODERATOR.login, MODERATOR.password);
  await expect(page).toHaveURL(/\/moderator$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Панель модератора' })).toBeVisible();
});

test('the sign-in page sends nowhere but this site: a returnTo of another site lands on the app', async ({ page }) => {
  await page.goto('/auth?returnTo=' + encodeURIComponent('//evil.example/x'));
  await submitLogin(page, MODERATOR.login, MODERATOR.password);
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/telegram\/$/);
});
