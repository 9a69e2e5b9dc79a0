import { useState } from 'react';
import { useTranslation } from '@/i18n';
import { haptic, useTelegramMainButton } from '@/telegram';
import { offerHomeScreenOnce } from '@/telegram/homeScreen';
import { useTelegramSecondaryButton } from '@/telegram/native';
import { useToast } from '@/ui/toast';
import { usePrepareTelegramMessage } from './queries';
import { canSendPrepared, sendLink, sendPrepared } from './send';

/** The greeting's link through the device's share sheet where there is one, else Telegram's share link. */
async function shareGreetingLink(url: string, text: string): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ text, url });
      return;
    } catch (e) {
      if ((e as Error).name === 'AbortError') return;
      // the device refused: Telegram's own share link
    }
  }
  sendLink(url, text);
}

/**
 * The wizard's Telegram flow: the native main button reads 'Далее', then
 * 'Создать поздравление', then 'Отправить', which opens the Telegram share link with the greeting
 * page URL and 'Посмотрите на это красивое поздравление! 🎉' — or, on clients that can, hands the
 * postcard itself to a chat (a prepared message). Once Telegram says it was sent, the button
 * reads «Отправить ещё раз», a toast says so, and after the first greeting sent Telegram offers
 * to add the app to the home screen (once). On the done step Telegram's secondary button reads
 * «Поделиться» (`onShare`: the wizard's share sheet; without it the device's share sheet or
 * Telegram's share link). Both stay hidden while `visible` is false (a greeting awaiting its
 * gift's payment is not shared yet). Returns whether Telegram's buttons are in use.
 */
export function useGreetingMainButton(o: {
  /** false while the wizard is not on screen (a visitor sees the sign-in prompt instead) or the greeting awaits payment */
  visible: boolean;
  step: number;
  creating: boolean;
  onNext: () => void;
  greetingId: string | null;
  sendUrl: string;
  sendText: string;
  /** «Поделиться» on the done step */
  onShare?: () => void;
}): boolean {
  const { t } = useTranslation('greetings');
  const prepare = usePrepareTelegramMessage();
  const toast = useToast();
  const [sent, setSent] = useState(false);
  const text = o.step < 2 ? t('wizard.next') : o.step === 2 ? t('wizard.create') : sent ? t('wizard.sendAgain') : t('wizard.send');
  const done = o.step >= 3 && !!o.greetingId && !!o.sendUrl;
  useTelegramSecondaryButton({
    text: t('wizard.share'),
    visible: o.visible && done,
    onClick: () => {
      if (!o.visible || !done) return;
      if (o.onShare) o.onShare();
      else void shareGreetingLink(o.sendUrl, o.sendText);
    },
  });
  return useTelegramMainButton({
    text,
    visible: o.visible,
    loading: o.creating,
    enabled: !o.creating,
    onClick: () => {
      if (!o.visible) return;
      if (o.step < 3) o.onNext();
      else if (o.greetingId && o.sendUrl) {
        const id = o.greetingId;
        const { sendUrl, sendText } = o;
        if (!canSendPrepared()) sendLink(sendUrl, sendText);
        else
          void sendPrepared(() => prepare.mutateAsync(id)).then((r) => {
            if (r === 'failed') toast(t('shell:tg.preparedFailed'), 'error');
            if (r === 'unavailable' || r === 'failed') sendLink(sendUrl, sendText);
            if (r !== 'sent') return;
            setSent(true);
            haptic('success');
            toast(t('wizard.sent'), 'success');
            void offerHomeScreenOnce().catch((e: unknown) => console.warn('Telegram home screen', e));
          });
      }
    },
  });
}
