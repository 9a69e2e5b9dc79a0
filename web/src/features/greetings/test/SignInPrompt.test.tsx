import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as TelegramModule from '@/telegram';
import { SignInPrompt } from '../components/SignInPrompt';
import { fakeServer, renderPage } from './harness';

const telegram = vi.hoisted(() => ({ inApp: false }));
vi.mock('@/telegram', async (importOriginal) => {
  const real = await importOriginal<typeof TelegramModule>();
  return { ...real, useTelegram: () => ({ ...real.useTelegram(), isTelegramApp: telegram.inApp }) };
});

describe('a page that needs an account, signed out', () => {
  it("on the web asks to sign in, and «Войти» opens the sign-in dialog", async () => {
    telegram.inApp = false;
    fakeServer(() => undefined);
    renderPage(<SignInPrompt />, { path: '/congratulations', url: '/congratulations', visitor: true });
    expect(await screen.findByRole('heading', { name: 'Необходимо войти в систему' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('inside Telegram says the Telegram sign-in failed and how to come back, with a password sign-in beside', async () => {
    telegram.inApp = true;
    fakeServer(() => undefined);
    renderPage(<SignInPrompt />, { path: '/congratulations', url: '/congratulations', visitor: true });
    expect(await screen.findByRole('heading', { name: 'Не удалось войти через Telegram' })).toBeInTheDocument();
    expect(screen.getByText(/Закройте приложение и откройте его снова из чата с ботом/)).toBeInTheDocument();
    expect(screen.queryByText('Необходимо войти в систему')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Войти по логину и паролю' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });
});
