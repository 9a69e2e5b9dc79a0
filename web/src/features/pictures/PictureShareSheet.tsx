import { useEffect, useState } from 'react';
import { useTranslation } from '@/i18n';
import { openExternalLink, openTelegramLink, useTelegram } from '@/telegram';
import { Button } from '@/ui/Button';
import { Modal } from '@/ui/Modal';
import { useToast } from '@/ui/toast';
import { errorMessage } from '@/lib/errorMessage';
import {
  canCopyImage,
  canShareFile,
  copyImage,
  downloadFile,
  greetingOfPicture,
  MESSENGERS,
  type Messenger,
  messengerLinks,
  pictureFile,
  shareFile,
} from './sharePicture';

export interface PictureShare {
  /** the picture's address (same site) */
  pictureUrl: string;
  /** what the messengers' links carry: the greeting's page, or the picture itself when there is no greeting */
  linkUrl: string;
  /** the words sent with it */
  text: string;
  /** the caption: the picture's alt text */
  alt: string;
}

const COLORS: Record<Messenger, string> = {
  whatsapp: '#25d366',
  telegram: '#229ed9',
  vk: '#0062d1',
  ok: '#ee8208',
  viber: '#7360f2',
};
const LETTERS: Record<Messenger, string> = { whatsapp: 'W', telegram: 'T', vk: 'VK', ok: 'OK', viber: 'V' };

/** Telegram's own saving and sending of the picture: loaded on the tap, inside Telegram only. */
const telegramPicture = () => import('./telegramPicture');

/**
 * «Поделиться картинкой»: the device's share sheet with the picture file where it takes files
 * (`navigator.canShare({ files })`), else the picture sheet. Inside Telegram the sheet is shown at
 * once: «Сохранить» saves through Telegram's own download, and a greeting's picture is also sent
 * to a chat as a media message or by the bot to the user's own chat.
 */
export function useSharePicture() {
  const { t } = useTranslation('pictures');
  const toast = useToast();
  const { isTelegramApp } = useTelegram();
  const [sheet, setSheet] = useState<PictureShare | null>(null);
  const [busy, setBusy] = useState(false);

  async function share(p: PictureShare) {
    if (busy) return;
    if (isTelegramApp) return setSheet(p);
    setBusy(true);
    try {
      const file = await pictureFile(p.pictureUrl);
      if (canShareFile(file)) {
        const r = await shareFile(file, `${p.text} ${p.linkUrl}`);
        if (r !== 'unavailable') return;
      }
      setSheet(p);
    } catch (e) {
      console.warn('picture', e);
      toast(t('share.loadError'), 'error');
    } finally {
      setBusy(false);
    }
  }
  const element = <PictureShareSheet open={!!sheet} share={sheet} onClose={() => setSheet(null)} />;
  return { share, busy, element };
}

/** The picture sheet: the picture, «Скачать», «Копировать картинку» where the browser can, and the messengers. */
export function PictureShareSheet({ open, share, onClose }: { open: boolean; share: PictureShare | null; onClose: () => void }) {
  const { t } = useTranslation('pictures');
  const toast = useToast();
  const { isTelegramApp } = useTelegram();
  const [file, setFile] = useState<File | null>(null);
  const [telegramBusy, setTelegramBusy] = useState<'save' | 'chat' | 'me' | null>(null);
  const pictureUrl = open ? share?.pictureUrl : undefined;
  // the file is fetched as the sheet opens, so «Скачать» and «Копировать» act within the tap
  useEffect(() => {
    if (!pictureUrl) return;
    let live = true;
    pictureFile(pictureUrl).then(
      (f) => live && setFile(f),
      () => live && toast(t('share.loadError'), 'error'),
    );
    return () => {
      live = false;
      setFile(null);
    };
  }, [pictureUrl, t, toast]);

  if (!share) return null;

  const greetingId = greetingOfPicture(share.pictureUrl);

  async function save() {
    if (!isTelegramApp) {
      if (file) downloadFile(file);
      return;
    }
    setTelegramBusy('save');
    try {
      const r = await (await telegramPicture()).telegramSave(share!.pictureUrl, file?.name ?? 'otkrytka.jpg');
      if (r === 'saved') toast(t('share.saved'), 'success');
    } catch (e) {
      toast(errorMessage(e, t('share.loadError')), 'error');
    } finally {
      setTelegramBusy(null);
    }
  }

  async function sendToChat() {
    if (!greetingId) return;
    setTelegramBusy('chat');
    try {
      const r = await (await telegramPicture()).telegramSendToChat(greetingId);
      if (r === 'sent') toast(t('share.sentToChat'), 'success');
      else if (r === 'failed') toast(t('share.sendError'), 'error');
    } catch (e) {
      toast(errorMessage(e, t('share.sendError')), 'error');
    } finally {
      setTelegramBusy(null);
    }
  }

  async function sendToMe() {
    if (!greetingId) return;
    setTelegramBusy('me');
    try {
      const r = await (await telegramPicture()).telegramSendToMe(greetingId);
      toast(r === 'sent' ? t('share.sentToMe') : t('share.writeDenied'), r === 'sent' ? 'success' : 'error');
    } catch (e) {
      toast(errorMessage(e, t('share.sendError')), 'error');
    } finally {
      setTelegramBusy(null);
    }
  }

  async function copy() {
    if (!file) return;
    try {
      await copyImage(file);
      toast(t('share.copied'), 'success');
    } catch {
      toast(t('share.copyError'), 'error');
    }
  }

  const linkUrl = new URL(share.linkUrl, window.location.href).href;
  return (
    <Modal open={open} onClose={onClose} title={t('share.title')}>
      <img src={share.pictureUrl} alt={share.alt} className="mx-auto max-h-[38dvh] w-auto rounded-2xl object-contain shadow-card" data-testid="picture-share-image" />
      <div className="mt-4 grid gap-2">
        <Button
          size="lg"
          block
          onClick={() => void save()}
          loading={isTelegramApp ? telegramBusy === 'save' : !file}
          disabled={isTelegramApp ? telegramBusy !== null : !file}
          data-testid="picture-save"
        >
          {isTelegramApp ? t('share.save') : t('share.download')}
        </Button>
        {isTelegramApp && greetingId && (
          <>
            <Button size="lg" variant="secondary" block onClick={() => void sendToChat()} loading={telegramBusy === 'chat'} disabled={telegramBusy !== null}>
              {t('share.sendToChat')}
            </Button>
            <Button size="lg" variant="secondary" block onClick={() => void sendToMe()} loading={telegramBusy === 'me'} disabled={telegramBusy !== null}>
              {t('share.sendToMe')}
            </Button>
          </>
        )}
        {canCopyImage() && !isTelegramApp && (
          <Button size="lg" variant="secondary" block onClick={() => void copy()} disabled={!file}>
            {t('share.copyImage')}
          </Button>
        )}
      </div>
      <ul className="mt-4 grid grid-cols-3 gap-1.5" aria-label={t('share.sharePicture')}>
        {MESSENGERS.map((m) => {
          const href = messengerLinks[m](linkUrl, share.text);
          return (
            <li key={m}>
              <a
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                // inside Telegram every link goes through the client: its own to a chat picker, others to a browser
                onClick={(e) => {
                  if (isTelegramApp && (m === 'telegram' ? openTelegramLink(href) : openExternalLink(href))) e.preventDefault();
                }}
                className="flex flex-col items-center gap-1.5 rounded-2xl px-1 py-2 text-center text-xs font-semibold leading-tight hover:bg-surface-2"
              >
                <span
                  className="flex h-11 w-11 items-center justify-center rounded-full text-sm font-extrabold text-white"
                  style={{ background: COLORS[m] }}
                  aria-hidden="true"
                >
                  {LETTERS[m]}
                </span>
                <span>{t(`share.${m}`)}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}
