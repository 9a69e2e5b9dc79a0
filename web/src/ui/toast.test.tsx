import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage, initI18n, translate } from '../i18n';
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

  it('a message given as a function follows a language change while it shows (the account’s language after sign-in)', async () => {
    cleanup();
    await initI18n('ru', 'all');
    function SignIn() {
      const toast = useToast();
      return <button onClick={() => toast(() => translate('auth:loginSuccess'), 'success')}>sign in</button>;
    }
    render(
      <ToastProvider>
        <SignIn />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'sign in' }));
    expect(screen.getByRole('status')).toHaveTextContent('Вы вошли в аккаунт');
    try {
      await act(() => changeLanguage('en'));
      expect(screen.getByRole('status')).toHaveTextContent('You are signed in');
    } finally {
      await changeLanguage('ru');
    }
  });

  it('a message given as a text, written in the old language, goes when the language changes', async () => {
    cleanup();
    await initI18n('ru', 'all');
    render(
      <ToastProvider>
        <Buttons />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'accept' }));
    expect(screen.getByRole('status')).toHaveTextContent('Поздравление принято!');
    try {
      await act(() => changeLanguage('en'));
      expect(screen.queryByText('Поздравление принято!')).toBeNull();
    } finally {
      await changeLanguage('ru');
    }
  });
});
