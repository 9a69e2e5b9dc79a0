import { expect, type Page, test } from '@playwright/test';
import { openSignedIn, registerViaApi } from '../helpers';

/**
 * Searching the gallery on a phone, in Russian and in English: typing brings suggestions, one is
 * picked with the keyboard and its postcards open; a result opens in the viewer, whose next card
 * is the next result, and Back returns to the same results. A query typed and sent lives in the address (`/gallery?q=…`), so Back
 * from the viewer finds it again, words in the field.
 */
const PHONE = { width: 390, height: 844 };

const TEXTS = {
  ru: { field: 'Поиск открыток', typed: 'рожд', suggestion: /День рождения/, query: 'весна', found: 'Найдено по запросу «весна»', clear: 'Очистить поиск', nothing: 'бегемот' },
  en: { field: 'Search postcards', typed: 'birth', suggestion: /Birthday/, query: 'birthday', found: 'Results for “birthday”', clear: 'Clear search', nothing: 'hippopotamus' },
} as const;

async function openGallery(page: Page, lang: 'ru' | 'en', path = '/gallery') {
  await page.context().addCookies([{ name: 'language', value: lang, url: test.info().project.use.baseURL! }]);
  await page.goto(path);
  return page.getByRole('combobox', { name: TEXTS[lang].field });
}

const tiles = (page: Page) => page.locator('[data-postcard-id] a');

/** Opens the first postcard of the grid in the viewer, then goes Back. */
async function openFirstAndBack(page: Page) {
  const results = page.url();
  await tiles(page).first().click();
  await expect(page).toHaveURL(/\/mychannels\/9\/\d+/);
  await page.goBack();
  await expect(page).toHaveURL(results);
  await expect(tiles(page).first()).toBeVisible();
}

/**
 * Opens the first result in the viewer, whose next card is the second result (the viewer walks the
 * search's results in their order), and comes Back to the results with the viewer's own button.
 */
/** Opens the first of the search's results (`ids`, in the order the API answered them), steps to the second, and comes Back. */
async function walkResultsAndBack(page: Page, ids: number[]) {
  const results = page.url();
  // the grid shows the search's own results, not the page it replaced
  await expect(page.locator('[data-postcard-id]').first()).toHaveAttribute('data-postcard-id', String(ids[0]));
  const second = ids[1];
  await tiles(page).first().click();
  await expect(page).toHaveURL(/\/mychannels\/9\/\d+/);
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(new RegExp(`/mychannels/9/${second}\\?`));
  await page.getByTestId('viewer-back').click();
  await expect(page).toHaveURL(results);
  await expect(tiles(page).first()).toBeVisible();
}

for (const lang of ['ru', 'en'] as const) {
  test(`type, pick a suggestion, open a result and come Back to the results (${lang})`, async ({ browser }) => {
    const t = TEXTS[lang];
    const context = await browser.newContext({ viewport: PHONE, locale: lang === 'ru' ? 'ru-RU' : 'en-GB' });
    const page = await context.newPage();
    const box = await openGallery(page, lang);

    // suggestions as one types, in the reader's language; the arrows reach them, Enter picks
    const asked = page.waitForResponse((r) => r.url().includes(`/api/search/suggestions?q=${encodeURIComponent(t.typed)}&lang=${lang}`));
    await box.pressSequentially(t.typed);
    await asked;
    const option = page.getByRole('listbox').getByRole('option', { name: t.suggestion });
    await expect(option).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    const options = page.getByRole('option');
    const index = (await options.allTextContents()).findIndex((text) => t.suggestion.test(text));
    for (let i = 0; i <= index; i++) await box.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
    await box.press('Enter');
    await expect(page).toHaveURL(/\/gallery\?category=\d+$/);
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await openFirstAndBack(page);

    // words sent with Enter: the address says them, Back from a result finds them again
    await box.fill(t.query);
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/gallery' && new URL(r.url()).searchParams.get('q') === t.query);
    await box.press('Enter');
    const found = (await (await answered).json()) as { items: { id: number }[] };
    await expect(page).toHaveURL(`/gallery?q=${encodeURIComponent(t.query)}`);
    await expect(page.getByRole('heading', { name: t.found })).toBeVisible();
    await walkResultsAndBack(page, found.items.map((p) => p.id));
    await expect(box).toHaveValue(t.query);
    await expect(page.getByRole('heading', { name: t.found })).toBeVisible();

    // the clear button empties the field and shows the whole gallery
    await page.getByRole('button', { name: t.clear }).click();
    await expect(box).toHaveValue('');
    await expect(box).toBeFocused();
    await expect(page).toHaveURL(/\/gallery$/);
    await context.close();
  });
}

test('picking a postcard for a greeting, a search keeps whom it is for', async ({ page }) => {
  const box = await openGallery(page, 'ru', `/gallery?to=${encodeURIComponent('Мама')}&opens=2030-03-08`);
  await expect(page.getByTestId('picking-banner')).toContainText('Кому: Мама');
  await box.fill('тюльпаны');
  await box.press('Enter');
  await expect(page).toHaveURL(`/gallery?to=${encodeURIComponent('Мама')}&opens=2030-03-08&q=${encodeURIComponent('тюльпаны')}`);
  await expect(tiles(page).first()).toBeVisible();
  await expect(page.getByTestId('picking-banner')).toContainText('Кому: Мама');
});

// `SCREENSHOTS=1`: the field with its suggestions, results and a search that found nothing, at three widths, light and dark; and a channel's search
test('screenshots of the search', async ({ browser }) => {
  test.skip(!process.env.SCREENSHOTS, 'only with SCREENSHOTS=1');
  test.setTimeout(420_000);
  for (const lang of ['ru', 'en'] as const) {
    const t = TEXTS[lang];
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const viewport of [{ width: 360, height: 740 }, PHONE, { width: 1280, height: 800 }]) {
        const context = await browser.newContext({ viewport, colorScheme, locale: lang === 'ru' ? 'ru-RU' : 'en-GB' });
        const page = await context.newPage();
        const shot = (what: string) => page.screenshot({ path: `.artifacts/screens/search-${what}-${lang}-${colorScheme}-${viewport.width}.png`, animations: 'disabled' });
        const box = await openGallery(page, lang);
        await box.pressSequentially(t.typed);
        await expect(page.getByRole('option', { name: t.suggestion })).toBeVisible();
        // the list for all of the words typed, not the one kept from their first letters
        await expect(page.getByRole('option').filter({ hasNotText: new RegExp(t.typed, 'i') })).toHaveCount(0);
        await shot('suggestions');
        await box.fill(t.query);
        await box.press('Enter');
        await expect(tiles(page).first()).toBeVisible();
        await shot('results');
        await box.fill(t.nothing);
        await box.press('Enter');
        await expect(page.getByRole('button', { name: lang === 'ru' ? 'Вся галерея' : 'Whole gallery' })).toBeVisible();
        await shot('empty');
        // a channel's search (the gallery's own channel page), signed in
        const account = await registerViaApi(page.request);
        await openSignedIn(page, account.token, '/mychannels/9');
        const field = page.getByRole('searchbox', { name: t.field });
        await field.fill(t.query);
        await field.press('Enter');
        await expect(tiles(page).first()).toBeVisible();
        await shot('channel-results');
        await field.fill(t.nothing);
        await field.press('Enter');
        await expect(page.getByRole('heading', { name: new RegExp(t.nothing) })).toBeVisible();
        await expect(page.getByRole('button', { name: lang === 'ru' ? 'Показать все' : 'Show all' })).toBeVisible();
        await shot('channel-empty');
        await context.close();
      }
    }
  }
});
