import { describe, expect, it } from 'vitest';
import { createBot, startTarget } from '../src/platform/bot';

const botInfo = {
  id: 42,
  is_bot: true as const,
  first_name: 'Otkrytka',
  username: 'otkrytka_bot',
  can_join_groups: false,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
  can_connect_to_business: false,
  has_main_web_app: true,
  has_topics_enabled: false,
  allows_users_to_create_topics: false,
  can_manage_bots: false,
  supports_join_request_queries: false,
};

function startUpdate(text: string) {
  return {
    update_id: 1,
    message: {
      message_id: 1,
      date: 1_700_000_000,
      chat: { id: 7, type: 'private' as const, first_name: 'Аня' },
      from: { id: 7, is_bot: false, first_name: 'Аня' },
      text,
      entities: [{ type: 'bot_command' as const, offset: 0, length: 6 }],
    },
  };
}

describe('bot /start', () => {
  it('maps a greeting payload to the greeting page and anything else to the gallery', () => {
    expect(startTarget('card=Ab_9-x', 'https://o.example')).toEqual({
      url: 'https://o.example/telegram/greeting/Ab_9-x?view=true',
      isGreeting: true,
    });
    expect(startTarget('card=../../evil', 'https://o.example').isGreeting).toBe(false);
    expect(startTarget('', 'https://o.example').url).toBe('https://o.example/telegram/gallery');
  });

  it('answers a greeting deep link with a button opening the greeting in the Mini App', async () => {
    const bot = createBot({ token: '1:x', publicUrl: 'https://o.example', botInfo });
    const calls: { method: string; payload: any }[] = [];
    // Telegram itself is outside our system: record what the bot would send instead of sending it.
    bot.api.config.use(async (_prev, method, payload) => {
      calls.push({ method, payload });
      return { ok: true, result: true } as never;
    });
    await bot.handleUpdate(startUpdate('/start card=Zm9vYmFy'));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('sendMessage');
    expect(calls[0]!.payload.text).toContain('поздравление');
    expect(calls[0]!.payload.reply_markup.inline_keyboard[0][0]).toEqual({
      text: '🎉 Открыть поздравление',
      web_app: { url: 'https://o.example/telegram/greeting/Zm9vYmFy?view=true' },
    });
  });
});
