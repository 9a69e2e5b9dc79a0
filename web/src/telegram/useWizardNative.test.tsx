import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const cloud = new Map<string, string>();
const device = new Map<string, string>();
const sdk = {
  cloudGet: vi.fn(async (k: string) => cloud.get(k) ?? null),
  // CloudStorage takes at most 4096 characters a value
  cloudSet: vi.fn(async (k: string, v: string | null) => (v === null ? cloud.delete(k) : v.length <= 4096 && !!cloud.set(k, v))),
  deviceGet: vi.fn(async (k: string) => device.get(k) ?? null),
  deviceSet: vi.fn(async (k: string, v: string | null) => (v === null ? device.delete(k) : device.set(k, v), true)),
  setClosingConfirmation: vi.fn(),
  showPopup: vi.fn(async (p: { buttons: { id: string }[] }) => p.buttons.at(-1)!.id),
};
const env = { inTelegram: true };
let back: (() => void) | null = null;
vi.mock('./environment', () => ({ telegramSdk: () => (env.inTelegram ? sdk : null), telegramUser: () => null }));
vi.mock('./TelegramProvider', () => ({
  useTelegram: () => ({ isTelegramApp: env.inTelegram }),
  useTelegramBackButton: (_visible: boolean, onBack: () => void) => {
    back = onBack;
  },
}));

const { useWizardNative } = await import('./useWizardNative');

afterEach(cleanup);

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

/** Types a draft into one wizard and lets the save delay pass. */
async function leaveDraft(text: string) {
  vi.useFakeTimers();
  const { unmount } = renderHook(() => useWizardNative(options({ draft: { text } })));
  await act(async () => vi.advanceTimersByTimeAsync(1000));
  vi.useRealTimers();
  unmount();
}

/** The next launch: an empty wizard and the banner it shows. */
function nextLaunch() {
  const next = options({ step: 0, dirty: false, draft: { text: '' } });
  const hook = renderHook(() => useWizardNative(next));
  const banner = () => render(<>{hook.result.current.draftOffer}</>);
  return { next, hook, banner };
}

describe('the wizard inside Telegram', () => {
  beforeEach(() => {
    cloud.clear();
    device.clear();
    localStorage.clear();
    vi.clearAllMocks();
    env.inTelegram = true;
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

  it('keeps the draft in CloudStorage and offers it on the next launch in a banner in the page, not a popup', async () => {
    await leaveDraft('С днём рождения!');
    expect(JSON.parse(cloud.get('greeting_draft')!)).toEqual({ text: 'С днём рождения!' });

    const { next, hook, banner } = nextLaunch();
    await waitFor(() => expect(hook.result.current.draftOffer).not.toBeNull());
    banner();
    expect(screen.getByRole('region', { name: 'Продолжить черновик поздравления?' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Продолжить' }));
    expect(next.restore).toHaveBeenCalledWith({ text: 'С днём рождения!' });
    expect(sdk.showPopup).not.toHaveBeenCalled();
  });

  it('a draft too long for CloudStorage is kept in DeviceStorage', async () => {
    const long = 'Ж'.repeat(5000);
    await leaveDraft(long);
    expect(cloud.has('greeting_draft')).toBe(false);
    expect(JSON.parse(device.get('greeting_draft')!)).toEqual({ text: long });
    const { hook } = nextLaunch();
    await waitFor(() => expect(hook.result.current.draftOffer).not.toBeNull());
  });
});

describe('the wizard outside Telegram', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.clearAllMocks();
    env.inTelegram = false;
  });

  it('keeps the draft in localStorage; «Начать заново» in the banner forgets it, with no browser dialog', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    await leaveDraft('Дорогая мама!');
    expect(localStorage.getItem('otkrytka.greeting_draft')).toContain('Дорогая мама!');

    const { next, hook, banner } = nextLaunch();
    await waitFor(() => expect(hook.result.current.draftOffer).not.toBeNull());
    banner();
    await userEvent.click(screen.getByRole('button', { name: 'Начать заново' }));
    expect(next.restore).not.toHaveBeenCalled();
    await waitFor(() => expect(hook.result.current.draftOffer).toBeNull());
    await waitFor(() => expect(localStorage.getItem('otkrytka.greeting_draft')).toBeNull());
    expect(confirm).not.toHaveBeenCalled();
  });
});
