import type { Contribution, GroupJoin } from '@otkrytka/contract';
import { giftEnergyInitial } from '@otkrytka/contract/rules/greetings';
import { trimInvisible } from '@otkrytka/contract/rules/text';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useParams } from '@/router';
import { useTranslation } from '@/i18n';
import { ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/errorMessage';
import { formatTime } from '@/lib/format';
import { Button } from '@/ui/Button';
import { cx } from '@/ui/cx';
import { ConfirmDialog } from '@/ui/Dialogs';
import { Page, useDocumentTitle } from '@/ui/Page';
import { LoadingState } from '@/ui/Spinner';
import { EmptyState, ErrorState } from '@/ui/States';
import { Switch } from '@/ui/Toggle';
import { useToast } from '@/ui/toast';
import { BoltIcon, LockIcon } from '@/ui/icons';
import { EnvelopeHeartIcon } from '@/ui/icons-more';
import { useSession } from '@/features/auth/session';
import { backgroundOf } from '../backgrounds';
import { celebrate } from '../confetti';
import { EnergyPicker } from '../components/EnergyPicker';
import { useSenderName } from '../components/SenderHint';
import { SignInPrompt } from '../components/SignInPrompt';
import { NoteBoard } from '../components/group/NoteBoard';
import { NoteReportButton } from '../components/group/NoteReport';
import { useGroupJoin, useRemoveContribution, useSignGroup, useUpdateContribution } from '../groupQueries';
import { useGiftBudget } from '../queries';
import { GROUP_GREETING } from '@otkrytka/contract/rules/group-greetings';


/**
 * A group card's invite (`/greeting/{id}/join/{invite}`, signed-in only): the card with the
 * organiser's message, the others' notes (never their gifts), and my signature — a message
 * (1–1,000 characters), a name and an optional gift from my yang — which I may change or withdraw
 * until the card is delivered (docs/PRODUCT-RULES.md, group cards).
 */
export default function JoinGroupGreetingPage() {
  const { t } = useTranslation(['groups', 'greetings']);
  const { greetingId = '', invite = '' } = useParams();
  const session = useSession();
  const join = useGroupJoin(greetingId, invite);
  const card = join.data;
  useDocumentTitle(card ? t('join.title', { name: card.to_whom }) : t('join.pageTitle'));

  if (!session.loading && !session.isAuthenticated) return <SignInPrompt />;
  if (session.loading || join.isLoading) return <LoadingState text={t('join.loading')} />;
  if (join.isError || !card) {
    const invalid = join.error instanceof ApiError && (join.error.code === 'INVITE_INVALID' || join.error.status === 404 || join.error.status === 422);
    return invalid ? (
      <EmptyState heading="h1" icon={<LockIcon />} title={t('join.invalid')} text={t('join.invalidHint')} />
    ) : (
      <ErrorState title={t('join.loadError')} error={join.error} onRetry={() => void join.refetch()} retryLabel={t('greetings:lists.retry')} />
    );
  }
  return <JoinView card={card} invite={invite} />;
}

function JoinView({ card, invite }: { card: GroupJoin; invite: string }) {
  const { t, i18n } = useTranslation(['groups', 'greetings']);
  const bg = backgroundOf(card.background_greeting_page);
  const delivered = !!card.delivered_at;
  const full = !card.mine && card.signed_count >= card.max_contributions;
  const [editing, setEditing] = useState(false);
  const still = card.postcard ? (card.postcard.media_kind === 'gif' ? card.postcard.image_url : (card.postcard.viewer_url ?? card.postcard.image_url)) : null;

  return (
    <Page title={t('join.title', { name: card.to_whom })} subtitle={t('join.subtitle', { name: card.from_whom })}>
      <div className="flex flex-col gap-5 min-[900px]:grid min-[900px]:grid-cols-[minmax(0,340px)_minmax(0,1fr)] min-[900px]:items-start min-[900px]:gap-8">
        {/* the card: the postcard, the organiser's message and signature */}
        <div className="flex flex-col gap-4 rounded-[2rem] p-4 shadow-card min-[900px]:sticky min-[900px]:top-4" style={{ background: bg.css }} data-testid="join-card">
          {still && (
            <img
              src={card.picture_url ?? still}
              alt={card.postcard?.title ?? ''}
              className="mx-auto aspect-[384/590] max-h-[240px] w-auto min-[900px]:max-h-[340px] rounded-2xl object-cover shadow-lg ring-2 ring-white/60"
            />
          )}
          <article className="rounded-3xl bg-white/92 p-5 text-[#2a1f2d] dark:bg-[#211b2b]/92 dark:text-[#f5eef7]">
            <p className="text-xs font-bold uppercase tracking-[0.2em] text-[#7a6a76] dark:text-[#a898ad]">{t('join.for')}</p>
            <p className="mt-1 break-words text-2xl font-black leading-tight">{card.to_whom}</p>
            <p className="mt-3 whitespace-pre-line break-words leading-relaxed">{card.greeting}</p>
            <p className="mt-3 text-right font-semibold italic break-words">— {card.from_whom}</p>
          </article>
        </div>

        <div className="flex min-w-0 flex-col gap-5">
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm font-semibold text-muted" data-testid="join-status">
            <span>{t('join.signed', { count: card.signed_count, max: card.max_contributions })}</span>
            {!delivered && (
              <span>{card.opens_at ? t('join.opensAt', { time: formatTime(card.opens_at, i18n.language) }) : t('join.manual')}</span>
            )}
          </p>

          {delivered ? (
            <Notice tone="done" testId="join-delivered">
              {t('join.delivered', { time: formatTime(card.delivered_at!, i18n.language) })}
            </Notice>
          ) : card.is_organiser ? (
            <Notice testId="join-organiser">
              {t('join.organiser')}{' '}
              <Link to={`/greeting/${card.greeting_id}?from=congratulations`} className="font-bold text-primary underline-offset-2 hover:underline">
                {t('join.organiserLink')}
              </Link>
            </Notice>
          ) : full ? (
            <Notice testId="join-full">{t('join.full', { max: card.max_contributions })}</Notice>
          ) : null}

          {card.mine && !editing && <MyNote card={card} mine={card.mine} onEdit={() => setEditing(true)} />}
          {!delivered && !card.is_organiser && ((!card.mine && card.can_contribute) || (card.mine && editing)) && (
            <SignForm card={card} invite={invite} mine={editing ? card.mine : null} onDone={() => setEditing(false)} />
          )}

        </div>
      </div>
      {/* the whole width below the card and the form: the notes read as a board */}
      <section aria-labelledby="join-notes" className="mt-6 flex flex-col gap-3">
        <h2 id="join-notes" className="text-lg font-bold">
          {t('join.others', { count: card.notes.length })}
        </h2>
        {card.notes.length > 0 ? (
          <NoteBoard
            notes={card.notes}
            label={t('join.othersLabel')}
            wide
            extra={(n) => <NoteReportButton greetingId={card.greeting_id} noteId={n.id} from={n.from_whom} invite={invite} />}
          />
        ) : (
          <p className="rounded-2xl bg-surface-2 px-4 py-3 text-sm text-muted">{t('join.noOthers')}</p>
        )}
      </section>
    </Page>
  );
}

function Notice({ children, tone, testId }: { children: React.ReactNode; tone?: 'done'; testId: string }) {
  return (
    <p
      role="status"
      className={cx('rounded-2xl px-4 py-3 text-sm font-semibold', tone === 'done' ? 'bg-success/15 text-success-ink' : 'bg-accent-soft text-accent-strong')}
      data-testid={testId}
    >
      {children}
    </p>
  );
}

/** My signature as it stands, with «Изменить» and «Отозвать» until delivery. */
function MyNote({ card, mine, onEdit }: { card: GroupJoin; mine: Contribution; onEdit: () => void }) {
  const { t } = useTranslation(['groups', 'greetings']);
  const toast = useToast();
  const remove = useRemoveContribution(card.greeting_id);
  const [confirm, setConfirm] = useState(false);
  const open = !card.delivered_at;

  async function withdraw() {
    try {
      const res = await remove.mutateAsync(mine.id);
      toast(res.refunded_energy > 0 ? t('mine.withdrawnRefunded', { count: res.refunded_energy }) : t('mine.withdrawn'), 'success');
      setConfirm(false);
    } catch (e) {
      toast(errorMessage(e, t('mine.withdrawError')), 'error');
    }
  }

  return (
    <section aria-labelledby="join-mine" className="flex flex-col gap-3 rounded-3xl border border-border bg-surface p-4 shadow-card" data-testid="join-mine">
      <h2 id="join-mine" className="flex items-center gap-2 font-bold">
        <EnvelopeHeartIcon size={18} className="text-primary" />
        {t('mine.title')}
      </h2>
      <p className="whitespace-pre-line break-words leading-relaxed">{mine.message}</p>
      <p className="text-right font-semibold italic break-words">— {mine.from_whom}</p>
      {(mine.energy ?? 0) > 0 && (
        <p className="text-sm font-semibold text-yang-ink">
          <BoltIcon size={14} className="mr-1 inline-block align-[-2px]" />
          {t('mine.gift', { count: mine.energy ?? 0 })}
          {mine.gift_state && mine.gift_state !== 'held' && ` · ${t(`giftState.${mine.gift_state}`)}`}
        </p>
      )}
      {open && (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" className="flex-1" onClick={onEdit}>
            {t('mine.edit')}
          </Button>
          <Button variant="ghost" className="flex-1 !text-danger" onClick={() => setConfirm(true)}>
            {t('mine.withdraw')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirm}
        title={t('mine.withdrawConfirm')}
        confirmLabel={t('mine.withdraw')}
        cancelLabel={t('greetings:lists.cancel')}
        danger
        loading={remove.isPending}
        onConfirm={() => void withdraw()}
        onClose={() => setConfirm(false)}
      >
        {(mine.energy ?? 0) > 0 ? t('mine.withdrawNoteGift', { count: mine.energy ?? 0 }) : t('mine.withdrawNote')}
      </ConfirmDialog>
    </section>
  );
}

const inputClass =
  'w-full rounded-2xl border border-border bg-surface px-4 text-base text-text shadow-sm outline-none transition placeholder:text-muted/70 focus:border-primary focus:ring-4 focus:ring-primary/15 aria-[invalid=true]:border-danger';

/** Signing the card (or changing my signature): the message, the name and an optional gift. */
function SignForm({ card, invite, mine, onDone }: { card: GroupJoin; invite: string; mine: Contribution | null; onDone: () => void }) {
  const { t } = useTranslation(['groups', 'greetings']);
  const toast = useToast();
  const session = useSession();
  const senderName = useSenderName();
  const budget = useGiftBudget(session.isAuthenticated);
  const sign = useSignGroup(card.greeting_id);
  const update = useUpdateContribution(card.greeting_id);
  const [message, setMessage] = useState(mine?.message ?? '');
  const [fromWhom, setFromWhom] = useState(mine?.from_whom ?? '');
  const [giving, setGiving] = useState((mine?.energy ?? 0) > 0);
  const [energy, setEnergy] = useState(mine?.energy ?? 10);
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const messageId = useId();
  const fromId = useId();
  const giftId = useId();
  const messageBox = useRef<HTMLTextAreaElement>(null);
  const pending = sign.isPending || update.isPending;
  // my own gift is mine to move: the balance plus what this signature already holds
  const yang = (budget.data ?? 0) + (mine?.energy ?? 0);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the gift starts within the balance once it is known
    if (giving && budget.data !== undefined && !mine) setEnergy((e) => giftEnergyInitial(e, budget.data));
  }, [giving, budget.data, mine]);
  useEffect(() => {
    if (mine) messageBox.current?.focus();
  }, [mine]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const text = trimInvisible(message);
    if (text.length < GROUP_GREETING.messageMin) {
      setProblem(t('form.messageRequired'));
      messageBox.current?.focus();
      return;
    }
    const gift = giving ? Math.min(energy, yang) : 0;
    try {
      if (mine) {
        await update.mutateAsync({
          contributionId: mine.id,
          body: { message: text, ...(trimInvisible(fromWhom) ? { from_whom: trimInvisible(fromWhom) } : {}), energy: gift },
        });
        toast(t('form.saved'), 'success');
        onDone();
      } else {
        await sign.mutateAsync({ invite, message: text, from_whom: trimInvisible(fromWhom) || null, energy: gift });
        toast(t('form.signedToast'), 'success');
        void celebrate({ y: 0.5 });
      }
    } catch (err) {
      setError(errorMessage(err, t('form.error')));
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4 rounded-3xl border border-border bg-surface p-4 shadow-card" aria-labelledby="join-form-title" data-testid="join-form">
      <h2 id="join-form-title" className="font-bold">
        {mine ? t('form.editTitle') : t('form.title')}
      </h2>
      <div className="flex flex-col gap-2">
        <div className="flex items-baseline justify-between gap-3">
          <label htmlFor={messageId} className="text-sm font-semibold text-muted">
            {t('form.message')}
          </label>
          <span className={cx('text-xs tabular-nums text-muted', message.length < GROUP_GREETING.messageMax * 0.8 && 'invisible')} aria-hidden="true">
            {message.length}/{GROUP_GREETING.messageMax}
          </span>
        </div>
        <textarea
          id={messageId}
          ref={messageBox}
          rows={4}
          value={message}
          maxLength={GROUP_GREETING.messageMax}
          onChange={(e) => {
            setMessage(e.target.value);
            setProblem(null);
          }}
          placeholder={t('form.messagePlaceholder', { name: card.to_whom })}
          aria-invalid={!!problem}
          aria-describedby={problem ? `${messageId}-problem` : undefined}
          className={cx(inputClass, 'min-h-28 resize-y py-3 leading-relaxed')}
        />
        {problem && (
          <p id={`${messageId}-problem`} className="text-sm font-medium text-danger">
            {problem}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-2">
        <label htmlFor={fromId} className="text-sm font-semibold text-muted">
          {t('form.fromWhom')}
        </label>
        <input
          id={fromId}
          value={fromWhom}
          maxLength={GROUP_GREETING.fromWhomMax}
          onChange={(e) => setFromWhom(e.target.value)}
          placeholder={senderName}
          aria-describedby={`${fromId}-hint`}
          className={cx(inputClass, 'h-12')}
        />
        <p id={`${fromId}-hint`} className="text-xs leading-snug text-muted">
          {t('form.fromHint', { name: senderName })}
        </p>
      </div>
      <div className="flex flex-col gap-4 rounded-2xl bg-surface-2 p-4">
        <div className="flex items-center justify-between gap-4">
          <label htmlFor={giftId} className="min-w-0 cursor-pointer">
            <span className="block font-semibold">
              <BoltIcon size={16} className="mr-1 inline-block align-[-3px] text-yang" />
              {t('form.gift')}
            </span>
            <span className="mt-0.5 block text-sm leading-snug text-muted">{t('form.giftHint')}</span>
          </label>
          <Switch id={giftId} checked={giving} label={t('form.gift')} onChange={setGiving} />
        </div>
        {giving &&
          (budget.isLoading ? (
            <LoadingState text={t('join.loading')} />
          ) : budget.isError ? (
            <p role="alert" className="text-sm text-danger">
              {t('greetings:wizard.energyError')}
            </p>
          ) : yang > 0 ? (
            <>
              <p className="text-center text-sm font-semibold">{t('greetings:wizard.energyBalance', { count: budget.data ?? 0 })}</p>
              <EnergyPicker energy={yang} value={Math.min(energy, yang)} onChange={setEnergy} />
            </>
          ) : (
            <p className="text-center text-sm text-muted">{t('greetings:wizard.energyNone')}</p>
          ))}
      </div>
      {error && (
        <p role="alert" className="rounded-2xl bg-danger/10 px-4 py-3 text-sm font-medium text-danger">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {mine && (
          <Button variant="secondary" size="lg" className="flex-1" onClick={onDone} disabled={pending}>
            {t('greetings:lists.cancel')}
          </Button>
        )}
        <Button type="submit" size="lg" className="flex-1" loading={pending} data-testid="join-submit">
          {mine ? t('form.save') : t('form.sign')}
        </Button>
      </div>
    </form>
  );
}
