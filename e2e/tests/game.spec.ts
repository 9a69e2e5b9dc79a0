import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { authHeader, gameBar, registerViaApi, signedInAsNewUser } from '../helpers';

/** Moves the e2e server's clock (test hook; the server runs with ENABLE_TEST_HOOKS). */
async function advanceClock(request: APIRequestContext, ms: number) {
  const res = await request.post('/api/test-hooks/clock/advance', { data: { ms } });
  expect(res.status(), await res.text()).toBe(200);
}

async function energyOf(request: APIRequestContext, token: string) {
  const res = await request.get('/api/user-game-data/energy-status', { headers: authHeader(token) });
  expect(res.status()).toBe(200);
  return (await res.json()) as { yang_energy: number; yin_energy: number; yin_cap: number };
}

const figure = async (page: Page, id: string) => Number((await page.getByTestId(id).textContent())?.replace(/\D/g, ''));

/**
 * Earns energy the way a player does — spins timed by the server — with the test clock standing in
 * for the minutes of holding and of yin regeneration.
 */
async function earnEnergy(request: APIRequestContext, token: string, yang: number, yin: number) {
  for (let i = 0; i < 40; i += 1) {
    const e = await energyOf(request, token);
    if (e.yang_energy >= yang && e.yin_energy >= yin) return;
    if (e.yin_energy < 30 || e.yang_energy >= yang) {
      await advanceClock(request, (e.yin_cap - e.yin_energy) * 5000);
      continue;
    }
    const start = await request.post('/api/game/spin/start', { headers: authHeader(token) });
    const { spin_id } = (await start.json()) as { spin_id: string };
    await advanceClock(request, 60_000);
    const done = await request.post('/api/game/spin', {
      headers: authHeader(token),
      data: { spin_id, totalSpinTime: 60, yangGained: 60, yinSpent: 30 },
    });
    expect(done.status(), await done.text()).toBe(200);
  }
  throw new Error('could not earn the energy');
}

test.describe('game hub', () => {
  test('holding the energy circle with the mouse spins: yang rises, yin falls, and it survives a reload', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const account = await signedInAsNewUser(page, '/game-data');
    const circle = page.getByTestId('energy-circle');
    await expect(circle).toBeVisible();
    await expect(page.getByTestId('spin-label')).toHaveText('Удерживайте круг: вращение превращает Инь в Ян');
    const yang0 = await figure(page, 'yang-value');
    expect(yang0).toBe(20);

    const box = (await circle.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    // yin regenerates by 1 every 5 s while we hold: read it right before pressing, and bound the
    // regeneration by the time the whole hold took, so a slow machine cannot make yin "rise"
    const yin0 = await figure(page, 'yin-value');
    const pressedAt = Date.now();
    await page.mouse.down();
    await expect(page.getByTestId('spin-label')).toHaveText(/Вращение: [1-9]\d* с/);
    // 10 s at 0.5 yin per yang: −5 yin, at most 3 regenerated in the ~12 s it takes
    await expect(page.getByTestId('spin-label')).toHaveText(/Вращение: (1\d|[2-9]\d) с/, { timeout: 20_000 });
    await page.mouse.up();

    const saved = page.getByRole('status').filter({ hasText: /Вращение сохранено: \+\d+ Ян/ });
    await expect(saved).toBeVisible();
    const gained = Number(/\+(\d+) Ян/.exec((await saved.textContent()) ?? '')?.[1]);
    expect(gained).toBeGreaterThanOrEqual(10);
    // yang changes only by the spin; yin fell by the spin's cost, give or take what regenerated meanwhile
    await expect(page.getByTestId('yang-value')).toHaveText(String(yang0 + gained));
    const yin1 = await figure(page, 'yin-value');
    const regenerated = Math.floor((Date.now() - pressedAt) / 5000) + 1;
    expect(yin1).toBeLessThanOrEqual(yin0 - gained / 2 + regenerated);
    expect(yin1).toBeLessThan(yin0);

    // the server holds the same figures, and so does the page after a reload
    const server = await energyOf(page.request, account.token);
    expect(server.yang_energy).toBe(yang0 + gained);
    await page.reload();
    await expect(circle).toBeVisible();
    await expect(page.getByTestId('yang-value')).toHaveText(String(yang0 + gained));
    const regeneratedByNow = Math.floor((Date.now() - pressedAt) / 5000) + 1;
    expect(await figure(page, 'yin-value')).toBeLessThanOrEqual(yin0 - gained / 2 + regeneratedByNow);
    // the game bar shows the new total: yin only grows while nobody spends, so it lies between a
    // server read from before the reload and one from after the bar showed it
    const energyChip = gameBar(page).getByRole('link', { name: /^Энергия/ });
    await expect(energyChip).toHaveText(/^\d+$/);
    const shown = Number(await energyChip.textContent());
    const after = await energyOf(page.request, account.token);
    expect(shown).toBeGreaterThanOrEqual(server.yang_energy + server.yin_energy);
    expect(shown).toBeLessThanOrEqual(after.yang_energy + after.yin_energy);
  });

  test('the energy circle shows that it has the keyboard focus', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signedInAsNewUser(page, '/game-data');
    const circle = page.getByTestId('energy-circle');
    await expect(circle).toBeVisible();
    // reach it with Tab, as a keyboard user would, so :focus-visible applies
    for (let i = 0; i < 60 && !(await circle.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(circle).toBeFocused();
    const outline = await circle.evaluate((el) => ({ style: getComputedStyle(el).outlineStyle, width: parseFloat(getComputedStyle(el).outlineWidth) }));
    expect(outline.style).toBe('solid');
    expect(outline.width).toBeGreaterThanOrEqual(2);
  });

  test('tabs follow the address and every tab shows real data', async ({ page }) => {
    await signedInAsNewUser(page, '/game-data?tab=level');
    await expect(page.getByRole('tab', { name: /Уровень/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('level-value')).toHaveText('1');
    await expect(page.getByText('Топ игроков')).toBeVisible();
    await page.getByRole('tab', { name: /Задания/ }).click();
    await expect(page).toHaveURL(/tab=quests/);
    await expect(page.getByRole('heading', { name: 'Вращение энергии' })).toBeVisible();
    await page.getByRole('tab', { name: /Достижения/ }).click();
    await expect(page.getByRole('heading', { name: 'Первое вращение' })).toBeVisible();
    await page.getByRole('tab', { name: /Ресурсы/ }).click();
    await page.getByRole('button', { name: /Забрать награду/ }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Награда получена: +10 Ян' })).toBeVisible();
    await expect(page.getByTestId('yang-value')).toHaveText('30');
  });

  test('production: start a card, and collect it once the (test) clock says it is done', async ({ page }) => {
    const account = await registerViaApi(page.request);
    await earnEnergy(page.request, account.token, 400, 100);
    await page.goto('/api/health');
    await page.evaluate((t) => localStorage.setItem('access_token', t), account.token);
    await page.goto('/game-data?tab=production');

    const wisdom = page.getByTestId('card-wisdom');
    await expect(wisdom.getByRole('button', { name: /Запустить/ })).toBeEnabled();
    const started = page.waitForResponse((r) => r.url().endsWith('/api/production/start'));
    await wisdom.getByRole('button', { name: /Запустить/ }).click();
    const runId = ((await (await started).json()) as { item: { id: number } }).item.id;
    await expect(page.getByRole('status').filter({ hasText: 'Производство «Мудрость» запущено' })).toBeVisible();
    await expect(wisdom.getByText('Эта карточка уже в производстве')).toBeVisible();
    await expect(page.getByText(/Осталось (1 мин|\d+ с)/)).toBeVisible();
    const collect = page.getByRole('button', { name: 'Забрать', exact: true });
    await expect(collect).toBeDisabled();

    await advanceClock(page.request, 61_000);
    await page.getByRole('button', { name: 'Обновить всё' }).click();
    await expect(page.getByText('Готово!')).toBeVisible();
    // its «Заберите его!» notice waits, unread, until the run is collected
    const notice = page.getByTestId('notification').filter({ hasText: 'Производство завершено' });
    await page.getByRole('tab', { name: /Уведомления/ }).click();
    await expect(notice).toHaveAttribute('data-read', 'false');
    await page.getByRole('tab', { name: /Производство/ }).click();
    await collect.click();
    await expect(page.getByRole('status').filter({ hasText: 'Получено: +5 Мудрость' })).toBeVisible();
    await expect(page.getByTestId('resource-wisdom')).toContainText('5');
    await expect(page.getByText('Очередь пуста')).toBeVisible();
    await page.getByRole('tab', { name: /Уведомления/ }).click();
    await expect(notice).toHaveAttribute('data-read', 'true');
    await page.getByRole('tab', { name: /Производство/ }).click();

    // collected once: a second collect is refused by the server, and there was one completion
    const again = await page.request.post('/api/production/complete', { headers: authHeader(account.token), data: { production_id: runId } });
    expect(again.status()).toBeGreaterThanOrEqual(400);
    expect(again.status()).toBeLessThan(500);
    await expect(page.getByTestId('resource-wisdom')).toContainText('5');
    const queue = await page.request.get('/api/notifications?type=production_complete', { headers: authHeader(account.token) });
    expect(((await queue.json()) as { total: number }).total).toBe(1);
  });

  test("a notification caused by another user's action appears live with the unread badge", async ({ page, browser }) => {
    const sender = await signedInAsNewUser(page, '/game-data?tab=notifications');
    await expect(page.getByText('Уведомлений нет')).toBeVisible();

    const gallery = await page.request.get('/api/gallery?limit=1');
    const postcard = ((await gallery.json()) as { items: { id: number }[] }).items[0]!;
    const created = await page.request.post('/api/greetings', {
      headers: authHeader(sender.token),
      data: { image_relations_id: postcard.id, to_whom: 'Маме', greeting: 'С праздником!', from_whom: 'Сын' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const publicId = ((await created.json()) as { id: string }).id;
    // sending it earned the sender experience and notices of their own: read them all, elsewhere
    await expect(page.getByTestId('notification').first()).toBeVisible();
    await page.request.post('/api/notifications/read-all', { headers: authHeader(sender.token) });
    await expect(page.getByTestId('unread-in-panel')).toHaveText('Непрочитанных: 0');

    // someone else, in another browser, accepts it
    const other = await browser.newContext();
    const friend = await registerViaApi(other.request);
    const accepted = await other.request.post(`/api/greetings/${publicId}/accept`, { headers: authHeader(friend.token), data: {} });
    expect(accepted.status(), await accepted.text()).toBe(200);
    await other.close();

    const item = page.getByTestId('notification').filter({ hasText: 'Ваше поздравление приняли' });
    await expect(item).toBeVisible();
    await expect(page.getByTestId('hub-unread')).toHaveText('1');
    await expect(page.getByTestId('unread-in-panel')).toHaveText('Непрочитанных: 1');
    await expect(gameBar(page).getByRole('link', { name: /Уведомления/ })).toContainText('1');

    // its action opens the greeting and marks it read
    await item.getByRole('button', { name: 'Открыть поздравление' }).click();
    await expect(page).toHaveURL(new RegExp(`/greeting/${publicId}\\?view=true`));
    await expect
      .poll(async () => (await page.request.get('/api/notifications/unread-count', { headers: authHeader(sender.token) })).json())
      .toEqual({ unread_count: 0 });
  });

  test('notifications on a phone: the filters fold behind one button, so the first notification is on the first screen; filter, mark all read and clear', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const account = await signedInAsNewUser(page, '/game-data?tab=notifications');
    // as a player would: the page has shown its (empty) list before the reward is claimed
    await expect(page.getByText('Уведомлений нет')).toBeVisible();
    const claimed = await page.request.post('/api/game/daily-reward/claim', { headers: authHeader(account.token) });
    expect(claimed.status(), await claimed.text()).toBe(200);
    const first = page.getByTestId('notification').filter({ hasText: 'Ежедневная награда' });
    await expect(first).toBeVisible();
    await expect(page.getByTestId('type-filter')).toBeHidden();
    const bar = (await page.getByRole('navigation', { name: 'Быстрые разделы' }).boundingBox())!;
    expect((await first.boundingBox())!.y, 'the notification starts under the bottom bar').toBeLessThan(bar.y - 40);
    const toggle = page.getByRole('button', { name: /^Фильтры( \d)?$/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await page.getByTestId('type-filter').selectOption('quest');
    await expect(page.getByText('Под фильтр ничего не подошло')).toBeVisible();
    // the button counts the filters in use
    await expect(toggle).toHaveAccessibleName('Фильтры 1');
    await page.getByRole('button', { name: 'Сбросить фильтры' }).click();
    await expect(page.getByTestId('notification')).toHaveCount(1);
    await page.getByRole('button', { name: /Прочитать все/ }).click();
    await expect(page.getByTestId('notification').first()).toHaveAttribute('data-read', 'true');
    await expect(page.getByTestId('unread-in-panel')).toHaveText('Непрочитанных: 0');
    // the app's own confirmation, not the browser's (a native dialog would be dismissed here)
    await page.getByRole('button', { name: /Очистить/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Удалить все уведомления?' });
    await confirm.getByRole('button', { name: 'Отмена' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByTestId('notification')).toHaveCount(1);
    await page.getByRole('button', { name: /Очистить/ }).click();
    await confirm.getByRole('button', { name: 'Очистить' }).click();
    await expect(page.getByText('Уведомлений нет')).toBeVisible();
  });
});
