import type { ReactNode } from 'react';
/**
 * The greeting wizard's native behaviour inside Telegram: Telegram's back button steps back one
 * step (on the first step it closes the wizard, after a confirmation while the draft is dirty),
 * Telegram asks before closing the app while the draft is dirty, and the draft is kept in
 * Telegram's CloudStorage (outside Telegram: localStorage) and offered again on the next launch.
 */
import { useEffect, useRef } from 'react';
import { i18n } from '../i18n';
import { telegramSdk } from './environment';
import { appConfirm } from './native';
import { useTelegram, useTelegramBackButton } from './TelegramProvider';

/** CloudStorage keys: 1–128 characters of A-Z a-z 0-9 _ - */
const draftKey = (id?: string) => `greeting_draft${id ? `_${id.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 100)}` : ''}`;
/** How long the draft waits after the last change before it is kept (CloudStorage is a request per write). */
export const DRAFT_SAVE_DELAY_MS = 800;

async function readDraft(KEY: string): Promise<string | null> {
  const sdk = telegramSdk();
  if (sdk) return sdk.cloudGet(KEY);
  try {
    return localStorage.getItem(`otkrytka.${KEY}`);
  } catch {
    return null;
  }
}

async function writeDraft(KEY: string, value: string | null): Promise<void> {
  const sdk = telegramSdk();
  if (sdk && (await sdk.cloudSet(KEY, value))) return;
  try {
    if (value === null) localStorage.removeItem(`otkrytka.${KEY}`);
    else localStorage.setItem(`otkrytka.${KEY}`, value);
  } catch {
    // private mode: the draft lives as long as the page
  }
}

export interface WizardNativeOptions<D> {
  /** whose draft (the postcard the greeting is made on): each postcard keeps its own */
  id?: string;
  step: number;
  /** the wizard's last step (sent): no back stepping, nothing kept */
  lastStep: number;
  stepBack: () => void;
  close: () => void;
  /** the draft differs from an empty wizard */
  dirty: boolean;
  draft: D;
  /** the draft kept from an earlier launch, when the user chooses to continue it */
  restore: (draft: D) => void;
}

/** Drops the kept draft (the greeting was created). */
export function dropKeptDraft(id?: string): Promise<void> {
  return writeDraft(draftKey(id), null);
}

export function useWizardNative<D>({ id, step, lastStep, stepBack, close, dirty, draft, restore }: WizardNativeOptions<D>): { draftOffer: ReactNode } {
  const key = draftKey(id);
  const { isTelegramApp } = useTelegram();
  const done = step >= lastStep;
  const t = (k: 'leaveDraft' | 'leave' | 'stay' | 'draftOffer' | 'draftContinue' | 'draftDiscard') => i18n.t(`shell:tg.${k}` as const);

  useTelegramBackButton(!done, () => {
    if (step > 0) return stepBack();
    if (!dirty) return close();
    void appConfirm(t('leaveDraft'), { ok: t('leave'), cancel: t('stay') }).then((leave) => leave && close());
  });

  // Telegram asks before the app closes while there is something to lose
  useEffect(() => {
    const sdk = isTelegramApp ? telegramSdk() : null;
    if (!sdk) return;
    sdk.setClosingConfirmation(dirty && !done);
    return () => sdk.setClosingConfirmation(false);
  }, [isTelegramApp, dirty, done]);

  // the draft kept from an earlier launch is offered once, when the wizard opens empty
  const offered = useRef(false);
  const restoreRef = useRef(restore);
  useEffect(() => {
    restoreRef.current = restore;
  });
  const dirtyAtStart = useRef(dirty);
  useEffect(() => {
    if (offered.current) return;
    offered.current = true;
    if (dirtyAtStart.current) return;
    void readDraft(key).then(async (kept) => {
      if (!kept) return;
      let d: D;
      try {
        d = JSON.parse(kept) as D;
      } catch {
        return;
      }
      if (await appConfirm(t('draftOffer'), { ok: t('draftContinue'), cancel: t('draftDiscard') })) restoreRef.current(d);
      else void writeDraft(key, null);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the wizard opens
  }, []);

  // kept a moment after the last change; dropped once the greeting is made
  const serialized = dirty && !done ? JSON.stringify(draft) : null;
  useEffect(() => {
    if (done) {
      void writeDraft(key, null);
      return;
    }
    if (serialized === null) return;
    const timer = window.setTimeout(() => void writeDraft(key, serialized), DRAFT_SAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [key, serialized, done]);
  return { draftOffer: null };
}
