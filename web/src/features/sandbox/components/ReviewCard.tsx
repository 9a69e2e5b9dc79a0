import type { Postcard } from '@otkrytka/contract';
import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n';
import { formatDateTime } from '@/lib/format';
import { PostcardMedia } from '@/features/viewer/components/PostcardMedia';
import { displaySource } from '@/features/viewer/media';
import { useSoundEnabled } from '@/features/viewer/sound';
import { ThumbDownIcon, ThumbUpIcon } from '@/ui/icons-more';

/**
 * A postcard under review (sandbox page, moderator's random and single views): the media in its
 * 384:590 box beside its title (if it has one: never the uploaded file's name, which is the
 * uploader's and often says nothing, «IMG_2041.jpg»), description and creation date, with the
 * page's own actions.
 */
export function ReviewCard({ postcard, children, extra }: { postcard: Postcard; children?: ReactNode; extra?: ReactNode }) {
  const { t, i18n } = useTranslation('sandbox');
  const [sound] = useSoundEnabled();
  const { src, poster } = displaySource(postcard);
  return (
    <article className="flex flex-col gap-4 md:flex-row md:items-start" data-testid="review-card" data-postcard-id={postcard.id}>
      <div className="mx-auto w-full max-w-[min(320px,calc(50dvh*384/590))] shrink-0 md:mx-0 md:max-w-[320px]">
        <div className="relative aspect-[384/590] w-full overflow-hidden rounded-2xl bg-neutral-950 shadow-card">
          <PostcardMedia src={src} poster={poster} kind={postcard.media_kind} alt={postcard.title || t('common:pages.viewer')} sound={sound} />
        </div>
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        {/* on phones the actions come right under the picture, the details after them */}
        <div className="order-last grid gap-3 rounded-2xl border border-border bg-surface p-4 text-[15px] md:order-none">
          {postcard.title && <h2 className="break-words text-lg font-bold leading-snug">{postcard.title}</h2>}
          <dl className="grid gap-3">
            <div>
              <dt className="text-xs font-medium uppercase tracking-wide text-muted">{t('description')}</dt>
              <dd className="mt-0.5 whitespace-pre-line break-words">{postcard.description || t('noDescription')}</dd>
            </div>
            <div>
              <dt className="text-xs font-medium uppercase tracking-wide text-muted">{t('createdAt')}</dt>
              <dd className="mt-0.5">
                <time dateTime={postcard.created_at}>{formatDateTime(postcard.created_at, i18n.language)}</time>
              </dd>
            </div>
            {extra}
          </dl>
        </div>
        {children}
      </div>
    </article>
  );
}

/** The two big voting buttons: Одобрить / Отклонить; the one matching the `current` decision is off. */
export function DecisionButtons({
  onApprove,
  onReject,
  busy,
  approveLabel,
  rejectLabel,
  current,
}: {
  onApprove: () => void;
  onReject: () => void;
  busy: 'approve' | 'reject' | null;
  approveLabel: string;
  rejectLabel: string;
  current?: 'approved' | 'rejected' | undefined;
}) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <button
        type="button"
        onClick={onReject}
        disabled={busy !== null || current === 'rejected'}
        aria-busy={busy === 'reject' || undefined}
        className="inline-flex h-13 items-center justify-center gap-2 rounded-2xl border-2 border-danger/60 bg-surface text-base font-semibold text-danger transition active:scale-[0.98] disabled:opacity-50 hover:bg-danger/10"
      >
        <ThumbDownIcon size={20} />
        {rejectLabel}
      </button>
      <button
        type="button"
        onClick={onApprove}
        disabled={busy !== null || current === 'approved'}
        aria-busy={busy === 'approve' || undefined}
        className="inline-flex h-13 items-center justify-center gap-2 rounded-2xl bg-success text-base font-semibold text-on-success shadow-card transition active:scale-[0.98] disabled:opacity-50 hover:opacity-90"
      >
        <ThumbUpIcon size={20} />
        {approveLabel}
      </button>
    </div>
  );
}
