import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const cloud = new Map<string, string>();
const sdk = {
  cloudGet: vi.fn(async (k: string) => cloud.get(k) ?? null),
  cloudSet: vi.fn(async (k: string, v: string | null) => (v === null ? cloud.delete(k) : cloud.set(k, v), true)),
  setClosingConfirmation: vi.fn(),
  showPopup: vi.fn(async (p: { buttons: { id: string }[] }) => p.buttons.at(-1)!.id),
};
let back: (() => void) | null = null;
vi.mock('./environment', () => ({ telegramSdk: () => sdk, telegramUser: () => null }));
vi.mock('./TelegramProvider', () => ({
  useTelegram: () => ({ isTelegramApp: true }),
  useTelegramBackButton: (_visible: boolean, onBack: () => void) => {
    back = onBack;
  },
}));

const { useWizardNative } = await import('./useWizardNative');

const options = (o: Partial<Parameters<typeof useWizardNative<{ text: string }>>[0]> = {}) => ({
  step: 1,
  lastStep: 3,
  stepBack: vi.fn(),
  close: vi.fn(),
  dirty: true,
  draft: { text: 'С днём рождения!' },
  restore: vi.fn(),
  ...o,
});

describe('the wizard inside Telegram', () => {
  beforeEach(() => {
    cloud.clear();
    vi.clearAllMocks();
  });

  it("Telegram's back steps back one step; on the first step a dirty draft is confirmed before closing", async () => {
    const o = options();
    const { rerender } = renderHook((p) => useWizardNative(p), { initialProps: o });
    back!();
    expect(o.stepBack).toHaveBeenCalledTimes(1);
    rerender({ ...o, step: 0 });
    back!();
    await waitFor(() => expect(o.close).toHaveBeenCalled());
    expect(sdk.showPopup).toHaveBeenCalled();
    expect(sdk.setClosingConfirmation).toHaveBeenLastCalledWith(true);
  });

  it('keeps the draft in CloudStorage and offers it again on the next launch', async () => {
    vi.useFakeTimers();
    renderHook(() => useWizardNative(options()));
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    vi.useRealTimers();
    expect(JSON.parse(cloud.get('greeting_draft')!)).toEqual({ text: 'С днём рождения!' });

    const next = options({ step: 0, dirty: false, draft: { text: '' } });
    renderHook(() => useWizardNative(next));
    await waitFor(() => expect(next.restore).toHaveBeenCalledWith({ text: 'С днём рождения!' }));
  });
});
