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
});
