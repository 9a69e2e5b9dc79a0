import { beforeEach, describe, expect, it, vi } from 'vitest';

const sdk = {
  showPopup: vi.fn(async (p: { buttons: { id: string }[] }) => p.buttons.at(-1)!.id),
  requestWriteAccess: vi.fn(async () => true),
};
const env = { user: { id: 1, allows_write_to_pm: false } as { id: number; allows_write_to_pm?: boolean } | null };
vi.mock('./environment', () => ({ telegramSdk: () => sdk, telegramUser: () => env.user }));
vi.mock('./TelegramProvider', () => ({ useTelegram: () => ({ isTelegramApp: true }) }));

const { appConfirm, askTelegramWriteAccessOnce } = await import('./native');

describe('Telegram write access and popups', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.clearAllMocks();
    env.user = { id: 1, allows_write_to_pm: false };
  });

  it('asks for write access once, after an explanation, and never again once answered', async () => {
    await askTelegramWriteAccessOnce('Напоминания', 'Разрешите боту писать вам');
    expect(sdk.showPopup).toHaveBeenCalledWith(expect.objectContaining({ title: 'Напоминания', message: 'Разрешите боту писать вам' }));
    expect(sdk.requestWriteAccess).toHaveBeenCalledTimes(1);
    await askTelegramWriteAccessOnce('Напоминания', 'Разрешите боту писать вам');
    expect(sdk.requestWriteAccess).toHaveBeenCalledTimes(1);
  });

  it('does not ask a user who already lets the bot write', async () => {
    env.user = { id: 1, allows_write_to_pm: true };
    await askTelegramWriteAccessOnce('Напоминания', '…');
    expect(sdk.requestWriteAccess).not.toHaveBeenCalled();
  });

  it('a confirmation is a native popup with two buttons, true for the confirming one', async () => {
    await expect(appConfirm('Удалить?', { ok: 'Удалить', cancel: 'Отмена', destructive: true })).resolves.toBe(true);
    const buttons = sdk.showPopup.mock.calls[0]![0].buttons;
    expect(buttons).toEqual([
      { id: 'cancel', type: 'default', text: 'Отмена' },
      { id: 'ok', type: 'destructive', text: 'Удалить' },
    ]);
  });
});
