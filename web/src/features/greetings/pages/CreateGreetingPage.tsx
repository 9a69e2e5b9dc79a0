import {
  DEFAULT_GREETING_BACKGROUND,
  greetingDefaults,
  GREETING_LIMITS,
  giftEnergyInitial,
  type GreetingBackground,
} from '@otkrytka/contract/rules/greetings';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { Greeting } from '@otkrytka/contract';
import { useGoBack, useNavigate, useParams } from '@/router';
import { CACHE } from '@/app/query';
import { useTranslation } from '@/i18n';
import { api, ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/errorMessage';
import { newIdempotencyKey } from '@/lib/ids';
import { Button } from '@/ui/Button';
import { cx } from '@/ui/cx';
import { LoadingState } from '@/ui/Spinner';
import { ErrorState } from '@/ui/States';
import { useDocumentTitle } from '@/ui/Page';
import { useSession } from '@/features/auth/session';
import { backgroundOf } from '../backgrounds';
import { celebrate } from '../confetti';
import { BackgroundPicker } from '../components/BackgroundPicker';
import { EnergyPicker } from '../components/EnergyPicker';
import { SignInPrompt } from '../components/SignInPrompt';
import { ProgressDots } from '../components/ProgressDots';
import { ScheduleField } from '../components/ScheduleField';
import { SenderHint, useSenderName } from '../components/SenderHint';
import { useShareGreeting } from '../components/ShareSheet';
import { useWizardNative } from '@/telegram/useWizardNative';
import { useGreetingMainButton } from '../telegramFlow';
import { useCreateGreeting, useGiftBudget } from '../queries';
import { clearIntent, loadIntent, openingText, openingValue } from '@/features/calendar/extra';
import { dropDraft, loadDraft, parseDraft, saveDraft } from '../draft';
import { greetingPageUrl } from '../share';
import { defaultScheduleValue, formatMoment, localInputToIso, scheduleProblem, senderTimeZone } from '../tracking';
import { Switch } from '@/ui/Toggle';
import { BoltIcon } from '@/ui/icons';
import { CalendarIcon, EnvelopeHeartIcon, HourglassIcon } from '@/ui/icons-more';
import { trimInvisible } from '@otkrytka/contract/rules/text';
import { CaptionSection, SharePictureButton } from '@/features/pictures';
import { captionBody, type CaptionValue } from '@/features/pictures/caption';
import { stillOf } from '@/features/pictures/still';

// a Telegram gift paid in Stars: inside Telegram only, loaded with the gift step
const TelegramGiftChoice = lazy(() => import('@/features/stars/TelegramGiftChoice'));
const TelegramGiftPayment = lazy(() => import('@/features/stars/TelegramGiftPayment'));
// a group card's invite (copy, share, a new link): loaded with the done step of a group card
const GroupInvitePanel = lazy(() => import('../components/group/GroupInvitePanel'));

/** Wizard steps, by index 0..3. */
const STEPS = ['recipient', 'text', 'energy', 'done'] as const;
/** The wizard's starting gift. */
const INITIAL_GIFT = 10;

/** A greeting made in this history entry, kept in it so that coming back to the entry shows it made. */
interface Made {
  id: string;
  telegramUrl: string | null;
  opensAt: string | null;
  toWhom: string;
  text: string;
  fromWhom: string;
  background: GreetingBackground;
  caption: CaptionValue | null;
  /** the card with the caption drawn in (and the QR code of the greeting) */
  pictureUrl: string | null;
  /** a group card's invite token (null: a greeting of one sender) */
  invite?: string | null;
}
const madeInEntry = (): Made | undefined => (window.history.state as { madeGreeting?: Made } | null)?.madeGreeting;
const rememberMade = (made: Made) => window.history.replaceState({ ...(window.history.state as object | null), madeGreeting: made }, '');

export default function CreateGreetingPage() {
  const { t, i18n } = useTranslation(['greetings', 'greeting', 'groups']);
  // the wizard's defaults in the reader's language (the server applies the creator's when a text is skipped)
  const GREETING_DEFAULTS = greetingDefaults(i18n.language);
  // an empty «От кого» signs the greeting with the sender's name
  const senderName = useSenderName();
  const { channelId, postcardId } = useParams();
  const navigate = useNavigate();
  const session = useSession();
  const postcardPath = `/mychannels/${channelId}/${postcardId}`;

  const postcard = useQuery({
    queryKey: ['postcards', 'detail', Number(postcardId)],
    queryFn: () => api('GET /api/image_relations/{id}', { params: { id: Number(postcardId) } }),
    enabled: Number(postcardId) > 0,
    ...CACHE.channel,
  });
  const budget = useGiftBudget(session.isAuthenticated);
  const create = useCreateGreeting();
  const { share, element: shareSheet } = useShareGreeting();

  // what was typed before leaving the wizard by mistake (the browser's Back) comes back with it; a
  // greeting made here comes back as made (its done step), on return from its preview for example
  const [made] = useState(madeInEntry);
  const [draft] = useState(() => (made ? { ...made, step: 3 } : loadDraft(postcardId)));
  // a greeting started for a day (a holiday, a date's reminder): for whom, and opening on that day at 09:00
  const [intent] = useState(() => (made ? null : loadIntent()));
  const [intentOpens] = useState(() => openingValue(intent?.opens));
  const [step, setStep] = useState(draft.step ?? 0);
  const [toWhom, setToWhom] = useState(draft.toWhom ?? intent?.toWhom ?? '');
  const [text, setText] = useState(draft.text ?? '');
  const [fromWhom, setFromWhom] = useState(draft.fromWhom ?? '');
  const [background, setBackground] = useState<GreetingBackground>(draft.background ?? DEFAULT_GREETING_BACKGROUND);
  // the words on the card (the text step's «Ваши слова на открытке»), null when none
  const [caption, setCaption] = useState<CaptionValue | null>(draft.caption ?? null);
  useEffect(() => {
    if (step < 3) saveDraft(postcardId, { step, toWhom, text, fromWhom, background, caption });
  }, [postcardId, step, toWhom, text, fromWhom, background, caption]);
  // the greeting's QR code at the bottom of its picture, so the picture leads to the greeting
  const [pictureFooter, setPictureFooter] = useState(true);
  const [pictureUrl, setPictureUrl] = useState<string | null>(made?.pictureUrl ?? null);
  const [energy, setEnergy] = useState(INITIAL_GIFT);
  const [telegramGiftId, setTelegramGiftId] = useState<string | null>(null);
  // a greeting whose Telegram gift is not paid yet: it is not shared until it is
  const [unpaid, setUnpaid] = useState<Greeting | null>(null);
  const [scheduled, setScheduled] = useState(intentOpens !== null);
  // «Подписать вместе»: a group card others sign through its invite before it is delivered
  const [group, setGroup] = useState(false);
  const groupSwitchId = useId();
  const [invite, setInvite] = useState<string | null>(made?.invite ?? null);
  const scheduleSwitchId = useId();
  const [opensAt, setOpensAt] = useState(intentOpens ?? '');
  const [scheduleError, setScheduleError] = useState<string | null>(null);
  const [createdId, setCreatedId] = useState<string | null>(made?.id ?? null);
  // the Mini App link to it, when the server has a bot: what Telegram's «Отправить» shares
  const [createdTelegramUrl, setCreatedTelegramUrl] = useState<string | null>(made?.telegramUrl ?? null);
  const [createdOpensAt, setCreatedOpensAt] = useState<string | null>(made?.opensAt ?? null);
  const scheduleCard = useRef<HTMLElement>(null);
  // steps 1 and 2 focus their first field; the gift step and the done step focus their heading, so
  // a second Enter on the button that was «Далее» does not create the greeting unseen, and a
  // screen reader announces the new step
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (step >= 2) heading.current?.focus({ preventScroll: true });
  }, [step]);
  // the date field opens below the fold on a phone: bring it up above the sticky buttons
  useEffect(() => {
    if (scheduled) scheduleCard.current?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' });
  }, [scheduled]);
  const [error, setError] = useState<string | null>(null);
  const errorBox = useRef<HTMLParagraphElement>(null);
  // on a phone the message would sit under the sticky buttons, and the tap would seem to do nothing
  useEffect(() => {
    if (error) errorBox.current?.scrollIntoView?.({ block: 'nearest' });
  }, [error]);
  // one id for this wizard's greeting: a second tap, or a retry after a lost answer, gets the same greeting
  const [attempt] = useState(newIdempotencyKey);
  const submitting = useRef(false);

  // Entering the gift step: a selection of 0 becomes half the energy; anything above the maximum is clamped.
  const yang = budget.data ?? 0;
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- derived once the balance is known
    if (step === 2 && budget.data !== undefined) setEnergy((e) => giftEnergyInitial(e, budget.data));
  }, [step, budget.data]);

  const shareText = t('wizard.shareText');
  const pageUrl = createdId ? greetingPageUrl(createdId, i18n.language) : '';

  async function submit(gift: number) {
    // two taps in one frame come before the button is disabled
    if (submitting.current) return;
    setError(null);
    if (scheduled) {
      const problem = scheduleProblem(opensAt);
      if (problem) return setScheduleError(t(`tracking.schedule.${problem}`));
    }
    submitting.current = true;
    try {
      const g = await create.mutateAsync({
        idempotency_key: attempt,
        image_relations_id: Number(postcardId),
        to_whom: trimInvisible(toWhom),
        greeting: trimInvisible(text),
        from_whom: trimInvisible(fromWhom),
        background_first_page: background,
        background_greeting_page: background,
        energy: gift,
        // a caption left without words is not sent
        ...(caption?.text.trim() ? { caption: captionBody(caption), picture_footer: pictureFooter } : {}),
        ...(scheduled ? { opens_at: localInputToIso(opensAt), opens_tz: senderTimeZone() } : {}),
        ...(telegramGiftId ? { telegram_gift_id: telegramGiftId } : {}),
        ...(group ? { group: true } : {}),
      });
      setUnpaid(g.status === 'awaiting_payment' ? g : null);
      dropDraft(postcardId);
      clearIntent();
      rememberMade({ id: g.id, telegramUrl: g.telegram_url, opensAt: g.opens_at, toWhom, text, fromWhom, background, caption, pictureUrl: g.picture_url, invite: g.group?.invite ?? null });
      setInvite(g.group?.invite ?? null);
      setCreatedId(g.id);
      setPictureUrl(g.picture_url);
      setCreatedTelegramUrl(g.telegram_url);
      setCreatedOpensAt(g.opens_at);
      setStep(3);
      void celebrate({ y: 0.35 });
    } catch (e) {
      setError(
        e instanceof ApiError && e.code === 'INSUFFICIENT_BALANCE'
          ? t('wizard.notEnoughEnergy')
          : errorMessage(e, t('wizard.createError')),
      );
    } finally {
      submitting.current = false;
    }
  }

  const next = () => (step === 2 ? void submit(energy) : setStep((s) => s + 1));
  const previous = () => setStep((s) => Math.max(0, s - 1));
  const skip = () => {
    if (step === 0) {
      setToWhom(GREETING_DEFAULTS.toWhom);
      setStep(1);
    } else if (step === 1) {
      setText(GREETING_DEFAULTS.greeting);
      setStep(2);
    } else if (step === 2) {
      setEnergy(0);
      void submit(0);
    }
  };

  const inTelegram = useGreetingMainButton({
    // «Отправить» waits for the gift's payment; a group card's done step has its invite's own sharing
    // (Telegram's prepared message would be the greeting itself, which its recipient cannot open yet)
    visible: session.isAuthenticated && !unpaid && !(step === 3 && invite),
    step,
    creating: create.isPending,
    onNext: next,
    greetingId: createdId,
    sendUrl: createdTelegramUrl ?? pageUrl,
    sendText: shareText,
    // Telegram's «Поделиться»: our share sheet, with the picture when there is one
    onShare: () =>
      void share(pageUrl, shareText, {
        telegramUrl: createdTelegramUrl,
        picture: pictureUrl ? { pictureUrl, alt: caption?.text.trim() || (postcard.data?.title ?? '') } : null,
      }),
  });

  // Telegram's back button steps back one step (on the first it returns to the postcard, asking while
  // something is typed; none on the last step), and the draft is kept for the next launch
  const goBack = useGoBack();
  const { draftOffer } = useWizardNative({
    id: postcardId,
    step,
    lastStep: 3,
    stepBack: previous,
    close: () => goBack(postcardPath),
    dirty: !!(toWhom || text || fromWhom),
    draft: { step, toWhom, text, fromWhom, background, caption },
    // a draft kept from an earlier launch is checked, its missing parts taking the wizard's start
    parse: parseDraft,
    restore: (d) => {
      setStep(d.step);
      setToWhom(d.toWhom);
      setText(d.text);
      setFromWhom(d.fromWhom);
      setBackground(d.background);
      setCaption(d.caption);
    },
  });

  const visitor = !session.loading && !session.isAuthenticated;
  const postcardMissing = !postcard.isLoading && (postcard.isError || !postcard.data);
  const stepName = STEPS[step]!;
  const title = t('wizard.stepTitle', { title: t(`wizard.steps.${stepName}`), step: step + 1 });
  // the tab says the step, as the heading does: «Кому поздравление? - Шаг 1 — Открытка»
  useDocumentTitle(visitor ? undefined : postcardMissing ? t('wizard.postcardNotFound') : title);

  if (visitor) {
    return <SignInPrompt />;
  }
  if (postcard.isLoading || session.loading) return <LoadingState text={t('greeting:view.loading')} />;
  if (postcard.isError || !postcard.data) {
    return <ErrorState title={t('wizard.postcardNotFound')} onRetry={() => navigate(postcardPath)} retryLabel={t('wizard.back')} />;
  }

  const bg = backgroundOf(background);
  // the moment it opens (a group card: when it is delivered), on the gift step
  const scheduleField = scheduled && (
    <ScheduleField
      value={opensAt}
      onChange={(v) => {
        setOpensAt(v);
        setScheduleError(null);
      }}
      error={scheduleError}
    />
  );
  const narrowNext = step <= 1; // under 450 px, Next takes its own row on steps 1-2

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col px-4 pt-3 min-[820px]:max-w-[820px]">
      <header className="mb-3 flex items-center gap-2">
        {/* inside Telegram its own back button closes the wizard */}
        {!inTelegram && (
          <button
            type="button"
            onClick={() => goBack(postcardPath)}
            disabled={step === 3}
            aria-label={t('wizard.close')}
            className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full hover:bg-surface-2 disabled:opacity-30"
          >
            <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        )}
        <h1 ref={heading} tabIndex={-1} className="min-w-0 flex-1 text-balance text-base font-bold leading-tight outline-none xs:text-lg sm:text-xl">
          {title}
        </h1>
      </header>
      {draftOffer}
      <ProgressDots count={STEPS.length} current={step} label={t('wizard.progress', { step: step + 1, count: STEPS.length })} />

      {/* from 820 px (the wide layout) the greeting being made stands beside the form */}
      <div className={cx(step < 3 && 'min-[820px]:grid min-[820px]:grid-cols-[240px_minmax(0,1fr)] min-[820px]:items-start min-[820px]:gap-8')} data-testid="wizard-body">
        {/* a live miniature of the greeting being made */}
        {step < 3 && (
          <div
            className="mt-5 flex items-center gap-4 rounded-3xl p-4 shadow-card min-[820px]:sticky min-[820px]:top-4 min-[820px]:mt-6 min-[820px]:flex-col min-[820px]:items-stretch"
            style={{ background: bg.css }}
            data-testid="wizard-preview"
          >
            <img
              src={postcard.data.preview_78x101_url ?? postcard.data.image_url}
              srcSet={postcard.data.preview_78x101_url ? `${postcard.data.preview_78x101_url} 78w, ${postcard.data.viewer_url ?? postcard.data.image_url} 720w` : undefined}
              sizes="(min-width: 820px) 208px, 78px"
              alt={postcard.data.title ?? ''}
              className="h-[101px] w-[78px] shrink-0 rounded-xl object-cover shadow-lg ring-2 ring-white/60 min-[820px]:aspect-[384/590] min-[820px]:h-auto min-[820px]:w-full"
            />
            <div className={cx('min-w-0', bg.ink === 'light' ? 'text-white' : 'text-[#3b2300]')}>
              <p className="text-xs font-semibold uppercase tracking-wider opacity-80">{t('wizard.previewFor')}</p>
              {/* two lines before it is cut: the sender should see the whole name they typed */}
              <p className="line-clamp-2 break-words text-2xl font-extrabold leading-tight drop-shadow-sm" data-testid="wizard-preview-to">
                {trimInvisible(toWhom) || GREETING_DEFAULTS.toWhom}
              </p>
              {step >= 1 && <p className="mt-1 line-clamp-2 break-words text-sm opacity-90">{trimInvisible(text) || GREETING_DEFAULTS.greeting}</p>}
              {/* the signature the greeting will carry, the default one too: the field's hint is only an example */}
              {step >= 1 && (
                <p className="mt-1 truncate text-sm font-semibold italic opacity-90" data-testid="wizard-preview-from">
                  — {trimInvisible(fromWhom) || senderName}
                </p>
              )}
            </div>
          </div>
        )}

        <div className="min-w-0">
          {/* a control reached by Tab scrolls clear of the sticky Назад / Пропустить / Далее, which takes two rows on a phone */}
          <div className="mt-6 flex flex-col gap-5 [&_*]:scroll-mb-24">
            {step === 0 && (
              <>
                <Field label={t('wizard.recipientLabel')} count={toWhom.length} max={GREETING_LIMITS.toWhomMax}>
                  {(id) => (
                    <input
                      id={id}
                      autoFocus
                      value={toWhom}
                      maxLength={GREETING_LIMITS.toWhomMax}
                      onChange={(e) => setToWhom(e.target.value)}
                      onKeyDown={(e) => e.key === 'Enter' && next()}
                      placeholder={t('wizard.recipientPlaceholder')}
                      className={inputClass}
                    />
                  )}
                </Field>
                {scheduled && intentOpens !== null && opensAt === intentOpens && (
                  // the calendar's texts: they load with it
                  <Suspense fallback={null}>
                    <OpensNote day={intent?.opens} onForget={() => setScheduled(false)} />
                  </Suspense>
                )}
                <BackgroundPicker value={background} onChange={setBackground} />
              </>
            )}

            {step === 1 && (
              <>
                <Field label={t('wizard.textLabel')} count={text.length} max={GREETING_LIMITS.greetingMax}>
                  {(id) => (
                    <textarea
                      id={id}
                      autoFocus
                      rows={5}
                      value={text}
                      maxLength={GREETING_LIMITS.greetingMax}
                      onChange={(e) => setText(e.target.value)}
                      placeholder={GREETING_DEFAULTS.greeting}
                      className={cx(inputClass, 'h-auto min-h-32 resize-y py-3 leading-relaxed')}
                    />
                  )}
                </Field>
                <Field label={t('wizard.fromLabel')} count={fromWhom.length} max={GREETING_LIMITS.fromWhomMax}>
                  {(id) => (
                    <>
                      <input
                        id={id}
                        value={fromWhom}
                        maxLength={GREETING_LIMITS.fromWhomMax}
                        onChange={(e) => setFromWhom(e.target.value)}
                        // the step's last field: Enter goes on, as on the first step
                        onKeyDown={(e) => e.key === 'Enter' && next()}
                        placeholder={t('wizard.fromPlaceholder')}
                        aria-describedby={`${id}-hint`}
                        className={inputClass}
                      />
                      <SenderHint id={`${id}-hint`} />
                    </>
                  )}
                </Field>
                {/* the editor and its texts load with the step */}
                <Suspense fallback={null}>
                  <CaptionSection
                    imageUrl={stillOf(postcard.data)}
                    value={caption}
                    onChange={setCaption}
                    footer={pictureFooter}
                    onFooterChange={setPictureFooter}
                  />
                </Suspense>
              </>
            )}

            {step === 2 && (
              <section className="flex flex-col gap-5 rounded-3xl border border-border bg-surface p-5 shadow-card">
                <p className="text-sm leading-relaxed text-muted">{t('wizard.energyIntro')}</p>
                {budget.isLoading ? (
                  <LoadingState text={t('greeting:view.loading')} />
                ) : budget.isError ? (
                  <p role="alert" className="text-sm text-danger">
                    {t('wizard.energyError')}
                  </p>
                ) : (
                  <>
                    <p className="text-center text-sm font-semibold">
                      <BoltIcon size={16} className="mr-1 inline-block align-[-3px] text-yang" />
                      {t('wizard.energyBalance', { count: yang })}
                    </p>
                    {yang > 0 ? (
                      <EnergyPicker energy={yang} value={Math.min(energy, yang)} onChange={setEnergy} />
                    ) : (
                      <p className="text-center text-sm text-muted">{t('wizard.energyNone')}</p>
                    )}
                  </>
                )}
              </section>
            )}

            {step === 2 && inTelegram && (
              <Suspense fallback={null}>
                <TelegramGiftChoice value={telegramGiftId} onChange={setTelegramGiftId} />
              </Suspense>
            )}

            {step === 2 && (
              <section className="flex flex-col gap-4 rounded-3xl border border-border bg-surface p-5 shadow-card" data-testid="wizard-group">
                <div className="flex items-center justify-between gap-4">
                  <label htmlFor={groupSwitchId} className="min-w-0 cursor-pointer">
                    <span className="block font-semibold">
                      <UsersIcon />
                      {t('groups:wizard.together')}
                    </span>
                    <span className="mt-1 block text-sm leading-snug text-muted">{t('groups:wizard.togetherHint')}</span>
                  </label>
                  <Switch id={groupSwitchId} checked={group} label={t('groups:wizard.together')} onChange={setGroup} />
                </div>
                {group && (
                  <fieldset className="flex flex-col gap-2">
                    <legend className="mb-2 text-sm font-semibold text-muted">{t('groups:wizard.delivery')}</legend>
                    {(['manual', 'scheduled'] as const).map((way) => (
                      <label
                        key={way}
                        className={cx(
                          'flex cursor-pointer items-start gap-3 rounded-2xl border p-3 transition-colors',
                          (way === 'scheduled') === scheduled ? 'border-primary bg-primary/5' : 'border-border',
                        )}
                      >
                        <input
                          type="radio"
                          name="group-delivery"
                          className="mt-1 h-4 w-4 accent-[var(--color-primary)]"
                          checked={(way === 'scheduled') === scheduled}
                          onChange={() => {
                            setScheduled(way === 'scheduled');
                            setScheduleError(null);
                            if (way === 'scheduled' && !opensAt) setOpensAt(defaultScheduleValue());
                          }}
                        />
                        <span className="min-w-0">
                          <span className="block font-semibold">{t(`groups:wizard.${way}`)}</span>
                          <span className="block text-sm leading-snug text-muted">{t(`groups:wizard.${way}Hint`)}</span>
                        </span>
                      </label>
                    ))}
                    {scheduleField}
                  </fieldset>
                )}
              </section>
            )}

            {step === 2 && !group && (
              <section ref={scheduleCard} className="flex scroll-mb-36 flex-col gap-4 rounded-3xl border border-border bg-surface p-5 shadow-card">
                <div className="flex items-center justify-between gap-4">
                  {/* the words toggle the switch too: it is a small target on a phone */}
                  <label htmlFor={scheduleSwitchId} className="min-w-0 cursor-pointer">
                    <span className="block font-semibold">
                      <CalendarIcon size={18} className="mr-1.5 inline-block align-[-3px] text-primary" />
                      {t('tracking.schedule.toggle')}
                    </span>
                    <span className="mt-1 block text-sm leading-snug text-muted">{t('tracking.schedule.hint')}</span>
                  </label>
                  <Switch
                    id={scheduleSwitchId}
                    checked={scheduled}
                    label={t('tracking.schedule.toggle')}
                    onChange={(on) => {
                      setScheduled(on);
                      setScheduleError(null);
                      if (on && !opensAt) setOpensAt(defaultScheduleValue());
                    }}
                  />
                </div>
                {scheduleField}
              </section>
            )}

            {step === 3 && createdId && (
              <section className="flex flex-col items-center justify-center gap-4 py-10 pb-[max(2.5rem,env(safe-area-inset-bottom))] text-center">
                <div
                  className={cx('flex h-28 w-28 items-center justify-center rounded-full shadow-card', bg.ink === 'light' ? 'text-white' : 'text-[#3b2300]')}
                  style={{ background: bg.css }}
                  aria-hidden="true"
                >
                  <EnvelopeHeartIcon size={56} strokeWidth={1.5} />
                </div>
                {/* «Поздравление создано!» is the page's heading above (focused and read out as the step opens): not said twice */}
                <p className="max-w-sm text-lg font-semibold">{invite ? t('groups:wizard.doneText') : t('wizard.doneText')}</p>
                {invite && (
                  <Suspense fallback={<div className="h-40 w-full max-w-sm animate-pulse rounded-3xl bg-surface-2" />}>
                    <div className="w-full max-w-sm">
                      <GroupInvitePanel
                        greetingId={createdId}
                        toWhom={trimInvisible(toWhom) || GREETING_DEFAULTS.toWhom}
                        invite={invite}
                        onInvite={(next) => {
                          setInvite(next);
                          const m = madeInEntry();
                          if (m) rememberMade({ ...m, invite: next });
                        }}
                      />
                    </div>
                  </Suspense>
                )}
                {createdOpensAt && (
                  <p className="rounded-2xl bg-accent-soft px-4 py-3 text-sm font-semibold text-accent-strong">
                    <HourglassIcon size={16} className="mr-1 inline-block align-[-3px]" />
                    {t('tracking.opens', { when: formatMoment(createdOpensAt, i18n.language) })}
                  </p>
                )}
                {unpaid && (
                  <Suspense fallback={null}>
                    <TelegramGiftPayment greeting={unpaid} onPaid={() => setUnpaid(null)} />
                  </Suspense>
                )}
                {inTelegram && !unpaid && !invite && <p className="rounded-2xl bg-accent-soft px-4 py-3 text-sm font-medium text-accent-strong">{t('wizard.telegramHint')}</p>}
                {!unpaid && <div className="mt-2 grid w-full max-w-sm gap-3">
                  <Button size="lg" block onClick={() => navigate(`/greeting/${createdId}`)}>
                    {t('wizard.view')}
                  </Button>
                  {/* a group card reaches its recipient only once delivered: its signers get the invite above */}
                  {!inTelegram && !invite && (
                    <Button size="lg" variant="secondary" block onClick={() => void share(pageUrl, shareText, { telegramUrl: createdTelegramUrl })}>
                      {t('wizard.share')}
                    </Button>
                  )}
                  {/* the card with the words on it, to send as a picture (Telegram: saved to the device) */}
                  {pictureUrl && !invite && (
                    <Suspense fallback={null}>
                      <SharePictureButton
                        size="lg"
                        variant="secondary"
                        block
                        share={{ pictureUrl, linkUrl: pageUrl, text: shareText, alt: caption?.text.trim() || (postcard.data.title ?? '') }}
                      />
                    </Suspense>
                  )}
                  <Button size="lg" variant="ghost" block onClick={() => navigate(postcardPath)}>
                    {t('wizard.ok')}
                  </Button>
                </div>}
              </section>
            )}

            {error && (
              <p ref={errorBox} role="alert" className="rounded-2xl bg-danger/10 px-4 py-3 text-sm font-medium text-danger">
                {error}
              </p>
            )}
          </div>

          {step < 3 && (
            <nav className={cx(stickyNav, 'flex-wrap')} aria-label={t('wizard.actions')}>
              {(step === 1 || step === 2) && (
                <Button variant="secondary" size="lg" onClick={previous} disabled={create.isPending} className="flex-1">
                  {t('wizard.back')}
                </Button>
              )}
              <Button variant="ghost" size="lg" onClick={skip} disabled={create.isPending} className="flex-1">
                {t('wizard.skip')}
              </Button>
              {/* in Telegram the native main button is Next / Create; Back and Skip stay in the page */}
              {!inTelegram && (
                <Button size="lg" onClick={next} loading={create.isPending} className={cx('flex-1', narrowNext && 'basis-full xs:basis-0', step === 2 && 'flex-auto whitespace-nowrap')}>
                  {step === 2 ? (create.isPending ? t('wizard.creating') : t('wizard.create')) : t('wizard.next')}
                </Button>
              )}
            </nav>
          )}
        </div>
      </div>
      {shareSheet}
    </div>
  );
}

/** A greeting started for a day opens on it: said on the first step, with a way to send it at once instead. */
function OpensNote({ day, onForget }: { day: string | undefined; onForget: () => void }) {
  const { t, i18n } = useTranslation('calendar');
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-2xl bg-accent-soft px-4 py-2.5 text-sm text-accent-strong" data-testid="wizard-opens-note">
      <span className="min-w-0 font-medium">
        <HourglassIcon size={16} className="mr-1 inline-block align-[-3px]" />
        {t('wizard.opens', { when: openingText(day, i18n.language) ?? '' })}
      </span>
      <button type="button" onClick={onForget} className="tap-44 shrink-0 font-semibold underline-offset-2 hover:underline">
        {t('wizard.forget')}
      </button>
    </div>
  );
}

/** Several people: the «Подписать вместе» switch's mark. */
function UsersIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" className="mr-1.5 inline-block align-[-3px] text-primary">
      <path
        d="M16 19v-1.5a3.5 3.5 0 0 0-3.5-3.5h-5A3.5 3.5 0 0 0 4 17.5V19M10 10.5a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM20 19v-1.5a3.5 3.5 0 0 0-2.5-3.35M15.5 4.65a3 3 0 0 1 0 5.7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The wizard's buttons stay at the bottom of the screen while the step scrolls. */
const stickyNav =
  'sticky bottom-0 z-10 -mx-4 mt-6 flex gap-3 bg-bg/95 px-4 pb-[max(1rem,env(safe-area-inset-bottom))] pt-3 backdrop-blur';

const inputClass =
  'h-12 w-full rounded-2xl border border-border bg-surface px-4 text-base text-text shadow-sm outline-none transition placeholder:text-muted/70 focus:border-primary focus:ring-4 focus:ring-primary/15';

function Field({ label, count, max, children }: { label: string; count: number; max: number; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-semibold text-muted">
          {label}
        </label>
        {count > max * 0.8 && (
          <span className="text-xs tabular-nums text-muted">
            {count}/{max}
          </span>
        )}
      </div>
      {children(id)}
    </div>
  );
}
