import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n';
import { isTelegramPath } from '../../telegram';
import { shareTargets } from './share';

interface TelegramMainButton {
  setText(text: string): void;
  show(): void;
  hide(): void;
  enable(): void;
  disable(): void;
  showProgress(leaveActive?: boolean): void;
  hideProgress(): void;
  onClick(cb: () => void): void;
  offClick(cb: () => void): void;
}
interface TelegramWebApp {
  MainButton: TelegramMainButton;
  openTelegramLink(url: string): void;
}

const webApp = (): TelegramWebApp | undefined =>
  isTelegramPath() ? (window as unknown as { Telegram?: { WebApp?: TelegramWebApp } }).Telegram?.WebApp : undefined;

/**
 * The wizard's Telegram flow (spec 001): the native main button reads 'Далее', then
 * 'Создать поздравление', then 'Отправить', which opens the Telegram share link with the greeting URL.
 */
export function useGreetingMainButton(o: { step: number; creating: boolean; onNext: () => void; sendUrl: string; sendText: string }) {
  const { t } = useTranslation('greetings');
  const app = webApp();
  const latest = useRef(o);
  useEffect(() => {
    latest.current = o;
  });

  useEffect(() => {
    if (!app) return;
    const button = app.MainButton;
    const { step, creating } = o;
    button.setText(step < 2 ? t('wizard.next') : step === 2 ? (creating ? t('wizard.creating') : t('wizard.create')) : t('wizard.send'));
    if (creating) {
      button.showProgress(false);
      button.disable();
    } else {
      button.hideProgress();
      button.enable();
    }
    button.show();
    const click = () => {
      const cur = latest.current;
      if (cur.step < 3) cur.onNext();
      else if (cur.sendUrl) app.openTelegramLink(shareTargets.telegram(cur.sendUrl, cur.sendText));
    };
    button.onClick(click);
    return () => button.offClick(click);
  }, [app, o.step, o.creating, t]); // eslint-disable-line react-hooks/exhaustive-deps -- `o` is read through `latest`

  useEffect(() => () => app?.MainButton.hide(), [app]);
  return { active: !!app };
}

/** Opens a t.me link the Telegram way when running as the Mini App; false outside Telegram. */
export function openTelegramShare(url: string): boolean {
  const app = webApp();
  if (!app) return false;
  app.openTelegramLink(url);
  return true;
}
