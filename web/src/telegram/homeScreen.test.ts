import { beforeEach, describe, expect, it, vi } from 'vitest';

const sdk = {
  status: 'missed' as string | null,
  homeScreenStatus: vi.fn(async () => sdk.status),
  addToHomeScreen: vi.fn(() => true),
  // a client before Mini Apps 9.0: no DeviceStorage, the record goes to localStorage
  deviceGet: vi.fn(async () => undefined),
  deviceSet: vi.fn(async () => false),
};
vi.mock('./environment', () => ({ telegramSdk: () => sdk }));

const { offerHomeScreenOnce } = await import('./homeScreen');

describe('the home screen offer after the first sent greeting', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.clearAllMocks();
  });

  it('is offered once when the app is not on the home screen, and never again on this device', async () => {
    await expect(offerHomeScreenOnce()).resolves.toBe(true);
    await expect(offerHomeScreenOnce()).resolves.toBe(false);
    expect(sdk.addToHomeScreen).toHaveBeenCalledTimes(1);
    expect(sdk.homeScreenStatus).toHaveBeenCalledTimes(1);
  });

  it('is offered when the client cannot tell; not when the app is there already or cannot be added', async () => {
    for (const [status, offered] of [['unknown', true], ['added', false], ['unsupported', false], [null, false]] as const) {
      localStorage.clear();
      sdk.status = status;
      await expect(offerHomeScreenOnce(), String(status)).resolves.toBe(offered);
    }
    expect(sdk.addToHomeScreen).toHaveBeenCalledTimes(1);
  });
});
