import { type Page, expect, test } from '@playwright/test';
import { signedInAsNewUser } from '../helpers';

/**
 * Issue 13 item 8, spec 001 §9 "wide layout 820 px": from 820 px the greeting wizard puts the
 * greeting being made beside the form; narrower, the miniature sits above it.
 */
async function wizard(page: Page) {
  const gallery = await (await page.request.get('/api/gallery?limit=1')).json();
  await signedInAsNewUser(page, `/mychannels/9/${gallery.items[0].id}/create-congratulation`);
  await expect(page.getByRole('heading', { name: /Шаг 1/ })).toBeVisible();
  const preview = (await page.getByTestId('wizard-preview').boundingBox())!;
  const field = (await page.getByLabel('Имя получателя').boundingBox())!;
  return { preview, field };
}

for (const width of [820, 1280]) {
  test(`at ${width} px the greeting stands beside the form`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const { preview, field } = await wizard(page);
    expect(preview.x + preview.width).toBeLessThanOrEqual(field.x);
    expect(preview.height).toBeGreaterThan(300); // the postcard itself, not the 101 px miniature
    expect(Math.abs(preview.y - field.y)).toBeLessThan(40);
  });
}

for (const width of [360, 819]) {
  test(`at ${width} px the miniature sits above the form`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const { preview, field } = await wizard(page);
    expect(preview.y + preview.height).toBeLessThanOrEqual(field.y);
    expect(preview.height).toBeLessThan(160);
  });
}
