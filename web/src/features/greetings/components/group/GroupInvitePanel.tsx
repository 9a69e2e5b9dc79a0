import { useState } from 'react';
import { useTranslation } from '@/i18n';
import { errorMessage } from '@/lib/errorMessage';
import { Button } from '@/ui/Button';
import { ConfirmDialog } from '@/ui/Dialogs';
import { useToast } from '@/ui/toast';
import { useCopyLink, useShareGreeting } from '../ShareSheet';
import { useRegenerateInvite } from '../../groupQueries';
import { joinUrl } from '../../joinUrl';
import { canSendPrepared, sendLink, sendPrepared } from '../../send';
import { api } from '@/lib/api';

/**
 * A group card's invite link (organiser only): copy it, share it (the device's sheet, else ours
 * with Telegram, WhatsApp, VK and a QR code) with «Подпишите открытку для …», or make a new one
 * (the old link stops working at once).
 */
export default function GroupInvitePanel({
  greetingId,
  toWhom,
  invite,
  onInvite,
}: {
  greetingId: string;
  toWhom: string;
  invite: string;
  /** the new invite once regenerated (the caller keeps it where the greeting's answer is not cached) */
  onInvite?: (invite: string) => void;
}) {
  const { t } = useTranslation(['groups', 'greetings']);
  const toast = useToast();
  const { copy, copied } = useCopyLink();
  const { share, element: shareSheet } = useShareGreeting();
  const regenerate = useRegenerateInvite(greetingId);
  const [confirm, setConfirm] = useState(false);
  const url = joinUrl(greetingId, invite);
  const text = t('invite.shareText', { name: toWhom });

  // inside Telegram: the invite as a message with its own preview, through Telegram's chat picker
  // (a client too old for that, or a failure, sends Telegram's share link instead)
  async function sendInTelegram() {
    const r = await sendPrepared(() => api('POST /api/greetings/{id}/invite/telegram-message', { params: { id: greetingId } }));
    if (r === 'sent') toast(t('invite.sent'), 'success');
    else if (r === 'unavailable' || r === 'failed') {
      try {
        sendLink(url, text);
      } catch {
        void share(url, text, { title: text });
      }
    }
  }

  async function onRegenerate() {
    try {
      const res = await regenerate.mutateAsync();
      onInvite?.(res.invite);
      setConfirm(false);
      toast(t('invite.regenerated'), 'success');
    } catch (e) {
      toast(errorMessage(e, t('invite.regenerateError')), 'error');
    }
  }

  return (
    <section aria-labelledby={`invite-${greetingId}`} className="flex w-full flex-col gap-3 rounded-3xl border border-border bg-surface p-4 text-left text-text shadow-card" data-testid="group-invite">
      <h2 id={`invite-${greetingId}`} className="font-bold">
        {t('invite.title')}
      </h2>
      <p className="text-sm leading-snug text-muted">{t('invite.hint')}</p>
      <div className="flex items-center gap-2 rounded-2xl border border-border bg-surface-2 p-2 pl-3">
        <span className="min-w-0 flex-1 truncate text-sm text-muted" title={url} data-testid="group-invite-url">
          {url}
        </span>
        <Button size="sm" variant={copied ? 'secondary' : 'primary'} onClick={() => void copy(url)} aria-live="polite">
          {copied ? t('invite.copied') : t('invite.copy')}
        </Button>
      </div>
      <div className="grid gap-2">
        {canSendPrepared() && (
          <Button block onClick={() => void sendInTelegram()}>
            {t('invite.telegram')}
          </Button>
        )}
        <Button variant="secondary" block onClick={() => void share(url, text, { title: text })}>
          {t('invite.share')}
        </Button>
        <Button variant="ghost" block onClick={() => setConfirm(true)}>
          {t('invite.regenerate')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirm}
        title={t('invite.regenerateConfirm')}
        confirmLabel={t('invite.regenerate')}
        cancelLabel={t('greetings:lists.cancel')}
        loading={regenerate.isPending}
        onConfirm={() => void onRegenerate()}
        onClose={() => setConfirm(false)}
      >
        {t('invite.regenerateNote')}
      </ConfirmDialog>
      {shareSheet}
    </section>
  );
}
