import type { Greeting, GreetingReply } from '@otkrytka/contract';
import { GREETING_REPLY_REACTIONS, GREETING_TRACKING, type GreetingReplyReaction } from '@otkrytka/contract/rules/greetings';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '@/i18n';
import { errorMessage } from '@/lib/errorMessage';
import { formatTime } from '@/lib/format';
import { Button } from '@/ui/Button';
import { cx } from '@/ui/cx';
import { useToast } from '@/ui/toast';
import { useSendReply } from '../queries';
import { MAX_TIMER_MS, replyEditable, replyLength, replyProblem } from '../tracking';
import { ReplyCard } from './ReplyCard';
import { EnvelopeHeartIcon } from '@/ui/icons-more';
import { trimInvisible } from '@otkrytka/contract/rules/text';

const card =
  'w-full rounded-[1.75rem] bg-surface/95 p-5 text-left text-text shadow-[0_20px_60px_-20px_rgba(0,0,0,0.45)] backdrop-blur sm:p-6';

/**
 * The recipient's thank-you after accepting ('Поблагодарить'): a reaction and/or a few words, sent
 * once; editable until `editable_until` (shown), read-only after.
 */
export default function ReplyPanel({ greeting }: { greeting: Greeting }) {
  const { t, i18n } = useTranslation('greetings');
  const reply = greeting.reply;
  const [editing, setEditing] = useState(false);
  const editable = useStillEditable(reply);
  // once the form is sent or put away, the focus goes to the reply it leaves (not to <body>)
  const shown = useRef<HTMLElement>(null);
  const focusShown = useRef(false);
  const showing = !!reply && !(editing && editable);
  useEffect(() => {
    if (!showing || !focusShown.current) return;
    focusShown.current = false;
    shown.current?.focus();
  }, [showing]);
  const leaveForm = () => {
    focusShown.current = true;
    setEditing(false);
  };

  if (reply && showing) {
    return (
      <section ref={shown} tabIndex={-1} aria-label={t('tracking.reply.yours')} className={cx(card, 'outline-none')}>
        <ReplyCard reply={reply} title={t('tracking.reply.yours')}>
          {editable ? (
            <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2">
              <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
                {t('tracking.reply.edit')}
              </Button>
              <span className="text-xs text-muted" data-testid="reply-editable-until">
                {t('tracking.reply.editableUntil', { time: formatTime(reply.editable_until, i18n.language) })}
              </span>
            </div>
          ) : (
            <p className="mt-2 text-xs text-muted">{t('tracking.reply.locked')}</p>
          )}
        </ReplyCard>
      </section>
    );
  }
  return <ReplyForm greetingId={greeting.id} reply={reply} onDone={leaveForm} onCancel={reply ? leaveForm : undefined} />;
}

/** Whether the reply can still be edited; turns false by itself when its window closes. */
function useStillEditable(reply: GreetingReply | null) {
  const [now, setNow] = useState(() => Date.now());
  const until = reply ? Date.parse(reply.editable_until) : 0;
  useEffect(() => {
    const wait = until - Date.now();
    if (!reply || wait <= 0 || wait > MAX_TIMER_MS) return;
    const timer = window.setTimeout(() => setNow(Date.now()), wait + 50);
    return () => window.clearTimeout(timer);
  }, [reply, until]);
  return !!reply && replyEditable(reply, now);
}

export function ReplyForm({
  greetingId,
  reply,
  onDone,
  onCancel,
}: {
  greetingId: string;
  reply: GreetingReply | null;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('greetings');
  const toast = useToast();
  const send = useSendReply(greetingId);
  const [reaction, setReaction] = useState<GreetingReplyReaction | null>(reply?.reaction ?? null);
  const [text, setText] = useState(reply?.text ?? '');
  const [error, setError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const id = useId();
  const max = GREETING_TRACKING.replyTextMax;
  const length = replyLength(text);
  const problem = replyProblem(reaction, text);
  const shownProblem = problem === 'tooLong' || (tried && problem) ? problem : null;

  async function submit() {
    setTried(true);
    setError(null);
    if (problem) return;
    try {
      await send.mutateAsync({ reaction, text: trimInvisible(text) || null });
      toast(t(reply ? 'tracking.reply.saved' : 'tracking.reply.sent'), 'success');
      onDone();
    } catch (e) {
      setError(errorMessage(e, t('tracking.reply.error')));
    }
  }

  return (
    <form
      aria-labelledby={`${id}-title`}
      className={card}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 id={`${id}-title`} className="text-xl font-extrabold">
        <EnvelopeHeartIcon size={22} className="mr-1.5 inline-block align-[-4px] text-primary" />
        {t('tracking.reply.title')}
      </h2>
      {!reply && <p className="mt-1 text-sm text-muted">{t('tracking.reply.intro')}</p>}
      <div role="group" aria-label={t('tracking.reply.reactions')} className="mt-4 flex justify-between gap-1.5 xs:justify-start xs:gap-2">
        {GREETING_REPLY_REACTIONS.map((r) => {
          const on = reaction === r;
          return (
            <button
              key={r}
              type="button"
              aria-pressed={on}
              aria-label={t(`tracking.reply.reaction.${r}`)}
              title={t(`tracking.reply.reaction.${r}`)}
              onClick={() => setReaction(on ? null : r)}
              className={cx(
                'flex h-13 w-13 items-center justify-center rounded-2xl border-2 text-2xl transition active:scale-95',
                on ? 'scale-105 border-primary bg-primary-soft shadow-card' : 'border-border bg-surface-2 hover:border-primary/50',
              )}
            >
              <span aria-hidden="true">{r}</span>
            </button>
          );
        })}
      </div>
      <div className="mt-4 flex items-baseline justify-between gap-3">
        <label htmlFor={`${id}-text`} className="text-sm font-semibold text-muted">
          {t('tracking.reply.textLabel')}
        </label>
        <span id={`${id}-count`} className={cx('shrink-0 whitespace-nowrap text-xs tabular-nums', length > max ? 'font-bold text-danger' : 'text-muted')}>
          {t('tracking.reply.counter', { count: length, max })}
        </span>
      </div>
      <textarea
        id={`${id}-text`}
        rows={3}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('tracking.reply.placeholder')}
        aria-invalid={shownProblem === 'tooLong' || undefined}
        aria-describedby={`${id}-count${shownProblem ? ` ${id}-problem` : ''}`}
        className={cx(
          'mt-2 w-full resize-y rounded-2xl border bg-surface px-4 py-3 text-base leading-relaxed text-text shadow-sm outline-none transition placeholder:text-muted/70 focus:ring-4',
          shownProblem === 'tooLong' ? 'border-danger focus:ring-danger/15' : 'border-border focus:border-primary focus:ring-primary/15',
        )}
      />
      {shownProblem && (
        <p id={`${id}-problem`} role="alert" className="mt-2 text-sm font-medium text-danger">
          {t(`tracking.reply.${shownProblem}`, { max })}
        </p>
      )}
      {error && (
        <p role="alert" className="mt-2 rounded-xl bg-danger/10 px-3 py-2 text-sm font-medium text-danger">
          {error}
        </p>
      )}
      <div className="mt-4 flex gap-2">
        {onCancel && (
          <Button variant="secondary" size="lg" onClick={onCancel} disabled={send.isPending} className="flex-1">
            {t('tracking.reply.cancel')}
          </Button>
        )}
        <Button type="submit" size="lg" loading={send.isPending} disabled={problem === 'tooLong'} className="flex-1">
          {send.isPending ? t('tracking.reply.sending') : reply ? t('tracking.reply.save') : t('tracking.reply.send')}
        </Button>
      </div>
    </form>
  );
}
