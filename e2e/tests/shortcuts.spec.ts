import { expect, test } from '@playwright/test';
import { authHeader, dialog, nextFrames, openMenu, signedInAsNewUser } from '../helpers';

/**
 * Desktop shortcuts (width above 640) and the sidebar's "Создать канал".
 * The closed sidebar keeps role="dialog" in the page; only an open dialog may hold the keys.
 */
test.describe('desktop shortcuts', () => {
  test('Insert on /mychannels opens the create-channel dialog', async ({ page }) => {
    await signedInAsNewUser(page, '/mychannels');
    await expect(page.getByRole('heading', { name: 'Мои каналы' })).toBeVisible();
    await page.keyboard.press('Insert');
    await expect(dialog(page).getByRole('heading', { name: 'Новый канал' })).toBeVisible();
  });

  test('Insert on a channel opens add-postcard, o opens the file picker, i and ш open the description', async ({ page }) => {
    const me = await signedInAsNewUser(page, '/');
    const res = await page.request.post('/api/collections', { headers: authHeader(me.token), data: { name: 'Клавиши', description: 'Описание канала для клавиш' } });
    expect(res.ok(), await res.text()).toBe(true);
    const { id } = (await res.json()) as { id: number };
    await page.goto(`/mychannels/${id}`);
    await expect(page.getByRole('heading', { name: 'Клавиши', level: 1 })).toBeVisible();

    await page.keyboard.press('Insert');
    const add = dialog(page);
    await expect(add.getByRole('heading', { name: 'Новая открытка' })).toBeVisible();
    // the upload part of the dialog, whose key o is, is there (it may come a moment after the heading)
    await expect(add.locator('[aria-keyshortcuts="o"]')).toBeVisible();
    const chooser = page.waitForEvent('filechooser', { timeout: 5000 });
    await page.keyboard.press('o');
    await chooser;
    await page.keyboard.press('Escape');
    await expect(add).toBeHidden();

    await page.keyboard.press('i');
    await expect(dialog(page).getByText('Описание канала для клавиш')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    // a Russian layout sends key "ш" from the I key; Playwright's keyboard has no Cyrillic keys
    await page.evaluate(() => document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'ш', code: 'KeyI', bubbles: true })));
    await expect(dialog(page).getByText('Описание канала для клавиш')).toBeVisible();
  });

  test('shortcuts stay off while a dialog is open and on a phone', async ({ page }) => {
    await signedInAsNewUser(page, '/mychannels');
    await expect(page.getByRole('heading', { name: 'Мои каналы' })).toBeVisible();
    // the key works here, and from now on its dialog opens at once (its code is loaded): a "no
    // dialog" below that came too early to see one would prove nothing
    await page.keyboard.press('Insert');
    await expect(dialog(page).getByRole('heading', { name: 'Новый канал' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveCount(0);
    await openMenu(page);
    await page.keyboard.press('Insert');
    await nextFrames(page);
    await expect(dialog(page)).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.keyboard.press('Insert');
    await nextFrames(page);
    await expect(dialog(page)).toHaveCount(0);
  });
});

test('"Создать канал" in the sidebar opens the create-channel dialog', async ({ page }) => {
  await signedInAsNewUser(page, '/gallery');
  const menu = await openMenu(page);
  await menu.getByRole('link', { name: 'Создать канал' }).click();
  await expect(page).toHaveURL(/\/mychannels$/);
  const d = dialog(page);
  await expect(d.getByRole('heading', { name: 'Новый канал' })).toBeVisible();
  await d.getByLabel(/Название/).fill('Из меню');
  await d.getByRole('button', { name: /Создать/ }).click();
  await expect(page.getByRole('link', { name: /Из меню/ })).toBeVisible();
});
