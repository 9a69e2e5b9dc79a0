import { useId, useState } from 'react';
import { useTranslation } from '@/i18n';
import { errorMessage } from '@/lib/errorMessage';
import { Button } from '@/ui/Button';
import { ConfirmDialog } from '@/ui/Dialogs';
import { CalendarIcon, LinkIcon } from '@/ui/icons-more';
import { useToast } from '@/ui/toast';
import { useSession } from '@/features/auth/session';
import { useDisableFeed, useEnableFeed } from '../extra';

/**
 * The address of the user's feed, kept on this device: the server gives it only when the feed is
 * turned on or renewed (it keeps no way to read it back), and showing it again after a reload
 * spares a renewal that would cut off the calendars already subscribed.
 */
const feedStore = {
  key: (userId: number) => `calendar-feed:${userId}`,
  get(userId: number): string | null {
    try {
      return localStorage.getItem(this.key(userId));
    } catch {
      return null;
    }
  },
  set(userId: number, url: string | null) {
    try {
      if (url) localStorage.setItem(this.key(userId), url);
      else localStorage.removeItem(this.key(userId));
    } catch {
      /* storage unavailable: the address shows until the page is left */
    }
  },
};

/** `https://host/…` as a calendar app subscribes to it: `webcal://host/…`. */
export const webcalUrl = (url: string) => url.replace(/^https?:\/\//, 'webcal://');

/**
 * The private calendar feed: turn it on to get the address (copy it, or «Добавить в календарь»
 * through webcal://), give it a new address (the old one stops working), or turn it off.
 */
export function FeedCard() {
  const { t } = useTranslation('calendar');
  const toast = useToast();
  const { user } = useSession();
  const userId = user?.id ?? 0;
  const [url, setUrl] = useState<string | null>(() => feedStore.get(userId));
  const [confirm, setConfirm] = useState<'regenerate' | 'off' | null>(null);
  const enable = useEnableFeed();
  const disable = useDisableFeed();
  const headingId = useId();
  const addressId = useId();

  const turnOn = async (renew: boolean) => {
    try {
      const feed = await enable.mutateAsync();
      feedStore.set(userId, feed.url);
      setUrl(feed.url);
      setConfirm(null);
      if (renew) toast(t('feed.regenerated'), 'success');
    } catch (e) {
      setConfirm(null);
      toast(errorMessage(e, t('feed.error')), 'error');
    }
  };
  const turnOff = async () => {
    try {
      await disable.mutateAsync();
      feedStore.set(userId, null);
      setUrl(null);
      setConfirm(null);
      toast(t('feed.turnedOff'), 'success');
    } catch (e) {
      setConfirm(null);
      toast(errorMessage(e, t('feed.error')), 'error');
    }
  };
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast(t('feed.copied'), 'success');
    } catch {
      toast(t('feed.copyFailed'), 'error');
    }
  };

  return (
    <section aria-labelledby={headingId} className="rounded-3xl border border-border/70 bg-surface p-4 shadow-card sm:p-5" data-testid="feed-card">
      <h2 id={headingId} className="mb-1 flex items-center gap-2.5 text-base font-bold">
        <span aria-hidden="true" className="inline-flex h-8 w-8 items-center justify-center rounded-xl bg-accent-soft text-accent-strong">
          <CalendarIcon size={18} />
        </span>
        {t('feed.title')}
      </h2>
      <p className="text-sm text-muted">{t('feed.text')}</p>
      {url ? (
        <div className="mt-4 flex flex-col gap-3">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={addressId} className="text-sm font-medium">
              {t('feed.address')}
            </label>
            <div className="flex gap-2">
              <input
                id={addressId}
                readOnly
                value={url}
                onFocus={(e) => e.currentTarget.select()}
                className="h-11 min-w-0 flex-1 rounded-xl border border-border bg-surface-2 px-3 font-mono text-[13px] text-text outline-none focus:border-primary focus:ring-4 focus:ring-primary/15"
                data-testid="feed-url"
              />
              <Button variant="secondary" onClick={() => void copy()}>
                <LinkIcon size={17} />
                {t('feed.copy')}
              </Button>
            </div>
            <p className="text-[13px] text-muted">{t('feed.private')}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <a
              href={webcalUrl(url)}
              className="inline-flex h-11 items-center gap-2 rounded-xl bg-primary px-4 text-[15px] font-semibold text-on-primary shadow-card hover:bg-primary-strong"
            >
              <CalendarIcon size={18} />
              {t('feed.add')}
            </a>
            <Button variant="secondary" onClick={() => setConfirm('regenerate')}>
              {t('feed.regenerate')}
            </Button>
            <Button variant="ghost" onClick={() => setConfirm('off')} className="text-danger">
              {t('feed.turnOff')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="mt-4 flex flex-col items-start gap-2">
          <Button onClick={() => void turnOn(false)} loading={enable.isPending}>
            {t('feed.turnOn')}
          </Button>
          <p className="text-[13px] text-muted">{t('feed.turnOnAgain')}</p>
        </div>
      )}
      <ConfirmDialog
        open={confirm === 'regenerate'}
        title={t('feed.regenerateConfirm')}
        confirmLabel={t('feed.regenerateOk')}
        cancelLabel={t('common:cancel')}
        loading={enable.isPending}
        onConfirm={() => void turnOn(true)}
        onClose={() => setConfirm(null)}
      >
        <p>{t('feed.regenerateText')}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === 'off'}
        title={t('feed.turnOffConfirm')}
        confirmLabel={t('feed.turnOff')}
        cancelLabel={t('common:cancel')}
        danger
        loading={disable.isPending}
        onConfirm={() => void turnOff()}
        onClose={() => setConfirm(null)}
      >
        <p>{t('feed.turnOffText')}</p>
      </ConfirmDialog>
    </section>
  );
}
