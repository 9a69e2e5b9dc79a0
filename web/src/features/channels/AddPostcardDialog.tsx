import type { Upload } from '@otkrytka/contract';
import { POSTCARD_LIMITS } from '@otkrytka/contract/rules/postcards';
import { type FormEvent, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '@/i18n';
import { ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/errorMessage';
import { Button } from '@/ui/Button';
import { TextArea } from '@/ui/FormField';
import { Modal } from '@/ui/Modal';
import { useToast } from '@/ui/toast';
import { useGroupedCategories } from '../categories/queries';
import { CategorySelect } from '../postcards/CategorySelect';
import { type Credit, CreditFields, creditBody, sourceError } from '../postcards/CreditFields';
import { mediaKindOf } from '../postcards/media';
import { type PixelSize, SizeWarning } from '../uploads/imageSize';
import { RecentUploads } from '../uploads/RecentUploads';
import { UploadPicker } from '../uploads/UploadPicker';
import { useCreatePostcard } from './queries';

/** Which description message applies, if any. */
export function descriptionError(text: string): 'descriptionRequired' | 'descriptionTooShort' | 'descriptionTooLong' | null {
  const v = text.trim();
  if (!v) return 'descriptionRequired';
  if (v.length < POSTCARD_LIMITS.descriptionMin) return 'descriptionTooShort';
  if (v.length > POSTCARD_LIMITS.descriptionMax) return 'descriptionTooLong';
  return null;
}

/** The add-postcard wizard: step 1 upload a file, step 2 category, description, author and source; saving closes it. */
export function AddPostcardDialog({ open, onClose, channelId, defaultCategoryId }: { open: boolean; onClose: () => void; channelId: number; defaultCategoryId?: number }) {
  const { t } = useTranslation('channels');
  // with a file uploaded or words written, closing (Escape, ✕, «Отмена») asks first
  const dirty = useRef(false);
  const [asking, setAsking] = useState(false);
  const close = () => {
    dirty.current = false;
    setAsking(false);
    onClose();
  };
  // Escape with the question open answers it «Продолжить»
  const requestClose = () => (asking ? setAsking(false) : dirty.current ? setAsking(true) : close());
  return (
    <Modal open={open} onClose={requestClose} title={t('addPostcard.title')} closeOnOverlay={false}>
      {asking && <DiscardQuestion onKeep={() => setAsking(false)} onDiscard={close} />}
      <Wizard onClose={close} onCancel={requestClose} onDirty={(d) => {
          dirty.current = d;
        }} channelId={channelId} defaultCategoryId={defaultCategoryId} />
    </Modal>
  );
}

function DiscardQuestion({ onKeep, onDiscard }: { onKeep: () => void; onDiscard: () => void }) {
  const { t } = useTranslation('channels');
  return (
    <div role="alertdialog" aria-labelledby="discard-postcard-title" aria-describedby="discard-postcard-text" className="mb-4 rounded-2xl border border-border bg-surface-2 p-3">
      <p id="discard-postcard-title" className="font-semibold">
        {t('addPostcard.discardTitle')}
      </p>
      <p id="discard-postcard-text" className="mt-1 text-sm text-muted">
        {t('addPostcard.discardText')}
      </p>
      <div className="mt-3 flex justify-end gap-2">
        <Button variant="secondary" onClick={onKeep} autoFocus>
          {t('addPostcard.keepEditing')}
        </Button>
        <Button variant="danger" onClick={onDiscard}>
          {t('addPostcard.discard')}
        </Button>
      </div>
    </div>
  );
}

/** The wizard's steps; mounted each time the dialog opens, so it always starts at step 1. */
function Wizard({
  onClose,
  onCancel,
  onDirty,
  channelId,
  defaultCategoryId,
}: {
  onClose: () => void;
  onCancel: () => void;
  onDirty: (dirty: boolean) => void;
  channelId: number;
  defaultCategoryId?: number;
}) {
  const { t } = useTranslation('channels');
  const toast = useToast();
  const create = useCreatePostcard();
  const [step, setStep] = useState<1 | 2>(1);
  const [upload, setUpload] = useState<Upload | null>(null);
  // the picture's size as the browser read it on picking, for when the server did not tell
  const [pickedSize, setPickedSize] = useState<PixelSize | null>(null);
  const [uploading, setUploading] = useState(false);
  const [categoryId, setCategoryId] = useState<number | null>(defaultCategoryId ?? null);
  // asked for while the file uploads, so step 2's category list is there when it opens
  useGroupedCategories(channelId);
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [credit, setCredit] = useState<Credit>({ author: '', source: '' });
  const [creditError, setCreditError] = useState<string | null>(null);
  const dirty = upload !== null || description.trim() !== '' || credit.author.trim() !== '' || credit.source.trim() !== '';
  // at commit, so a key pressed right after an upload already sees it
  useLayoutEffect(() => {
    onDirty(dirty);
  }, [dirty, onDirty]);

  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!upload?.cloud_url) return setError(t('addPostcard.noImageUrl'));
    const problem = descriptionError(description);
    if (problem) return setError(t(`addPostcard.${problem}`, { min: POSTCARD_LIMITS.descriptionMin, max: POSTCARD_LIMITS.descriptionMax }));
    const badSource = sourceError(credit.source);
    if (badSource) return setCreditError(t(`errors.${badSource}`));
    create.mutate(
      {
        upload_id: upload.id,
        collection_id: channelId,
        category_id: categoryId,
        description: description.trim(),
        ...creditBody(credit),
        url: upload.cloud_url,
      },
      {
        onSuccess: () => {
          toast(t('addPostcard.saved'), 'success');
          onClose();
        },
        onError: (err) => {
          const message = errorMessage(err, t('addPostcard.saveError'));
          if (err instanceof ApiError && (err.field === 'source_url' || err.field === 'author_name')) setCreditError(message);
          else setError(message);
        },
      },
    );
  };

  const kind = upload ? mediaKindOf(upload) : null;
  return (
    <>
      <p className="-mt-2 mb-2 text-sm text-muted">{t('addPostcard.step', { n: step, total: 2 })}</p>
      <ol className="mb-4 flex gap-2" aria-label={t('addPostcard.steps')}>
        {[1, 2].map((n) => (
          <li key={n} aria-current={n === step ? 'step' : undefined} className={`h-1.5 flex-1 rounded-full ${n <= step ? 'bg-primary' : 'bg-surface-3'}`} />
        ))}
      </ol>
      {step === 1 ? (
        <div className="flex flex-col gap-4">
          <h3 className="font-semibold">{t('addPostcard.uploadStep')}</h3>
          {upload ? (
            <div className="flex items-center gap-3 rounded-2xl bg-surface-2 p-3">
              {kind === 'video' && !upload.thumbnail_url ? (
                <video src={upload.cloud_url} className="h-24 w-[66px] rounded-lg object-cover" muted playsInline />
              ) : (
                <img src={upload.thumbnail_url ?? upload.cloud_url} alt="" className="h-24 w-[66px] rounded-lg object-cover" />
              )}
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{upload.file_name}</p>
                <p className="text-sm text-success">{t('addPostcard.uploaded')}</p>
                <SizeWarning kind={mediaKindOf(upload)} size={upload.width && upload.height ? { width: upload.width, height: upload.height } : pickedSize} className="mt-1" />
                <button type="button" className="tap-44 mt-1 text-sm font-medium text-primary" onClick={() => setUpload(null)}>
                  {t('addPostcard.another')}
                </button>
              </div>
            </div>
          ) : (
            <>
              <UploadPicker
                shortcut
                onUploaded={(u, picked) => {
                  setUpload(u);
                  setPickedSize(picked.size);
                  setError(null); // «Сначала загрузите файл» is answered
                }}
                onBusyChange={setUploading}
              />
              {!uploading && (
                <RecentUploads
                  onPick={(u) => {
                    setUpload(u);
                    setPickedSize(null);
                    setError(null);
                  }}
                />
              )}
            </>
          )}
          {error && step === 1 && (
            <p role="alert" className="text-sm text-danger">
              {error}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onCancel}>
              {t('common:cancel')}
            </Button>
            <Button
              disabled={uploading}
              onClick={() => {
                if (!upload?.cloud_url) return setError(t('addPostcard.noImageUrl'));
                setError(null);
                setStep(2);
              }}
            >
              {t('addPostcard.next')}
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={save} className="flex flex-col gap-4" noValidate>
          <CategorySelect channelId={channelId} value={categoryId} onChange={setCategoryId} />
          <TextArea
            label={t('addPostcard.description')}
            // the credit fields below say they are optional: this one says it is not
            hint={t('addPostcard.descriptionHint', { min: POSTCARD_LIMITS.descriptionMin, count: description.length, max: POSTCARD_LIMITS.descriptionMax })}
            aria-required
            value={description}
            maxLength={POSTCARD_LIMITS.descriptionMax}
            rows={5}
            placeholder={t('addPostcard.descriptionPlaceholder')}
            onChange={(e) => {
              setDescription(e.target.value.slice(0, POSTCARD_LIMITS.descriptionMax));
              setError(null);
            }}
            error={error}
            autoFocus
          />
          <CreditFields
            value={credit}
            onChange={(c) => {
              setCredit(c);
              setCreditError(null);
            }}
            error={creditError}
          />
          <div className="flex justify-between gap-2">
            <Button variant="ghost" onClick={() => setStep(1)}>
              {t('common:back')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('common:save')}
            </Button>
          </div>
        </form>
      )}
    </>
  );
}
