import { describe, expect, it } from 'vitest';
import { renderInApp } from '../app/test-utils';
import { Page } from './Page';

describe('Page', () => {
  it('names the browser tab after the page, in the reader’s language, and gives the name back on leaving', async () => {
    document.title = 'Открытка';
    const view = await renderInApp(<Page title="Панель модератора">…</Page>);
    expect(document.title).toBe('Панель модератора — Открытка');
    view.unmount();
    expect(document.title).toBe('Открытка');

    await renderInApp(<Page title="Moderator panel">…</Page>, { language: 'en' });
    expect(document.title).toBe('Moderator panel — Otkrytka');
  });

  it('leaves the tab alone when the page has no plain-text title', async () => {
    document.title = 'Поздравление для Ани';
    // a page already in Russian (the test before left it in English, which the app would retitle)
    document.documentElement.lang = 'ru';
    await renderInApp(<Page title={<span>Канал</span>}>…</Page>);
    expect(document.title).toBe('Поздравление для Ани');
  });
});
