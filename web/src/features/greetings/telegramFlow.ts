import { useTranslation } from '../../i18n';
import { openTelegramLink, useTelegramMainButton } from '../../telegram';
import { shareTargets } from './share';

/**
 * The wizard's Telegram flow (spec 001): the native main button reads 'Далее', then
 * 'Создать поздравление', then 'Отправить', which opens the Telegram share link with the greeting
 * page URL and 'Посмотрите на это красивое поздравление! 🎉'. Returns whether Telegram's button is in use.
 */
export function useGreetingMainButton(o: { step: number; creating: boolean; onNext: () => void; sendUrl: string; sendText: string }): boolean {
  const { t } = useTranslation('greetings');
  const text = o.step < 2 ? t('wizard.next') : o.step === 2 ? t('wizard.create') : t('wizard.send');
  return useTelegramMainButton({
    text,
    loading: o.creating,
    enabled: !o.creating,
    onClick: () => {
      if (o.step < 3) o.onNext();
      else if (o.sendUrl) openTelegramLink(shareTargets.telegram(o.sendUrl, o.sendText));
    },
  });
}
