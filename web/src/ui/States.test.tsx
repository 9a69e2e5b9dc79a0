import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { renderInApp } from '../app/test-utils';
import { ApiError, NETWORK_ERROR, TIMEOUT_ERROR } from '../lib/api';
import { ErrorState } from './States';

it.each([
  ['ru', TIMEOUT_ERROR, 'Сервер не успел ответить. Попробуйте ещё раз', 'Повторить'],
  ['ru', NETWORK_ERROR, 'Нет соединения с сервером. Проверьте интернет и попробуйте ещё раз', 'Повторить'],
  ['en', TIMEOUT_ERROR, 'The server took too long to answer. Please try again', 'Try again'],
  ['en', NETWORK_ERROR, 'No connection to the server. Check your internet and try again', 'Try again'],
] as const)('a failed load says why no answer came (%s, %s) and keeps its retry', async (language, code, why, retry) => {
  await renderInApp(<ErrorState title="—" error={new ApiError(0, code, '')} onRetry={() => {}} />, { language });
  const failed = screen.getByRole('heading', { name: '—' }).closest<HTMLElement>('[role="alert"]')!;
  expect(failed).toHaveTextContent(why);
  expect(screen.getByRole('button', { name: retry })).toBeInTheDocument();
});
