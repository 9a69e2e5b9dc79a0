import { expect, test } from '@playwright/test';
import { authHeader, openSignedIn, registerViaApi } from '../helpers';

/**
 * Offline after the page has loaded (the browser's own offline mode, not a stand-in for the
 * server): an action fails at once with a message instead of spinning until the connection
 * returns, and nothing is lost or done twice once it does.
 */
test.use({ viewport: { width: 390, height: 844 } });

test('offline, «Создать поздравление» says it failed at once; back online, one tap makes the greeting once', async ({ page, context, request }) => {
  const a = await registerViaApi(request);
  const yang = async () => ((await (await request.get('/api/user-game-data/energy-status', { headers: authHeader(a.token) })).json()) as { yang_energy: number }).yang_energy;
  const before = await yang();
  const gallery = (await (await request.get('/api/gallery?limit=1')).json()) as { items: { id: number; collection_id: number }[] };
  const postcard = gallery.items[0]!;
  await openSignedIn(page, a.token, `/mychannels/${postcard.collection_id}/${postcard.id}/create-congratulation`);
  await page.getByRole('button', { name: 'Пропустить' }).click();
  await page.getByRole('button', { name: 'Пропустить' }).click();
  await expect(page.getByRole('heading', { name: 'Подарок энергии - Шаг 3' })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Создать поздравление' }).click();
  const failure = page.getByRole('alert').filter({ hasText: 'Ошибка при создании поздравления' });
  await expect(failure).toBeVisible();
  await expect(failure).toBeInViewport(); // not under the sticky buttons
  await expect(page.getByRole('button', { name: 'Создать поздравление' })).toBeEnabled();

  await context.setOffline(false);
  await page.getByRole('button', { name: 'Создать поздравление' }).click();
  await expect(page.getByRole('heading', { name: 'Поздравление создано! - Шаг 4' })).toBeVisible();
  const created = (await (await request.get('/api/greetings/created', { headers: authHeader(a.token) })).json()) as { items: unknown[] };
  expect(created.items).toHaveLength(1);
  expect(await yang()).toBe(before - 10);
});

test('offline, another sort of the gallery says «Нет соединения с сервером…» with «Повторить», which brings it once online', async ({ page, context }) => {
  await page.goto('/gallery');
  await expect(page.getByRole('heading', { name: 'Галерея', level: 1 })).toBeVisible();
  await context.setOffline(true);
  await page.getByRole('radio', { name: 'Популярные', exact: true }).click();
  await expect(page.getByText('Нет соединения с сервером. Проверьте интернет и попробуйте ещё раз')).toBeVisible();
  await expect(page.getByText('Failed to fetch')).toHaveCount(0);
  await context.setOffline(false);
  // the gallery's own «Повторить» (the «Скоро» strip above it, refused too, has one of its own)
  await page.locator('button:not([data-testid="coming-strip"] button)', { hasText: 'Повторить' }).click();
  await expect(page.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByText('Нет соединения с сервером. Проверьте интернет и попробуйте ещё раз')).toHaveCount(0);
});

test("offline, a page whose script is not loaded yet says «Страница не загрузилась»; back online it opens by itself, without a reload", async ({ page, context, request }) => {
  const a = await registerViaApi(request);
  await openSignedIn(page, a.token, '/gallery');
  await expect(page.getByRole('heading', { name: 'Галерея', level: 1 })).toBeVisible();
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  await context.setOffline(true);
  await page.getByRole('navigation').getByRole('link', { name: 'Принятые' }).click();
  await expect(page.getByRole('heading', { name: 'Страница не загрузилась' })).toBeVisible();
  await expect(page.getByText('Нет соединения с сервером. Проверьте интернет и попробуйте ещё раз')).toBeVisible();
  await expect(page.getByText('Что-то пошло не так')).toHaveCount(0);
  await page.getByRole('button', { name: 'Повторить' }).click();
  await expect(page.getByRole('heading', { name: 'Страница не загрузилась' })).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Принятые поздравления', level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
});
