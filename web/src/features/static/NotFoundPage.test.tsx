import { screen, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import { renderInApp } from '@/app/test-utils';
import NotFoundPage from './pages/NotFoundPage';

it('a page not found says so in its one h1 and in the browser tab', async () => {
  await renderInApp(<NotFoundPage />, { route: '/nonexistent' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeInTheDocument();
  await waitFor(() => expect(document.title).toBe('Страница не найдена — Открытка'));
});
