import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ToastProvider, useToast } from './toast';

function Buttons() {
  const toast = useToast();
  return (
    <>
      <button onClick={() => toast('Вы вошли в аккаунт', 'success')}>sign in</button>
      <button onClick={() => toast('Не удалось сохранить', 'error')}>fail</button>
      <button onClick={() => toast('Поздравление принято!', 'success')}>accept</button>
    </>
  );
}

describe('toasts', () => {
  it('a new message replaces the one of its kind, and messages of other kinds stay', () => {
    render(
      <ToastProvider>
        <Buttons />
      </ToastProvider>,
    );
    for (const name of ['sign in', 'fail', 'accept']) fireEvent.click(screen.getByRole('button', { name }));
    expect(screen.getAllByRole('status').map((el) => el.textContent)).toEqual(['Поздравление принято!']);
    expect(screen.getByRole('alert')).toHaveTextContent('Не удалось сохранить');
  });
});
