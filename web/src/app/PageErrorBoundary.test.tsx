import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from './test-utils';
import { PageErrorBoundary } from './PageErrorBoundary';

function Broken(): never {
  throw new Error('a page that cannot render');
}

afterEach(() => vi.restoreAllMocks());

describe('a page that fails to render', () => {
  it('says so and offers a reload instead of leaving a blank screen; another page renders again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = await renderInApp(
      <PageErrorBoundary path="/sandbox/abc">
        <Broken />
      </PageErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Что-то пошло не так' })).toBeInTheDocument();
    expect(screen.getByText('Страница не открылась из-за ошибки. Обновите её — обычно это помогает.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Обновить страницу' })).toBeInTheDocument();

    view.rerender(
      <PageErrorBoundary path="/gallery">
        <h1>Галерея</h1>
      </PageErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Галерея' })).toBeInTheDocument();
    expect(screen.queryByText('Что-то пошло не так')).toBeNull();
  });

  it("offline (the page's script could not load) says so, and «Повторить» or the connection's return loads the page again without a reload", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    let scriptLoads = false;
    function LazyPage() {
      if (!scriptLoads) throw new TypeError('Failed to fetch dynamically imported module: /assets/BookmarksPage.js');
      return <h1>Избранное</h1>;
    }
    try {
      await renderInApp(
        <PageErrorBoundary path="/bookmarks">
          <LazyPage />
        </PageErrorBoundary>,
      );
      expect(screen.getByRole('heading', { name: 'Страница не загрузилась' })).toBeInTheDocument();
      expect(screen.getByText('Нет соединения с сервером. Проверьте интернет и попробуйте ещё раз')).toBeInTheDocument();
      expect(screen.queryByText('Что-то пошло не так')).toBeNull();

      // still offline: «Повторить» tries again and says so again
      await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
      expect(screen.getByRole('heading', { name: 'Страница не загрузилась' })).toBeInTheDocument();

      onLine.mockReturnValue(true);
      scriptLoads = true;
      act(() => void window.dispatchEvent(new Event('online')));
      expect(screen.getByRole('heading', { name: 'Избранное' })).toBeInTheDocument();
      expect(reload).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
