import { useState } from 'react';
import { useTranslation } from '@/i18n';
import { haptic, useTelegramMainButton } from '@/telegram';
import { useToast } from '@/ui/toast';
import { usePrepareTelegramMessage } from './queries';
import { canSendPrepared, sendLink, sendPrepared } from './send';

/**
 * The wizard's Telegram flow: the native main button reads 'Далее', then
 * 'Создать поздравление', then 'Отправить', which opens the Telegram share link with the greeting
 * page URL and 'Посмотрите на это красивое поздравление! 🎉' — or, on clients that can, hands the
 * postcard itself to a chat (a prepared message). Once Telegram says it was sent, the button
 * reads «Отправить ещё раз» and a toast says so. Returns whether Telegram's button is in use.
 */
export function useGreetingMainButton(o: {
  /** false while the wizard is not on screen (a visitor sees the sign-in prompt instead) */
  visible: boolean;
  step: number;
  creating: boolean;
  onNext: () => void;
  greetingId: string | null;
  sendUrl: string;
  sendText: string;
}): boolean {
  const { t } = useTranslation('greetings');
  const prepare = usePrepareTelegramMessage();
  const toast = useToast();
  const [sent, setSent] = useState(false);
  const text = o.step < 2 ? t('wizard.next') : o.step === 2 ? t('wizard.create') : sent ? t('wizard.sendAgain') : t('wizard.send');
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
          });
      }
    },
  });
}
