import { expect, test } from '@playwright/test';
import { authHeader, registerViaApi } from '../helpers';

/**
 * The recipient's first screen on a phone: the intro's confetti falls over the stage's background
 * and behind «Смотреть открытку», not over the button's text. What a finger would meet at the
 * button's middle, were the confetti's canvas to catch taps, is the button itself; at the screen's
 * edge, the confetti (it is still drawn over the background).
 */
test('the intro confetti falls behind the call to action, over the stage background', async ({ page, request }) => {
  const sender = await registerViaApi(request);
  const gallery = (await (await request.get('/api/gallery?limit=1')).json()) as { items: { id: number }[] };
  const res = await request.post('/api/greetings', {
    headers: authHeader(sender.token),
    data: { image_relations_id: gallery.items[0]!.id, to_whom: 'Бабушке', greeting: 'С юбилеем!', from_whom: 'Внучка' },
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/greeting/${id}`);
  const cta = page.getByRole('button', { name: 'Смотреть открытку' });
  await expect(cta).toBeVisible();
  // the burst lasts about four seconds; the button comes after half a second
  await expect(page.locator('canvas')).toHaveCount(1);
  const top = await cta.evaluate((button) => {
    const canvas = document.querySelector('canvas')!;
    canvas.style.pointerEvents = 'auto';
    const r = button.getBoundingClientRect();
    const atButton = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    const atEdge = document.elementFromPoint(4, window.innerHeight - 4);
    canvas.style.pointerEvents = 'none';
    return { onButton: !!atButton && button.contains(atButton), edgeIsConfetti: atEdge === canvas };
  });
  expect(top).toEqual({ onButton: true, edgeIsConfetti: true });
});
