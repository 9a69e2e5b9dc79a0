import type { CategoryInUseDetail, GroupedCategories } from '@otkrytka/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { renderInApp, stubSignedInApi } from '@/app/test-utils';
import CategoriesPage from './pages/CategoriesPage';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const grouped: GroupedCategories = {
  groups: [],
  categories_without_group: [{ id: 3, name: 'Весна', name_en: null, group_id: null, position: 0, user_id: 1, created_at: '2026-03-01T00:00:00.000Z' }],
};
const inUse: CategoryInUseDetail = {
  message: 'Cannot delete the category: 2 postcard(s) still use it. Move or delete them first.',
  postcard_ids: [55, 56],
  showing_first: 2,
  total_count: 2,
};

it('a refused delete of a category in use says why in Russian, names the postcards and the way out, never the server’s English', async () => {
  stubSignedInApi((c) => {
    if (c.url.startsWith('/api/categories/grouped')) return { status: 200, body: grouped };
    if (c.method === 'DELETE' && c.url === '/api/categories/3') return { status: 409, body: { detail: inUse, code: 'CATEGORY_IN_USE' } };
    return undefined;
  });
  await renderInApp(<CategoriesPage />, { route: '/categories' });
  fireEvent.click(await screen.findByRole('button', { name: 'Действия с категорией «Весна»' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Удалить' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Удалить' }));
  const reason = await screen.findByText('Категорию нельзя удалить: в ней открытки (2). Перенесите их в другую категорию («Изменить открытку») или удалите.');
  const alert = reason.closest('[role="alert"]')!;
  expect(alert).toHaveTextContent('Открытки: 55, 56');
  expect(alert).toHaveTextContent('Показано первых: 2 из 2');
  expect(alert).not.toHaveTextContent('Cannot delete');
});
