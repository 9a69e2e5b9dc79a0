import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ToastProvider, useToast } from './toast';

let show: ReturnType<typeof useToast>;
function Grab() {
  show = useToast();
  return null;
}

describe('toasts', () => {
  it('a new message replaces the one of its kind, and messages of other kinds stay', () => {
    render(
      <ToastProvider>
        <Grab />
      </ToastProvider>,
    );
    act(() => show('Вы вошли в аккаунт', 'success'));
    act(() => show('Не удалось сохранить', 'error'));
    act(() => show('Поздравление принято!', 'success'));
    expect(screen.getAllByRole('status').map((el) => el.textContent)).toEqual(['Поздравление принято!']);
    expect(screen.getByRole('alert')).toHaveTextContent('Не удалось сохранить');
  });
});
