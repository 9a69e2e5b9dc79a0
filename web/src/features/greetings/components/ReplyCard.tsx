import type { GreetingReply } from '@otkrytka/contract';
import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n';
import { formatMoment } from '../tracking';

/** A thank-you reply: its reaction, its words, who and when. */
export function ReplyCard({ reply, title, children }: { reply: GreetingReply; title: string; children?: ReactNode }) {
  const { t, i18n } = useTranslation('greetings');
  return (
    <figure className="flex items-start gap-3" data-testid="greeting-reply">
      {reply.reaction && (
        <span role="img" aria-label={t(`tracking.reply.reaction.${reply.reaction}`)} className="text-4xl leading-none">
          {reply.reaction}
        </span>
      )}
      <div className="min-w-0 flex-1">
        <figcaption className="text-xs font-bold uppercase tracking-wider text-muted">{title}</figcaption>
        {reply.text && <blockquote className="mt-1 whitespace-pre-line break-words text-base leading-relaxed">{reply.text}</blockquote>}
        <p className="mt-1 text-xs text-muted">
          {formatMoment(reply.updated_at, i18n.language)}
          {reply.updated_at !== reply.replied_at && ` · ${t('tracking.reply.edited')}`}
        </p>
        {children}
      </div>
    </figure>
  );
}

/** A reply in one line, for a list row: the reaction and the words in quotes. */
export function ReplySnippet({ reply }: { reply: GreetingReply }) {
  const { t } = useTranslation('greetings');
  return (
    <span className="mt-1 flex min-w-0 items-center gap-1.5 text-sm" data-testid="row-reply">
      {reply.reaction && (
        <span role="img" aria-label={t(`tracking.reply.reaction.${reply.reaction}`)}>
          {reply.reaction}
        </span>
      )}
      {reply.text && <span className="min-w-0 truncate italic">{t('tracking.reply.quoted', { text: reply.text })}</span>}
    </span>
  );
}
