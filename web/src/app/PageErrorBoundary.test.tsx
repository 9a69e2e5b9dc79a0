import { screen } from '@testing-library/react';
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

  it("offline (the page's script could not load) says it is the connection, and reloads once it is back", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    try {
      await renderInApp(
        <PageErrorBoundary path="/bookmarks">
          <Broken />
        </PageErrorBoundary>,
      );
      expect(screen.getByRole('heading', { name: 'Что-то пошло не так' })).toBeInTheDocument();
      expect(screen.getByText('Нет соединения с сервером. Проверьте интернет и попробуйте ещё раз')).toBeInTheDocument();
      expect(reload).not.toHaveBeenCalled();
      window.dispatchEvent(new Event('online'));
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
