import type { ReactNode } from 'react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/i18n';
import { openExternalLink, openTelegramLink, useTelegram } from '@/telegram';
import { Button } from '@/ui/Button';
import { Modal } from '@/ui/Modal';
import { useToast } from '@/ui/toast';
import { copyText, type ShareTarget, shareTargets } from '../share';
import { VkIcon } from './icons';
import { ChatIcon, PaperPlaneIcon } from '@/ui/icons-more';
import { type PictureShare, SharePictureButton } from '@/features/pictures';

// the QR encoder loads only when someone asks for the code
const QrCode = lazy(() => import('./QrCode'));

/** How long "Ссылка скопирована!" stays (spec: 2 s). */
export const COPIED_MS = 2000;

const TARGETS: { id: ShareTarget; icon: ReactNode; color: string }[] = [
  { id: 'telegram', icon: <PaperPlaneIcon size={24} />, color: '#229ed9' },
  { id: 'whatsapp', icon: <ChatIcon size={24} />, color: '#25d366' },
  { id: 'vk', icon: <VkIcon size={24} />, color: '#0062d1' },
];

export interface ShareRequest {
  /** the greeting's web address */
  url: string;
  text: string;
  title?: string;
  /**
   * the bot deep link when the server has a bot; null when it has none (the sheet then says the
   * web link is shared); undefined where it does not matter
   */
  telegramUrl?: string | null;
  /** open our own sheet even where the device has a share sheet (e.g. to say that there is no bot) */
  sheet?: boolean;
  /** the greeting's picture (the card with its caption): the sheet offers «Поделиться картинкой» */
  picture?: Pick<PictureShare, 'pictureUrl' | 'alt'> | null;
}

/**
 * Shares a greeting link: the device's own share sheet (Web Share API: title, text, link) where
 * there is one, otherwise this sheet with Telegram, WhatsApp, VK, copy-link and a QR code. Given
 * the greeting's picture, the sheet opens in any case and offers «Поделиться картинкой» first.
 */
export function useShareGreeting() {
  const [sheet, setSheet] = useState<ShareRequest | null>(null);
  async function share(url: string, text: string, o: Omit<ShareRequest, 'url' | 'text'> = {}) {
    // with a picture to offer, our sheet opens: «Поделиться картинкой» beside the link's ways
    if (!o.sheet && !o.picture && typeof navigator.share === 'function') {
      try {
        await navigator.share({ ...(o.title ? { title: o.title } : {}), text, url });
        return;
      } catch (e) {
        if ((e as Error).name === 'AbortError') return;
        // the device refused (for example no user gesture): offer our own sheet
      }
    }
    setSheet({ url, text, ...o });
  }
  const element = (
    <ShareSheet
      open={!!sheet}
      url={sheet?.url ?? ''}
      text={sheet?.text ?? ''}
      telegramUrl={sheet?.telegramUrl}
      picture={sheet?.picture}
      onClose={() => setSheet(null)}
    />
  );
  return { share, element };
}

/**
 * Copies a greeting link: `copied` is true for 2 s after success ('Ссылка скопирована!'); a failure
 * toasts 'Ошибка при копировании ссылки'.
 */
export function useCopyLink() {
  const { t } = useTranslation(['greetings', 'greeting']);
  const toast = useToast();
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function copy(url: string) {
    try {
      await copyText(url);
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), COPIED_MS);
    } catch {
      toast(t('share.copyError'), 'error');
    }
  }
  return { copy, copied };
}

export function ShareSheet({
  open,
  url,
  text,
  telegramUrl,
  picture,
  onClose,
}: {
  open: boolean;
  url: string;
  text: string;
  telegramUrl?: string | null;
  picture?: Pick<PictureShare, 'pictureUrl' | 'alt'> | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['greetings', 'greeting']);
  const { copy, copied } = useCopyLink();
  // the QR code shows for the link it was asked for
  const [qrFor, setQrFor] = useState<string | null>(null);
  const qr = open && qrFor === url;
  const { isTelegramApp } = useTelegram();

  return (
    <Modal open={open} onClose={onClose} title={t('share.title')}>
      {picture && (
        // the picture's sharing and its texts load only here
        <Suspense fallback={<div className="mb-4 h-13 animate-pulse rounded-2xl bg-surface-2" />}>
          <SharePictureButton size="lg" block className="mb-4" share={{ ...picture, linkUrl: url, text }} />
        </Suspense>
      )}
      <div className="grid grid-cols-3 gap-3">
        {TARGETS.map((target) => {
          const href = shareTargets[target.id](target.id === 'telegram' && telegramUrl ? telegramUrl : url, text);
          return (
            <a
              key={target.id}
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              // inside Telegram every link goes through the client: its own to a chat picker, others to a browser
              onClick={(e) => {
                if (isTelegramApp && (target.id === 'telegram' ? openTelegramLink(href) : openExternalLink(href))) e.preventDefault();
              }}
              className="flex flex-col items-center gap-2 rounded-2xl bg-surface-2 px-2 py-4 text-sm font-semibold hover:bg-surface-3"
            >
              <span className="flex h-12 w-12 items-center justify-center rounded-full text-white" style={{ background: target.color }} aria-hidden="true">
                {target.icon}
              </span>
              {t(`share.${target.id}`)}
            </a>
          );
        })}
      </div>
      <div className="mt-4 flex items-center gap-2 rounded-2xl border border-border bg-surface-2 p-2 pl-3">
        <span className="min-w-0 flex-1 truncate text-sm text-muted" title={url}>
          {url}
        </span>
        <Button size="sm" variant={copied ? 'secondary' : 'primary'} onClick={() => void copy(url)} aria-live="polite">
          {copied ? t('share.copied') : t('share.copy')}
        </Button>
      </div>
      <p className="mt-2 text-center text-xs text-muted">{t('share.noExpiry')}</p>
      {telegramUrl === null && (
        <p role="note" className="mt-3 rounded-2xl bg-surface-2 px-3 py-2 text-center text-xs text-muted">
          {t('share.noBot')}
        </p>
      )}
      <div className="mt-4 flex justify-center">
        {qr ? (
          <Suspense fallback={<div className="h-[236px] w-[236px] animate-pulse rounded-xl bg-surface-2" role="status" aria-label={t('greeting:view.loading')} />}>
            <QrCode url={url} />
          </Suspense>
        ) : (
          <Button size="sm" variant="secondary" onClick={() => setQrFor(url)}>
            {t('share.qr')}
          </Button>
        )}
      </div>
    </Modal>
  );
}
