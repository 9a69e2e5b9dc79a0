import type { ModerationCard } from '@otkrytka/contract';
import { formatShortDateTime } from '@/lib/format';
import { Link } from '@/router';
import { useTranslation } from '@/i18n';
import { PostcardThumb } from './PostcardThumb';
import { FlagIcon, ThumbDownIcon, ThumbUpIcon } from '@/ui/icons-more';

/** One card of the moderator's list: id, creation date, author (or who added it, or `Неизвестен`), votes, `Модерировать`. */
export function ModerationCardTile({ card }: { card: ModerationCard }) {
  const { t, i18n } = useTranslation('moderation');
  return (
    <li className="flex flex-col overflow-hidden rounded-2xl border border-border bg-surface shadow-card" data-testid="moderation-card" data-postcard-id={card.id}>
      <div className="relative aspect-[384/590] max-h-64 w-full overflow-hidden bg-neutral-950">
        <PostcardThumb postcard={card} fit="contain" />
        <span className="absolute left-2 top-2 rounded-full bg-black/60 px-2 py-0.5 text-xs font-semibold text-white">
          {t('card.id', { id: card.id })}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3 text-sm">
        <div className="grid gap-0.5">
          <p className="text-xs text-muted">
            <span className="sr-only">{t('card.createdAt')}: </span>
            <time dateTime={card.created_at}>{formatShortDateTime(card.created_at, i18n.language)}</time>
          </p>
          {/* the credited author, then who added it (the moderator needs both); with neither, `Неизвестен` */}
          {(card.credited_author || !card.username) && (
            <p className="truncate" data-testid="moderation-card-author" title={card.credited_author || undefined}>
              <span className="text-muted">{t('card.author')}: </span>
              <span className="font-medium">{card.credited_author || t('card.unknownAuthor')}</span>
            </p>
          )}
          {card.username && (
            <p className="truncate" data-testid="moderation-card-uploader" title={card.username}>
              <span className="text-muted">{t('card.addedBy')}: </span>
              <span className="font-medium">{card.username}</span>
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2 text-[13px]">
          <span className="rounded-full bg-success/15 px-2 py-0.5 font-medium text-success" title={t('card.likes')}>
            <ThumbUpIcon size={15} className="inline-block align-[-3px]" /> <span className="sr-only">{t('card.likes')}: </span>
            {card.likes_count}
          </span>
          <span className="rounded-full bg-danger/15 px-2 py-0.5 font-medium text-danger" title={t('card.rejects')}>
            <ThumbDownIcon size={15} className="inline-block align-[-3px]" /> <span className="sr-only">{t('card.rejects')}: </span>
            {card.rejects_count}
          </span>
          {card.reports_count > 0 && (
            <span className="rounded-full bg-warning/15 px-2 py-0.5 font-medium text-warning-ink" title={t('card.reports')}>
              <FlagIcon size={15} className="inline-block align-[-3px]" /> <span className="sr-only">{t('card.reports')}: </span>
              {card.reports_count}
            </span>
          )}
        </div>
        <Link
          to={`/moderator/${card.id}`}
          aria-label={`${t('card.moderate')} — ${t('card.id', { id: card.id })}`}
          className="mt-auto inline-flex h-10 items-center justify-center rounded-xl bg-primary font-semibold text-on-primary transition hover:bg-primary-strong"
        >
          {t('card.moderate')}
        </Link>
      </div>
    </li>
  );
}
