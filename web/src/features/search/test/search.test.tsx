import type { Suggestion } from '@otkrytka/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, renderInApp, stubApi } from '@/app/test-utils';
import GalleryPage from '@/features/gallery/pages/GalleryPage';
import { postcardFixture } from '@/features/postcards/test/fixtures';
import { useLocation } from '@/router';
import { SearchBox } from '../SearchBox';

afterEach(() => vi.unstubAllGlobals());

/** Where the app is: the address a search or a suggestion led to. */
function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}
const where = () => screen.getByTestId('where').textContent;

const SUGGESTIONS: Suggestion[] = [
  { kind: 'category', text: 'Дни рождения', category_id: 7 },
  { kind: 'holiday', text: 'День матери', holiday_id: 'mothers-day' },
  { kind: 'query', text: 'день рождения маме' },
];

const serve = (over: (c: ApiCall) => { status: number; body?: unknown } | undefined = () => undefined) =>
  stubApi((c) => {
    const mine = over(c);
    if (mine) return mine;
    if (c.url.startsWith('/api/search/suggestions')) return { status: 200, body: { suggestions: SUGGESTIONS } };
    if (c.url.startsWith('/api/gallery/chips')) return { status: 200, body: { groups: [], categories: [{ id: 3, name: 'Цветы', name_en: 'Flowers', group_id: null, position: 0 }] } };
    if (c.url.startsWith('/api/holidays')) return { status: 200, body: { holidays: [] } };
    return undefined;
  });

const field = () => screen.getByRole('combobox', { name: 'Поиск открыток' });

describe('the gallery search field', () => {
  it('suggests as one types, in the reader’s language; the arrows, Enter and Escape work the list', async () => {
    const calls = serve();
    await renderInApp(
      <>
        <SearchBox />
        <Where />
      </>,
      { route: '/gallery?to=%D0%9C%D0%B0%D0%BC%D0%B0&opens=2026-12-01' },
    );
    const box = await screen.findByRole('combobox', { name: 'Поиск открыток' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    fireEvent.change(box, { target: { value: 'день' } });
    const list = await screen.findByRole('listbox', { name: 'Подсказки поиска' });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/search/suggestions?q=%D0%B4%D0%B5%D0%BD%D1%8C&lang=ru')).toBe(true));
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', list.id);
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Дни рожденияКатегория', 'День материПраздник', 'день рождения мамеЧасто ищут']);
    expect(screen.getByText('Подсказок: 3')).toBeInTheDocument();

    // ↓ goes down and round, ↑ back
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(box).toHaveAttribute('aria-activedescendant', options[2]!.id);
    // Escape closes the list, and then empties the field
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box).toHaveValue('');

    // picking a postcard for a greeting, a holiday searches the gallery for it, and whom it is for stays
    fireEvent.change(box, { target: { value: 'день' } });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    await act(async () => fireEvent.keyDown(box, { key: 'Enter' }));
    await waitFor(() => expect(where()).toBe('/gallery?to=%D0%9C%D0%B0%D0%BC%D0%B0&opens=2026-12-01&q=%D0%94%D0%B5%D0%BD%D1%8C+%D0%BC%D0%B0%D1%82%D0%B5%D1%80%D0%B8'));
    await waitFor(() => expect(field()).toHaveValue('День матери'));
    expect(field()).toHaveAttribute('aria-expanded', 'false');
  });

  it('searches what is typed on Enter, a category suggestion filters the gallery, and the named clear button empties it', async () => {
    serve();
    await renderInApp(
      <>
        <SearchBox />
        <Where />
      </>,
      { route: '/gallery?sort=popular' },
    );
    const box = await screen.findByRole('combobox', { name: 'Поиск открыток' });
    // more words typed: the arrows' option is let go, so Enter searches the words
    fireEvent.change(box, { target: { value: 'роз' } });
    await screen.findByRole('listbox');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box).toHaveAttribute('aria-activedescendant');
    fireEvent.change(box, { target: { value: '  розы  ' } });
    expect(box).not.toHaveAttribute('aria-activedescendant');
    await act(async () => fireEvent.submit((box as HTMLInputElement).form!));
    await waitFor(() => expect(where()).toBe('/gallery?q=%D1%80%D0%BE%D0%B7%D1%8B'));

    fireEvent.focus(box);
    const option = await screen.findByRole('option', { name: /Дни рождения/ });
    await act(async () => fireEvent.click(option));
    await waitFor(() => expect(where()).toBe('/gallery?category=7'));
    await waitFor(() => expect(box).toHaveValue(''));

    fireEvent.change(box, { target: { value: 'тюльпаны' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Очистить поиск' })));
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Очистить поиск' })).toBeNull();
  });

  it('outside a greeting, a holiday suggestion opens the holiday’s page', async () => {
    serve();
    await renderInApp(
      <>
        <SearchBox />
        <Where />
      </>,
      { route: '/gallery', language: 'en' },
    );
    const box = await screen.findByRole('combobox', { name: 'Search postcards' });
    fireEvent.focus(box);
    const option = await screen.findByRole('option', { name: /День матери/ });
    await act(async () => fireEvent.click(option));
    await waitFor(() => expect(where()).toBe('/holiday/mothers-day'));
  });
});

describe('the gallery with ?q=', () => {
  it('shows what the search found, best matches first, each opening the viewer with the search', async () => {
    const calls = serve((c) =>
      c.url.startsWith('/api/gallery?') ? { status: 200, body: { items: [postcardFixture({ id: 41, title: 'Розы' })], next_cursor: null, has_more: false } } : undefined,
    );
    await renderInApp(<GalleryPage />, { route: '/gallery?q=%D1%80%D0%BE%D0%B7%D1%8B' });
    expect(await screen.findByRole('heading', { name: 'Найдено по запросу «розы»' })).toBeVisible();
    expect(calls.filter((c) => c.url.startsWith('/api/gallery?')).map((c) => c.url)).toEqual(['/api/gallery?q=%D1%80%D0%BE%D0%B7%D1%8B&sort=relevance']);
    expect(screen.getAllByRole('link').find((a) => a.getAttribute('href')?.includes('/41'))).toHaveAttribute('href', '/mychannels/9/41?q=%D1%80%D0%BE%D0%B7%D1%8B&from=gallery');
    expect(field()).toHaveValue('розы');
    // the listing's sorts and chips are not the search's
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });

  it('found nothing: says so and offers the nearest categories', async () => {
    serve((c) => {
      if (c.url.startsWith('/api/gallery?')) return { status: 200, body: { items: [], next_cursor: null, has_more: false } };
      if (c.url.startsWith('/api/search/suggestions')) return { status: 200, body: { suggestions: [{ kind: 'category', text: 'Цветы', category_id: 3 }] } };
      return undefined;
    });
    await renderInApp(
      <>
        <GalleryPage />
        <Where />
      </>,
      { route: '/gallery?q=%D1%80%D0%BE%D0%B7%D0%B0%D0%B0' },
    );
    expect(await screen.findByRole('heading', { name: 'По запросу «розаа» ничего не нашлось' })).toBeVisible();
    const near = await screen.findByRole('group', { name: 'Похожие категории' });
    await act(async () => fireEvent.click(within(near).getByRole('button', { name: 'Цветы' })));
    await waitFor(() => expect(where()).toBe('/gallery?category=3'));
  });
});
