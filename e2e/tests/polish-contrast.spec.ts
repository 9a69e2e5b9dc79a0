import { expect, type Locator, type Page, test } from '@playwright/test';
import { openSignedIn, registerViaApi, signedInAsNewUser } from '../helpers';
import { makeChannel } from './polish-helpers';

/**
 * The contrast a reader gets for an element's text: its colour against the first opaque
 * background behind it, with every ancestor's opacity applied (a faded card fades its text too).
 */
async function textContrast(target: Locator): Promise<number> {
  return target.evaluate((el) => {
    const ctx = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    const rgba = (css: string): [number, number, number, number] => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = '#000';
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a! / 255];
    };
    const over = (top: number[], alpha: number, under: number[]) => top.map((c, i) => c * alpha + under[i]! * (1 - alpha));
    // backgrounds from the element up, painted from the page down
    const layers: { color: [number, number, number, number]; opacity: number }[] = [];
    let opacity = 1;
    for (let node: Element | null = el; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      opacity *= Number(style.opacity);
      layers.push({ color: rgba(style.backgroundColor), opacity: Number(style.opacity) });
    }
    let behind = [255, 255, 255];
    for (const layer of layers.reverse()) {
      const [r, g, b, a] = layer.color;
      behind = over(over([r, g, b], a, behind), layer.opacity, behind);
    }
    const [r, g, b, a] = rgba(getComputedStyle(el).color);
    const text = over([r, g, b], a * opacity, behind);
    const luminance = (c: number[]) =>
      c.map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4)).reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i]!, 0);
    const [hi, lo] = [luminance(text), luminance(behind)].sort((x, y) => y - x);
    return (hi! + 0.05) / (lo! + 0.05);
  });
}

async function setTheme(page: Page, dark: boolean) {
  await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
}

/** A control that cannot be used yet says why; that reason must stay readable (WCAG AA, 4.5:1). */
test.describe('reasons on controls that cannot be used yet are readable', () => {
  for (const dark of [false, true]) {
    test(`the crystal button's «Нужно 50 Ян, у вас 20» and a locked card's start and reason (${dark ? 'dark' : 'light'})`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signedInAsNewUser(page, '/game-data?tab=resources');
      await setTheme(page, dark);
      const short = page.getByRole('button', { name: 'Нужно 50 Ян, у вас 20' });
      await expect(short).toBeDisabled();
      // polled: the theme's colours glide in over a moment
      await expect.poll(() => textContrast(short)).toBeGreaterThanOrEqual(4.5);

      await page.getByRole('tab', { name: /Производство/ }).click();
      const locked = page.locator('[data-testid^=card-]').filter({ hasText: /на \d+ уровне/ }).first();
      await expect(locked).toBeVisible();
      const start = locked.getByRole('button', { name: /Запустить/ });
      await expect(start).toBeDisabled();
      for (const text of [start, locked.getByText(/на \d+ уровне/), locked.getByRole('heading')]) {
        await expect.poll(() => textContrast(text), { message: (await text.textContent()) ?? '' }).toBeGreaterThanOrEqual(4.5);
      }
    });
  }
});

/** Figures and small badges in colour: large text 3:1, small text 4.5:1 (WCAG AA), in both themes. */
test.describe('coloured figures and badges are readable', () => {
  for (const dark of [false, true]) {
    test(`the energy to send as crystals, the daily reward's day, a channel's «Мой» and «Подписка» (${dark ? 'dark' : 'light'})`, async ({ page, request }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const me = await registerViaApi(request);
      await openSignedIn(page, me.token, '/game-data?tab=resources');
      await setTheme(page, dark);
      // the figure beside the slider's label (spoken as the slider's value, so hidden from the name)
      const amount = page.locator('div', { has: page.locator('label', { hasText: 'Энергия для отправки' }) }).locator('> span[aria-hidden="true"]');
      await expect(amount).toHaveText('50');
      await expect.poll(() => textContrast(amount)).toBeGreaterThanOrEqual(3);
      const today = page.getByText('День 1', { exact: true });
      await expect.poll(() => textContrast(today)).toBeGreaterThanOrEqual(4.5);

      const other = await registerViaApi(request);
      const theirs = await makeChannel(request, other.token, 'Чужой канал');
      await makeChannel(request, me.token, 'Мой канал');
      const sub = await request.post('/api/subscriptions/', { headers: { authorization: `Bearer ${me.token}` }, data: { collection_id: theirs } });
      expect(sub.ok(), await sub.text()).toBe(true);
      await page.goto('/mychannels');
      await setTheme(page, dark);
      for (const badge of [page.getByText('Мой', { exact: true }), page.getByText('Подписка', { exact: true })]) {
        await expect(badge.first()).toBeVisible();
        await expect.poll(() => textContrast(badge.first()), { message: (await badge.first().textContent()) ?? '' }).toBeGreaterThanOrEqual(4.5);
      }
    });
  }
});

/** The game's tinted pills and labels: amber, red and green text on their own faint tints. */
test.describe('the game tabs\' tinted pills and labels are readable', () => {
  for (const dark of [false, true]) {
    test(`quest difficulties, the yang and yin labels, the level's experience figures (${dark ? 'dark' : 'light'})`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signedInAsNewUser(page, '/game-data?tab=quests');
      await setTheme(page, dark);
      for (const name of ['Легко', 'Средне', 'Сложно']) {
        const pill = page.getByText(name, { exact: true }).first();
        await expect(pill).toBeVisible();
        await expect.poll(() => textContrast(pill), { message: name }).toBeGreaterThanOrEqual(4.5);
      }
      await page.getByRole('tab', { name: /Ресурсы/ }).click();
      for (const label of [page.getByText('Ян', { exact: true }).first(), page.getByTestId('yang-percent'), page.getByTestId('yin-state')]) {
        await expect(label).toBeVisible();
        await expect.poll(() => textContrast(label), { message: (await label.textContent()) ?? '' }).toBeGreaterThanOrEqual(4.5);
      }
      await page.getByRole('tab', { name: /Уровень/ }).click();
      const figure = page.locator('[data-testid^=exp-rule-] span.shrink-0').first();
      await expect(figure).toBeVisible();
      await expect.poll(() => textContrast(figure)).toBeGreaterThanOrEqual(4.5);
    });
  }
});
