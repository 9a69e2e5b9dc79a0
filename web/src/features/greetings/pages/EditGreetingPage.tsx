import { GREETING_LIMITS } from '@otkrytka/contract/rules/greetings';
import { type FormEvent, Suspense, useEffect, useId, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from '@/router';
import { type TextKey, useTranslation } from '@/i18n';
import { errorMessage } from '@/lib/errorMessage';
import { Button } from '@/ui/Button';
import { cx } from '@/ui/cx';
import { Page } from '@/ui/Page';
import { LoadingState } from '@/ui/Spinner';
import { EmptyState } from '@/ui/States';
import { useToast } from '@/ui/toast';
import { useTelegram } from '@/telegram';
import { useSession } from '@/features/auth/session';
import { backgroundOf } from '../backgrounds';
import { ConfirmDialog } from '@/ui/Dialogs';
import { ScheduleEditor } from '../components/ScheduleEditor';
import { SignInPrompt } from '../components/SignInPrompt';
import { useDeleteGreeting, useGreeting, useUpdateGreeting } from '../queries';
import { LockIcon } from '@/ui/icons';
import { CompassIcon } from '@/ui/icons-greeting';
import { galleryWords, shownChannel } from '@/features/channels/shown';
import { trimInvisible } from '@otkrytka/contract/rules/text';
import { CaptionSection } from '@/features/pictures';
import { captionBody, type CaptionValue } from '@/features/pictures/caption';
import { stillOf } from '@/features/pictures/still';

type FieldName = 'to_whom' | 'greeting' | 'from_whom';
const REQUIRED: Record<FieldName, TextKey<'greetings'>> = {
  to_whom: 'edit.toWhomRequired',
  greeting: 'edit.greetingRequired',
  from_whom: 'edit.fromWhomRequired',
};

/**
 * /edit-greeting/{id}: the greeting with its postcard and channel; three required fields,
 * trimmed; the words on the card and the QR code under them (the picture is drawn again when they
 * change; a caption left without words is removed); save opens the greeting, delete goes to
 * /congratulations; Back per `from`.
 */
export default function EditGreetingPage() {
  const { t } = useTranslation(['greetings', 'greeting']);
  const { greetingId } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const session = useSession();
  const greeting = useGreeting(greetingId);
  const update = useUpdateGreeting(greetingId ?? '');
  const remove = useDeleteGreeting();
  const [values, setValues] = useState<Record<FieldName, string> | null>(null);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  /** the caption and footer as edited; undefined until the greeting has loaded */
  const [picture, setPicture] = useState<{ caption: CaptionValue | null; footer: boolean } | undefined>(undefined);
  const [confirm, setConfirm] = useState(false);
  const { isTelegramApp } = useTelegram();

  const view = greeting.data;
  // a sealed envelope is what someone other than the sender gets: not theirs to edit
  const g = view?.sealed ? undefined : view;
  useEffect(() => {
    if (!g || values) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the form starts from the loaded greeting once
    setValues({ to_whom: g.to_whom, greeting: g.greeting, from_whom: g.from_whom });
    setPicture({ caption: g.caption ? { ...g.caption } : null, footer: g.picture_footer });
  }, [g, values]);

  const back = () => {
    if (params.get('from') === 'congratulations') navigate('/congratulations');
    else if (g?.postcard?.collection_id) navigate(`/mychannels/${g.postcard.collection_id}/${g.image_relations_id}`);
    else navigate('/mychannels');
  };

  if (greeting.isLoading || session.loading) return <LoadingState text={t('greeting:view.loading')} />;
  if (greeting.isError || !view) {
    return (
      <Page>
        <EmptyState icon={<CompassIcon />} title={t('greeting:view.notFound')} action={<Button onClick={back}>{t('edit.back')}</Button>} />
      </Page>
    );
  }
  if (!session.isAuthenticated) return <SignInPrompt />;
  if (!g || !g.is_own) {
    return (
      <Page>
        <EmptyState icon={<LockIcon />} title={t('edit.notOwner')} action={<Button onClick={back}>{t('edit.back')}</Button>} />
      </Page>
    );
  }
  if (!values || !picture) return <LoadingState text={t('greeting:view.loading')} />;

  async function save(e: FormEvent) {
    e.preventDefault();
    const trimmed = { to_whom: trimInvisible(values!.to_whom), greeting: trimInvisible(values!.greeting), from_whom: trimInvisible(values!.from_whom) };
    const found: Partial<Record<FieldName, string>> = {};
    for (const f of Object.keys(REQUIRED) as FieldName[]) if (!trimmed[f]) found[f] = t(REQUIRED[f]);
    setErrors(found);
    if (Object.keys(found).length) return;
    // the words on the card are sent only when they changed (each change draws the picture again)
    const caption = picture!.caption?.text.trim() ? captionBody(picture!.caption) : null;
    const captionChanged = JSON.stringify(caption) !== JSON.stringify(g!.caption ?? null);
    const footerChanged = caption !== null && picture!.footer !== g!.picture_footer;
    try {
      await update.mutateAsync({
        ...trimmed,
        ...(captionChanged ? { caption } : {}),
        ...(captionChanged || footerChanged ? (caption ? { picture_footer: picture!.footer } : {}) : {}),
      });
      toast(t('edit.saved'), 'success');
      navigate(`/greeting/${g!.id}?from=congratulations`);
    } catch (err) {
      toast(errorMessage(err, t('edit.updateError')), 'error');
    }
  }

  async function onDelete() {
    try {
      await remove.mutateAsync(g!.id);
      navigate('/congratulations');
    } catch (err) {
      toast(errorMessage(err, t('lists.deleteError')), 'error');
    }
  }

  const set = (f: FieldName) => (v: string) => {
    setValues((s) => ({ ...s!, [f]: v }));
    if (errors[f]) setErrors((e) => ({ ...e, [f]: undefined }));
  };
  const bg = backgroundOf(g.background_greeting_page);

  return (
    <Page title={t('pages.editGreeting')}>
      <div className="mb-5 flex items-center gap-4 rounded-3xl p-4 shadow-card" style={{ background: bg.css }}>
        {g.postcard && (
          <img
            src={g.postcard.preview_78x101_url ?? g.postcard.image_url}
            alt=""
            className="h-[101px] w-[78px] shrink-0 rounded-xl object-cover shadow-lg ring-2 ring-white/60"
          />
        )}
        <dl className={cx('min-w-0 text-sm', bg.ink === 'light' ? 'text-white' : 'text-[#3b2300]')}>
          <div className="flex gap-1.5">
            <dt className="font-semibold opacity-80">{t('edit.postcard')}</dt>
            <dd className="truncate font-bold">{g.postcard?.title || t('greeting:view.untitled')}</dd>
          </div>
          {g.channel && (
            <div className="flex gap-1.5">
              <dt className="font-semibold opacity-80">{t('edit.channel')}</dt>
              <dd className="truncate font-bold">{shownChannel(g.channel, galleryWords(t)).name}</dd>
            </div>
          )}
        </dl>
      </div>
      {g.status === 'scheduled' && (
        <div className="mb-5 rounded-3xl border border-border bg-surface p-4 shadow-card">
          <ScheduleEditor greeting={g} />
        </div>
      )}
      <form onSubmit={save} noValidate className="flex flex-col gap-5">
        <TextField label={t('edit.toWhom')} value={values.to_whom} onChange={set('to_whom')} error={errors.to_whom} max={GREETING_LIMITS.toWhomMax} />
        <TextField label={t('edit.greeting')} value={values.greeting} onChange={set('greeting')} error={errors.greeting} max={GREETING_LIMITS.greetingMax} multiline />
        <TextField label={t('edit.fromWhom')} value={values.from_whom} onChange={set('from_whom')} error={errors.from_whom} max={GREETING_LIMITS.fromWhomMax} />
        {g.postcard && (
          // the editor and its texts load with the page's form, not with the app
          <Suspense fallback={<div className="h-24 animate-pulse rounded-3xl bg-surface-2" />}>
            <CaptionSection
              imageUrl={stillOf(g.postcard)}
              value={picture.caption}
              onChange={(caption) => setPicture((p) => ({ ...p!, caption }))}
              footer={picture.footer}
              onFooterChange={(footer) => setPicture((p) => ({ ...p!, footer }))}
            />
          </Suspense>
        )}
        <div className="mt-2 flex flex-wrap gap-3">
          {/* inside Telegram its own back button does this */}
          {!isTelegramApp && (
            <Button variant="secondary" size="lg" onClick={back} className="flex-1">
              {t('edit.back')}
            </Button>
          )}
          <Button variant="danger" size="lg" onClick={() => setConfirm(true)} className="flex-1">
            {t('edit.delete')}
          </Button>
          <Button type="submit" size="lg" loading={update.isPending} className="flex-1 basis-full xs:basis-0">
            {update.isPending ? t('edit.saving') : t('edit.save')}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirm}
        title={t('lists.confirmDelete')}
        confirmLabel={t('edit.delete')}
        loading={remove.isPending}
        cancelLabel={t('lists.cancel')}
        danger
        onConfirm={() => void onDelete()}
        onClose={() => setConfirm(false)}
      >
        {g?.accepted_at && t('lists.confirmDeleteAcceptedNote')}
      </ConfirmDialog>
    </Page>
  );
}

function TextField({
  label,
  value,
  onChange,
  error,
  max,
  multiline,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  max: number;
  multiline?: boolean;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const cls = cx(
    'w-full rounded-2xl border bg-surface px-4 text-base text-text shadow-sm outline-none transition focus:ring-4',
    error ? 'border-danger focus:ring-danger/15' : 'border-border focus:border-primary focus:ring-primary/15',
    multiline ? 'min-h-36 resize-y py-3 leading-relaxed' : 'h-12',
  );
  const common = {
    id,
    value,
    maxLength: max,
    'aria-invalid': !!error || undefined,
    'aria-describedby': error ? errorId : undefined,
    className: cls,
  };
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-muted">
        {label}
      </label>
      {multiline ? (
        <textarea {...common} rows={6} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} onChange={(e) => onChange(e.target.value)} />
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
