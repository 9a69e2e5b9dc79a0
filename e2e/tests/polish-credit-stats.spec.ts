import { expect, test } from '@playwright/test';
import { authHeader, dialog, loginViaApi, MODERATOR, openSignedIn, registerViaApi } from '../helpers';
import { addPostcard, makeChannel } from './polish-helpers';

/**
 * Issue 13 items 3 and 6: a postcard credits its author and links the original apart from who
 * added it; the owner edits the credit; the info modal shows real views (once per viewer a day) and likes.
 */
test('the info modal credits the author, links the original, names the uploader apart and counts the view', async ({ page, request }) => {
  const owner = await registerViaApi(request);
  const channel = await makeChannel(request, owner.token);
  const id = await addPostcard(request, owner.token, channel, {
    description: 'Открытка с автором и источником',
    author_name: 'Мария Художница',
    source_url: 'https://example.org/original/1',
  });
  const mod = await loginViaApi(request, MODERATOR.login, MODERATOR.password);
  expect((await request.post(`/api/moderation/${id}/approve`, { headers: authHeader(mod.token) })).ok()).toBe(true);

  const viewer = await registerViaApi(request);
  await openSignedIn(page, viewer.token, `/mychannels/${channel}/${id}`);
  await expect(page.locator(`[data-card-id="${id}"][data-active]`)).toBeVisible();
  await page.getByTestId('info-button').click();
  const info = dialog(page);
  await expect(info.getByTestId('info-author')).toHaveText('Мария Художница');
  await expect(info.getByTestId('info-source').getByRole('link', { name: 'example.org' })).toHaveAttribute('href', 'https://example.org/original/1');
  await expect(info.getByTestId('info-uploader')).toHaveText(owner.username);
  await expect(info.getByTestId('info-views')).toHaveText('1');
  await expect(info.getByTestId('info-likes')).toHaveText('0');

  // a second visit the same day is not a second view
  await page.reload();
  await page.getByTestId('info-button').click();
  await expect(dialog(page).getByTestId('info-views')).toHaveText('1');
  const stats = (await (await request.get(`/api/image_relations/${id}`)).json()) as { stats: Record<string, number> };
  expect(stats.stats).toEqual({ views: 1, reposts: 0, bookmarks: 0 });
});

test('the owner edits the author and the link to the original from the viewer', async ({ page, request }) => {
  const owner = await registerViaApi(request);
  const channel = await makeChannel(request, owner.token);
  const id = await addPostcard(request, owner.token, channel, { description: 'Открытка без автора пока' });
  await openSignedIn(page, owner.token, `/mychannels/${channel}/${id}`);
  await expect(page.locator(`[data-card-id="${id}"][data-active]`)).toBeVisible();
  await page.getByTestId('options-button').click();
  await page.getByRole('menuitem', { name: 'Изменить открытку' }).click();
  const form = dialog(page);
  await form.getByRole('textbox', { name: /Автор работы/ }).fill('Иван Иванов');
  await form.getByRole('textbox', { name: /Ссылка на оригинал/ }).fill('ftp://example.org/x');
  await form.getByRole('button', { name: 'Сохранить' }).click();
  await expect(form.getByText('Ссылка на оригинал должна начинаться с http:// или https://')).toBeVisible();
  await form.getByRole('textbox', { name: /Ссылка на оригинал/ }).fill('https://example.org/ivan');
  await form.getByRole('button', { name: 'Сохранить' }).click();
  await expect(form).toHaveCount(0);
  await page.getByTestId('info-button').click();
  await expect(dialog(page).getByTestId('info-author')).toHaveText('Иван Иванов');
  await expect(dialog(page).getByTestId('info-source').getByRole('link')).toHaveAttribute('href', 'https://example.org/ivan');
});
