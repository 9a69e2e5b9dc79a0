/**
 * The greeting wizard's native behaviour inside Telegram: Telegram's back button steps back one
 * step (on the first step it closes the wizard, after a confirmation while the draft is dirty),
 * Telegram asks before closing the app while the draft is dirty, and the draft is kept in
 * Telegram's CloudStorage (DeviceStorage when CloudStorage cannot take it; outside Telegram
 * localStorage) and offered again on the next launch by a banner in the page.
 */
import { createElement, type ReactNode, useEffect, useRef, useState } from 'react';
import { i18n } from '../i18n';
import { DraftOfferBanner } from './DraftOfferBanner';
import { telegramSdk } from './environment';
import { keep, type KeepPlace, keptValue } from './keep';
import { appConfirm } from './native';
import { useTelegram, useTelegramBackButton } from './TelegramProvider';

/** CloudStorage keys: 1–128 characters of A-Z a-z 0-9 _ - */
const draftKey = (id?: string) => `greeting_draft${id ? `_${id.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 100)}` : ''}`;
/** How long the draft waits after the last change before it is kept (CloudStorage is a request per write). */
export const DRAFT_SAVE_DELAY_MS = 800;

/** The draft goes to CloudStorage (all the user's devices), else DeviceStorage, else localStorage. */
const DRAFT_PLACES: readonly KeepPlace[] = ['cloud', 'device', 'local'];
const readDraft = (key: string) => keptValue(key, DRAFT_PLACES);
const writeDraft = (key: string, value: string | null) => keep(key, value, DRAFT_PLACES);

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
  /** reads a kept draft (it may come from an older version of the app): null when it is not one */
  parse?: (kept: unknown) => D | null;
}

const asDraft = <D,>(v: unknown): D | null => (v && typeof v === 'object' ? (v as D) : null);

/** Drops the kept draft (the greeting was created). */
export function dropKeptDraft(id?: string): Promise<void> {
  return writeDraft(draftKey(id), null);
}

export function useWizardNative<D>({ id, step, lastStep, stepBack, close, dirty, draft, restore, parse = asDraft }: WizardNativeOptions<D>): { draftOffer: ReactNode } {
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

  // the draft kept from an earlier launch is offered once, when the wizard opens empty: a banner
  // in the page, continue or start over; typing something new instead starts over
  const [kept, setKept] = useState<D | null>(null);
  const offered = useRef(false);
  const parseRef = useRef(parse);
  useEffect(() => {
    parseRef.current = parse;
  });
  const dirtyAtStart = useRef(dirty);
  useEffect(() => {
    if (offered.current) return;
    offered.current = true;
    if (dirtyAtStart.current) return;
    let live = true;
    void readDraft(key).then((raw) => {
      if (!raw || !live) return;
      let d: D | null = null;
      try {
        d = parseRef.current(JSON.parse(raw));
      } catch {
        d = null;
      }
      if (d !== null) setKept(() => d);
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the wizard opens
  }, []);
  const offering = kept !== null;
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the new draft replaces the kept one
    if (offering && dirty) setKept(null);
  }, [offering, dirty]);

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
  const draftOffer =
    kept === null || done
      ? null
      : createElement(DraftOfferBanner, {
          text: t('draftOffer'),
          continueLabel: t('draftContinue'),
          discardLabel: t('draftDiscard'),
          onContinue: () => {
            setKept(null);
            restore(kept);
          },
          onDiscard: () => {
            setKept(null);
            void writeDraft(key, null);
          },
        });
  return { draftOffer };
}
