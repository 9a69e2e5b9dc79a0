import { telegramGreetingLink } from '@otkrytka/contract/rules/share';
import type { Config } from '../config';

/** The links a greeting is opened by, from the server's address and its bot. */
export function greetingLinks(config: Pick<Config, 'publicUrl' | 'botUsername' | 'botAppName'>) {
  const bot = { username: config.botUsername, appName: config.botAppName };
  const web = (publicId: string) => `${config.publicUrl}/greeting/${publicId}`;
  const telegram = (publicId: string) => telegramGreetingLink(bot, publicId);
  return {
    web,
    /** the bot's deep link; null without a bot */
    telegram,
    /** what a message sent into Telegram opens: the bot's Mini App when there is one */
    forTelegramMessage: (publicId: string) => telegram(publicId) ?? web(publicId),
  };
}
