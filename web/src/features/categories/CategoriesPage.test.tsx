import type { Category, GroupedCategories } from '@otkrytka/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, stubSignedInApi } from '@/app/test-utils';
import CategoriesPage from './pages/CategoriesPage';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const category = (id: number, name: string, group_id: number | null): Category => ({ id, name, name_en: null, group_id, position: id, user_id: 1, created_at: '2026-03-01T00:00:00.000Z' });
const family: GroupedCategories = {
  groups: [{ id: 1, name: 'Семья', name_en: null, description: null, position: 0, user_id: 1, created_at: '2026-03-01T00:00:00.000Z', categories: [category(3, 'Мама', 1), category(4, 'Бабушке', 1)] }],
  categories_without_group: [],
};
const none: GroupedCategories = { groups: [], categories_without_group: [] };

const open = async (grouped: GroupedCategories, language: 'ru' | 'en' = 'ru') => {
  stubSignedInApi((c) => (c.url.startsWith('/api/categories/grouped') ? { status: 200, body: grouped } : undefined));
  await renderInApp(<CategoriesPage />, { route: '/categories', language });
};

describe('the categories page', () => {
  it('while searching (dragging off) shows no empty «Без группы» box telling to drag a category there', async () => {
    await open(family);
    // not searching: the empty box is where a category is dropped to leave its group
    const ungrouped = await screen.findByRole('region', { name: 'Без группы' });
    expect(within(ungrouped).getByText('Перетащите сюда категорию, чтобы убрать её из группы')).toBeInTheDocument();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Поиск категорий' }), { target: { value: 'мам' } });
    expect(screen.getByText('Во время поиска перетаскивание выключено.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Семья' })).getByText('Мама')).toBeInTheDocument();
    expect(screen.queryByText('Перетащите сюда категорию, чтобы убрать её из группы')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Без группы' })).toBeNull();
  });

  it('while searching, ungrouped categories that match are still listed under «Без группы»', async () => {
    await open({ ...family, categories_without_group: [category(9, 'Мамины подруги', null)] });
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Поиск категорий' }), { target: { value: 'мам' } });
    expect(await within(await screen.findByRole('region', { name: 'Без группы' })).findByText('Мамины подруги')).toBeInTheDocument();
  });

  it('the search box clears with its own button, named, and gives the focus back (the browser’s blue ✕ is hidden)', async () => {
    await open(family);
    const search = await screen.findByRole('searchbox', { name: 'Поиск категорий' });
    expect(screen.queryByRole('button', { name: 'Очистить поиск' })).toBeNull();
    fireEvent.change(search, { target: { value: 'мам' } });
    await waitFor(() => expect(screen.queryByText('Бабушке')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Очистить поиск' }));
    expect(search).toHaveValue('');
    expect(search).toHaveFocus();
    expect(await screen.findByText('Бабушке')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Очистить поиск' })).toBeNull();
    expect(search.className).toContain('[&::-webkit-search-cancel-button]:hidden');
  });

  it('the clear button is named in English too', async () => {
    await open(family, 'en');
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Search categories' }), { target: { value: 'x' } });
    expect(screen.getByRole('button', { name: 'Clear search' })).toBeInTheDocument();
  });

  it('with no categories, the text offers what the buttons do: create a category first, then a group', async () => {
    await open(none);
    const hint = await screen.findByText(/^Создайте категорию/);
    expect(hint).toHaveTextContent('Создайте категорию, чтобы раскладывать по ней открытки. Похожие категории можно собрать в группу.');
    const empty = hint.parentElement!;
    expect(within(empty).getAllByRole('button').map((b) => b.textContent)).toEqual(['Создать категорию', 'Создать группу']);
  });

  it('… and in English', async () => {
    await open(none, 'en');
    expect(await screen.findByText('Create a category to sort your postcards into. Similar categories can be gathered into a group.')).toBeInTheDocument();
    expect(screen.queryByText(/Create a group and add categories/)).toBeNull();
  });

  it('in English, groups and categories go by their English names, where they have one', async () => {
    const english: GroupedCategories = {
      groups: [{ ...family.groups[0]!, name_en: 'Family', categories: [{ ...category(3, 'Мама', 1), name_en: 'Mum' }, category(4, 'Бабушке', 1)] }],
      categories_without_group: [],
    };
    await open(english, 'en');
    expect(await screen.findByRole('heading', { name: 'Family' })).toBeInTheDocument();
    expect(screen.getByText('Mum')).toBeInTheDocument();
    expect(screen.getByText('Бабушке')).toBeInTheDocument();
    expect(screen.queryByText('Мама')).toBeNull();
  });
});
