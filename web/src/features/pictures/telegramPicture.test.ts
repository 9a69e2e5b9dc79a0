import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as realApi from '@/lib/api';
import { ApiError } from '@/lib/api';

const calls: string[] = [];
const answers: (() => unknown)[] = [];
const access = { granted: true as boolean | null };
vi.mock('@/lib/api', async (real) => ({
  ...(await real<typeof realApi>()),
  api: vi.fn(async (route: string) => {
    calls.push(route);
    return answers.shift()!();
  }),
}));
vi.mock('@/telegram/native', () => ({ requestTelegramWriteAccess: vi.fn(async () => access.granted) }));
vi.mock('@/telegram', () => ({ openExternalLink: vi.fn(), openTelegramLink: vi.fn(), telegramShareMessage: vi.fn() }));
vi.mock('@telegram-apps/sdk-react', () => ({ downloadFile: Object.assign(vi.fn(), { isAvailable: () => true }) }));

const { telegramSendToMe } = await import('./telegramPicture');
const { requestTelegramWriteAccess } = await import('@/telegram/native');

const notAllowed = () => {
  throw new ApiError(409, 'TELEGRAM_WRITE_NOT_ALLOWED', 'The bot may not write to you');
};

describe('«Отправить себе в Telegram»', () => {
  beforeEach(() => {
    calls.length = 0;
    answers.length = 0;
    access.granted = true;
    vi.clearAllMocks();
    vi.useFakeTimers();
  });

  it('sends at once when the bot may write', async () => {
    answers.push(() => ({ message_id: 7 }));
    await expect(telegramSendToMe('abc')).resolves.toBe('sent');
    expect(calls).toEqual(['POST /api/greetings/{id}/picture/send-to-me']);
    expect(requestTelegramWriteAccess).not.toHaveBeenCalled();
  });

  it('asks Telegram for write access when refused, then tries again until the bot has heard of it', async () => {
    answers.push(notAllowed, notAllowed, () => ({ message_id: 8 }));
    const sent = telegramSendToMe('abc');
    await vi.runAllTimersAsync();
    await expect(sent).resolves.toBe('sent');
    expect(requestTelegramWriteAccess).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(3);
  });

  it('says so, without trying again, when the user does not allow it', async () => {
    access.granted = false;
    answers.push(notAllowed);
    await expect(telegramSendToMe('abc')).resolves.toBe('denied');
    expect(calls).toHaveLength(1);
  });
});
