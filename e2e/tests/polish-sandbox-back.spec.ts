import { expect, test } from '@playwright/test';
import { openSignedIn, registerViaApi } from '../helpers';
import { addPostcard, makeChannel } from './polish-helpers';

/** Issue 13 item 4: Back from the sandbox viewer goes to /gallery?sandbox=1, which offers the way back in. */
test('back from the sandbox viewer lands on the gallery with a way back into the sandbox', async ({ page, request }) => {
  const author = await registerViaApi(request);
  const voter = await registerViaApi(request);
  const id = await addPostcard(request, author.token, await makeChannel(request, author.token), { description: 'Открытка ждёт голосов' });
  await openSignedIn(page, voter.token, `/sandbox/${id}`);
  await expect(page.locator(`[data-card-id="${id}"][data-active]`)).toBeVisible();
  await page.getByTestId('viewer-header').getByRole('button', { name: 'Назад' }).click();
  await expect(page).toHaveURL(/\/gallery\?sandbox=1$/);
  const back = page.getByTestId('sandbox-return').getByRole('link', { name: 'Вернуться в песочницу' });
  await expect(back).toBeVisible();
  // the offer stays while the gallery is sorted
  await page.getByRole('radio', { name: 'Популярные', exact: true }).click();
  await expect(page).toHaveURL(/sandbox=1/);
  await back.click();
  await expect(page).toHaveURL(/\/sandbox$/);
});

test('the plain gallery does not offer the sandbox', async ({ page }) => {
  await page.goto('/gallery');
  await expect(page.getByRole('heading', { name: 'Галерея' })).toBeVisible();
  await expect(page.getByTestId('sandbox-return')).toHaveCount(0);
});

/** Review, 26 November: on a 1280×800 screen «Отклонить» and «Одобрить» lay over the card's caption. */
test('the sandbox caption stays clear of the vote buttons, on a laptop and on a phone', async ({ page, request }) => {
  const author = await registerViaApi(request);
  const voter = await registerViaApi(request);
  const id = await addPostcard(request, author.token, await makeChannel(request, author.token), { description: 'Красная открытка для проверки модерации' });
  for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(size);
    await openSignedIn(page, voter.token, `/sandbox/${id}`);
    const slide = page.locator(`[data-card-id="${id}"][data-active]`);
    const caption = slide.getByText('Красная открытка для проверки модерации');
    await expect(caption).toBeVisible();
    const text = (await caption.boundingBox())!;
    const buttons = (await page.getByTestId('sandbox-decision').boundingBox())!;
    expect(text.y + text.height, `caption over the buttons at ${size.width}px`).toBeLessThanOrEqual(buttons.y);
  }
});
