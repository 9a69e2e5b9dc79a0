import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, type Page, test } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';

test.use({ serviceWorkers: 'allow' });

/** Waits until the service worker controls the page (it claims open pages when it activates). */
async function controlledBySw(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}

test.describe('installable app', () => {
  test('Chromium finds the app installable: manifest with icons, standalone, start on /gallery', async ({ request, baseURL }) => {
    // an ordinary browser profile: Chromium never offers installation in an incognito-like context
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'otkrytka-pwa-'));
    const browser = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
      baseURL,
    });
    try {
      const page = await browser.newPage();
      await page.goto('/gallery');
      await controlledBySw(page);
      const cdp = await browser.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
    } finally {
      await browser.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }

    const page = await request.get('/gallery');
    const manifestUrl = (await page.text()).match(/<link rel="manifest" href="([^"]+)"/)?.[1];
    expect(manifestUrl).toBe('/manifest.webmanifest');
    const res = await request.get(manifestUrl!);
    expect(res.headers()['content-type']).toContain('application/manifest+json');
    const manifest = await res.json();
    expect(manifest).toMatchObject({ name: expect.stringContaining('Открытка'), short_name: 'Открытка', display: 'standalone', start_url: '/gallery' });
    const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of icons) expect((await request.get(icon.src)).ok()).toBe(true);
  });

  test('offline, a reload of /gallery shows «Нет соединения»; Повторить brings the gallery back once online', async ({ page, context }) => {
    await page.goto('/gallery');
    await controlledBySw(page);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Нет соединения' })).toBeVisible();
    const retry = page.getByRole('button', { name: 'Повторить' });
    await retry.click();
    await expect(page.getByRole('heading', { name: 'Нет соединения' })).toBeVisible();

    await context.setOffline(false);
    await retry.click();
    await expect(page.getByRole('heading', { name: 'Галерея', level: 1 })).toBeVisible();
  });

  test('the offline page speaks English to an English reader', async ({ page, context }) => {
    await context.addCookies([{ name: 'language', value: 'en', url: page.url() === 'about:blank' ? test.info().project.use.baseURL! : page.url() }]);
    await page.goto('/gallery');
    await controlledBySw(page);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'No connection' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  test('the service worker keeps only static files: no API answer or media is ever stored', async ({ page }) => {
    await page.goto('/gallery');
    await controlledBySw(page);
    // browse while controlled, so API and media requests pass through the worker
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Галерея', level: 1 })).toBeVisible();
    await expect(page.locator('main img').first()).toBeVisible();
    const stored = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const key of await caches.keys()) for (const req of await (await caches.open(key)).keys()) urls.push(new URL(req.url).pathname);
      return urls;
    });
    expect(stored).toContain('/offline.html');
    expect(stored.some((u) => u.startsWith('/assets/'))).toBe(true);
    expect(stored.filter((u) => u.startsWith('/api/') || u.startsWith('/media/'))).toEqual([]);
  });
});
