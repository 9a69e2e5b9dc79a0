import type { Channel } from '@otkrytka/contract';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from '@/router';
import { useTranslation } from '@/i18n';
import { compactNumber, formatNumber } from '@/lib/format';
import { Button } from '@/ui/Button';
import { Page } from '@/ui/Page';
import { LoadingState } from '@/ui/Spinner';
import { EmptyState, ErrorState } from '@/ui/States';
import { useSession } from '@/features/auth/session';
import { IconImages, IconPlus, IconUsers } from '@/features/postcards/icons';
import { ChannelFormDialog } from '../ChannelFormDialog';
import { useMyChannels } from '../queries';
import { useShortcut, useShortcutHints } from '../useShortcut';
import { LockIcon } from '@/ui/icons';
import { InboxIcon } from '@/ui/icons-more';
import { galleryWords, shownChannel } from '../shown';
import { initialOf } from '@/lib/initial';

/** /mychannels: the channels I own and follow, with true counts, and the create-channel dialog. */
export default function ChannelsPage() {
  const { t, i18n } = useTranslation('channels');
  const { isAuthenticated, loading } = useSession();
  const channels = useMyChannels();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  // the sidebar's "Создать канал" links to ?create=1: open the dialog, then drop the flag so Back or a reload does not reopen it
  const wantsCreate = params.get('create') === '1' && isAuthenticated;
  if (wantsCreate && !creating) setCreating(true);
  useEffect(() => {
    if (!wantsCreate) return;
    const next = new URLSearchParams(params);
    next.delete('create');
    setParams(next, { replace: true });
  }, [wantsCreate, params, setParams]);
  useShortcut(['Insert'], () => setCreating(true), { enabled: isAuthenticated });
  const hints = useShortcutHints();

  if (!isAuthenticated) {
    return (
      <Page title={t('mine.title')}>
        {loading ? (
          <LoadingState text={t('common:loading')} />
        ) : (
          <EmptyState
            icon={<LockIcon />}
            title={t('mine.loginRequired')}
            action={
              <Link to="/auth?returnTo=/mychannels" className="font-semibold text-primary">
                {t('mine.login')}
              </Link>
            }
          />
        )}
      </Page>
    );
  }

  const createButton = (
    <Button onClick={() => setCreating(true)} {...(hints && { 'aria-keyshortcuts': 'Insert', title: t('mine.createHint') })} className="whitespace-nowrap">
      <IconPlus size={18} />
      {t('mine.create')}
    </Button>
  );

  return (
    <Page title={t('mine.title')} actions={channels.data?.length ? createButton : undefined}>
      {channels.isPending ? (
        <LoadingState text={t('mine.loading')} />
      ) : channels.isError ? (
        <ErrorState title={t('mine.error')} error={channels.error} onRetry={() => void channels.refetch()} retryLabel={t('common:retry')} />
      ) : channels.data.length === 0 ? (
        <EmptyState icon={<InboxIcon />} title={t('mine.empty')} text={t('mine.emptyHint')} action={createButton} />
      ) : (
        <ul className="flex flex-col gap-3">
          {channels.data.map((c) => (
            <li key={c.id}>
              <ChannelCard channel={c} lang={i18n.language} />
            </li>
          ))}
        </ul>
      )}
      <ChannelFormDialog open={creating} onClose={() => setCreating(false)} />
    </Page>
  );
}

function ChannelCard({ channel: stored, lang }: { channel: Channel; lang: string }) {
  const { t } = useTranslation('channels');
  const channel = shownChannel(stored, galleryWords(t));
  return (
    <Link
      to={`/mychannels/${channel.id}`}
      className="flex items-center gap-4 rounded-2xl border border-border bg-surface p-4 shadow-card transition-colors hover:bg-surface-2"
    >
      <span
        aria-hidden="true"
        className="flex h-12 w-12 shrink-0 items-center justify-center rounded-2xl bg-gradient-to-br from-primary to-accent text-lg font-bold text-white"
      >
        {initialOf(channel.name)}
      </span>
      <span className="min-w-0 flex-1">
        {/* a name runs to two lines before it is cut: the badge beside it leaves a phone little room */}
        <span className="flex items-start gap-2">
          <span className="line-clamp-2 min-w-0 break-words text-[16px] font-semibold leading-snug">{channel.name}</span>
          <span className={`shrink-0 rounded-full px-2 py-0.5 text-[11px] font-semibold ${channel.is_owner ? 'bg-primary-soft text-primary-strong' : 'bg-accent-soft text-accent-strong'}`}>
            {channel.is_owner ? t('mine.owner') : t('mine.subscribed')}
          </span>
        </span>
        {channel.description && <span className="mt-0.5 block truncate text-sm text-muted">{channel.description}</span>}
        <span className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1 text-[13px] text-muted">
          <span className="inline-flex items-center gap-1 whitespace-nowrap" title={t('counts.subscribers', { count: channel.subscribers_count, n: formatNumber(channel.subscribers_count, lang) })}>
            <IconUsers size={15} />
            {t('counts.subscribers', { count: channel.subscribers_count, n: compactNumber(channel.subscribers_count, lang) })}
          </span>
          <span className="inline-flex items-center gap-1 whitespace-nowrap">
            <IconImages size={15} />
            {t('counts.postcards', { count: channel.postcards_count, n: compactNumber(channel.postcards_count, lang) })}
          </span>
        </span>
      </span>
    </Link>
  );
}
