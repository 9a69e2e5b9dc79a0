import type { Postcard } from '@otkrytka/contract';
import { POSTCARD_LIMITS } from '@otkrytka/contract/rules/postcards';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '@/i18n';
import { ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/errorMessage';
import { Button } from '@/ui/Button';
import { TextArea } from '@/ui/FormField';
import { Modal } from '@/ui/Modal';
import { useToast } from '@/ui/toast';
import { descriptionError } from '../channels/AddPostcardDialog';
import { type Credit, CreditFields, creditBody, sourceError } from './CreditFields';
import { useUpdatePostcard } from './queries';
import { CategorySelect } from './CategorySelect';

/** The owner edits a saved postcard: its category, description, author of the work and link to the original. */
export function EditPostcardDialog({ postcard, open, onClose }: { postcard: Postcard; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('channels');
  return (
    <Modal open={open} onClose={onClose} title={t('editPostcard.title')} closeOnOverlay={false}>
      {open && <EditForm postcard={postcard} onClose={onClose} />}
    </Modal>
  );
}

function EditForm({ postcard, onClose }: { postcard: Postcard; onClose: () => void }) {
  const { t } = useTranslation('channels');
  const toast = useToast();
  const update = useUpdatePostcard();
  const [categoryId, setCategoryId] = useState(postcard.category_id);
  const [description, setDescription] = useState(postcard.description ?? '');
  const [credit, setCredit] = useState<Credit>({ author: postcard.author ?? '', source: postcard.source_url ?? '' });
  const [error, setError] = useState<string | null>(null);
  const [creditError, setCreditError] = useState<string | null>(null);

  const save = (e: FormEvent) => {
    e.preventDefault();
    const problem = descriptionError(description);
    if (problem) return setError(t(`addPostcard.${problem}`, { min: POSTCARD_LIMITS.descriptionMin, max: POSTCARD_LIMITS.descriptionMax }));
    const badSource = sourceError(credit.source);
    if (badSource) return setCreditError(t(`errors.${badSource}`));
    update.mutate(
      { id: postcard.id, body: { category_id: categoryId, description: description.trim(), ...creditBody(credit) } },
      {
        onSuccess: () => {
          toast(t('editPostcard.saved'), 'success');
          onClose();
        },
        onError: (err) => {
          const message = errorMessage(err, t('editPostcard.saveError'));
          if (err instanceof ApiError && (err.field === 'source_url' || err.field === 'author_name')) setCreditError(message);
          else setError(message);
        },
      },
    );
  };

  return (
    <form onSubmit={save} className="flex flex-col gap-4" noValidate data-testid="edit-postcard-form">
      {/* a postcard moves to another category here: a category in use cannot be deleted */}
      <CategorySelect channelId={postcard.collection_id} value={categoryId} onChange={setCategoryId} />
      <TextArea
        label={t('addPostcard.description')}
        hint={`${description.length}/${POSTCARD_LIMITS.descriptionMax}`}
        value={description}
        maxLength={POSTCARD_LIMITS.descriptionMax}
        rows={4}
        onChange={(e) => {
          setDescription(e.target.value.slice(0, POSTCARD_LIMITS.descriptionMax));
          setError(null);
        }}
        error={error}
      />
      <CreditFields
        value={credit}
        onChange={(c) => {
          setCredit(c);
          setCreditError(null);
        }}
        error={creditError}
      />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('common:cancel')}
        </Button>
        <Button type="submit" loading={update.isPending}>
          {t('common:save')}
        </Button>
      </div>
    </form>
  );
}
