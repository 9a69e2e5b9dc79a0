import type { Greeting } from '@otkrytka/contract';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '@/router';
import { useTranslation } from '@/i18n';
import { useToast } from '@/ui/toast';
import { greetingPageUrl } from '../share';
import { canTelegramShareStory, telegramShareStory, useTelegram } from '@/telegram';
import { appAlert } from '@/telegram/native';
import { usePrepareTelegramMessage } from '../queries';
import { canSendPrepared, greetingStoryImage, sendLink, sendPrepared } from '../send';
import { useCopyLink } from './ShareSheet';
import { CameraIcon, LinkIcon, PencilIcon, ShareIcon } from '@/ui/icons-more';

/** After sending, the preview goes back this long later. */
export const SEND_RETURN_MS = 1500;

/**
 * The sender's preview controls (the original app: 'Предпросмотр поздравления', Назад / Отправить).
 * In Telegram, Send hands the postcard itself to a chat (a prepared message); elsewhere it shares
 * the bot link (`start=card_<id>`) with '💌 <recipient>! Открой, чтобы посмотреть'. Without a bot
 * it opens the share sheet, which says that the web link is shared.
 */
export function SenderBar({
  greeting,
  onBack,
  onShare,
}: {
  greeting: Greeting;
  onBack: () => void;
  onShare: (o?: { sheet?: boolean }) => void;
}) {
  const { t, i18n } = useTranslation(['greetings', 'greeting']);
  const navigate = useNavigate();
  const toast = useToast();
  const { copy, copied } = useCopyLink();
  const [sending, setSending] = useState(false);
  const { isTelegramApp, telegramUser } = useTelegram();
  const prepare = usePrepareTelegramMessage();
  const inviteText = t('greeting:view.inviteText', { name: greeting.to_whom });
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  function send() {
    if (!isTelegramApp && !greeting.telegram_url) {
      // no bot on this server: the sheet offers the web link and says why
      onShare({ sheet: true });
      return;
    }
    setSending(true);
    const done = () => (timer.current = window.setTimeout(onBack, SEND_RETURN_MS));
    const viaLink = () => {
      try {
        sendLink(greeting.telegram_url ?? greetingPageUrl(greeting.id, i18n.language), inviteText);
        done();
      } catch {
        setSending(false);
        toast(t('greeting:view.sendError'), 'error');
        void appAlert(t('greeting:view.sendError'));
      }
    };
    if (!isTelegramApp || !canSendPrepared()) return viaLink();
    void sendPrepared(() => prepare.mutateAsync(greeting.id)).then((r) => {
      if (r === 'sent') done();
      else if (r === 'cancelled') setSending(false);
      else {
        if (r === 'failed') toast(t('shell:tg.preparedFailed'), 'error');
        viaLink();
      }
    });
  }

  const viaTelegram = !isTelegramApp && !!greeting.telegram_url;
  const story = isTelegramApp && canTelegramShareStory();
  const shareStory = () =>
    telegramShareStory(greetingStoryImage(greeting.id, i18n.language), {
      text: t('share.storyText', { name: greeting.to_whom }),
      // Telegram adds a link widget to stories of Premium users only
      ...(greeting.telegram_url && telegramUser?.is_premium ? { link: { url: greeting.telegram_url, name: t('greeting:view.storyLink') } } : {}),
    });

  const btn = 'inline-flex h-13 flex-1 items-center justify-center rounded-full px-5 text-base font-extrabold transition active:scale-[0.98] disabled:opacity-70';
  // equal tiles, icon over label: three in one row even on a narrow phone; four (with the story) two by two there
  const small =
    'flex min-h-16 flex-col items-center justify-center gap-1 rounded-2xl bg-black/20 px-2 py-2 text-center text-xs font-semibold leading-tight text-white backdrop-blur hover:bg-black/30';
  return (
    <section aria-label={t('greeting:view.preview')} className="flex flex-col gap-3">
      <div className="flex gap-3">
        {/* inside Telegram its own back button does this */}
        {!isTelegramApp && (
          <button type="button" onClick={onBack} className={`${btn} bg-white/25 text-white backdrop-blur hover:bg-white/35`}>
            {t('greeting:view.back')}
          </button>
        )}
        <button type="button" onClick={send} disabled={sending} aria-busy={sending} className={`${btn} bg-white text-[#7c2d5a] shadow-lg`}>
          <span className="flex flex-col items-center leading-tight">
            {sending ? t('greeting:view.sending') : t('greeting:view.send')}
            {/* on the web it leaves for Telegram (the bot link): said before it happens */}
            {viaTelegram && (
              <>
                {' '}
                <span className="text-xs font-semibold opacity-75">{t('greeting:view.sendVia')}</span>
              </>
            )}
          </span>
        </button>
      </div>
      <div className={`grid gap-2 ${story ? 'grid-cols-2 min-[440px]:grid-cols-4' : 'grid-cols-3'}`}>
        <button type="button" onClick={() => onShare()} className={small}>
          <ShareIcon size={20} />
          {t('greeting:view.shareLink')}
        </button>
        <button type="button" onClick={() => void copy(greetingPageUrl(greeting.id, i18n.language))} aria-live="polite" className={small}>
          <LinkIcon size={20} />
          {copied ? t('share.copied') : t('greeting:view.copyLink')}
        </button>
        <button
          type="button"
          onClick={() => navigate(`/edit-greeting/${greeting.id}?from=congratulations`)}
          className={small}
        >
          <PencilIcon size={20} />
          {t('greeting:view.edit')}
        </button>
        {story && (
          <button type="button" onClick={shareStory} className={small}>
            <CameraIcon size={20} />
            {t('greeting:view.shareStory')}
          </button>
        )}
      </div>
    </section>
  );
}
