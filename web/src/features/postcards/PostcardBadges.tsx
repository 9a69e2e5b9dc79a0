import type { Postcard } from '@otkrytka/contract';
import { useTranslation } from '@/i18n';
import { IconCheck, IconHourglass, IconNoEntry, IconPlay } from './icons-first';
import { mediaKindOf } from './media';

type Badgeable = Pick<Postcard, 'is_approved' | 'is_banned' | 'image_url'> & { media_kind?: string };

/**
 * Moderation state: hourglass (pending), check (approved) or no-entry (banned). With
 * `withLabel` (the viewer, where there is room) the state is also written out: a phone has no
 * tooltip to explain the icon.
 */
export function StatusBadge({ postcard, withLabel }: { postcard: Badgeable; withLabel?: boolean }) {
  const { t } = useTranslation('postcards');
  const [label, cls, icon] = postcard.is_banned
    ? [t('badges.banned'), 'bg-danger text-on-danger', <IconNoEntry key="b" size={14} strokeWidth={2.6} />]
    : postcard.is_approved
      ? [t('badges.approved'), 'bg-success text-on-success', <IconCheck key="a" size={14} strokeWidth={3} />]
      : [t('badges.pending'), 'bg-warning text-neutral-950', <IconHourglass key="p" size={13} strokeWidth={2.4} />];
  const state = postcard.is_banned ? 'banned' : postcard.is_approved ? 'approved' : 'pending';
  if (withLabel) {
    return (
      <span data-badge={state} className={`inline-flex h-6 items-center gap-1 rounded-full pl-1.5 pr-2.5 text-xs font-semibold shadow-sm ring-2 ring-white/70 ${cls}`}>
        {icon}
        {label}
      </span>
    );
  }
  return (
    <span role="img" aria-label={label} title={label} data-badge={state} className={`inline-flex h-6 w-6 items-center justify-center rounded-full shadow-sm ring-2 ring-white/70 ${cls}`}>
      {icon}
    </span>
  );
}

/** "GIF" or a play mark on previews of animations and videos. */
export function KindBadge({ postcard }: { postcard: Badgeable }) {
  const { t } = useTranslation('postcards');
  const kind = mediaKindOf(postcard);
  if (kind === 'image') return null;
  return kind === 'gif' ? (
    <span data-badge="gif" className="rounded-md bg-black/60 px-1.5 py-0.5 text-[10px] font-bold tracking-wide text-white backdrop-blur-sm">
      GIF
    </span>
  ) : (
    <span data-badge="video" role="img" aria-label={t('badges.video')} title={t('badges.video')} className="inline-flex h-6 w-6 items-center justify-center rounded-full bg-black/60 text-white backdrop-blur-sm">
      <IconPlay size={12} />
    </span>
  );
}
