import type { Channel } from '@otkrytka/contract';
import { CHANNEL_LIMITS } from '@otkrytka/contract/rules/postcards';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '@/i18n';
import { ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/errorMessage';
import { Button } from '@/ui/Button';
import { AlertDialog } from '@/ui/Dialogs';
import { TextArea, TextInput } from '@/ui/FormField';
import { Modal } from '@/ui/Modal';
import { useCreateChannel, useUpdateChannel } from './queries';
import { trimInvisible } from '@otkrytka/contract/rules/text';

/** The create-channel dialog, or the edit dialog when `channel` is given. */
export function ChannelFormDialog({ open, onClose, channel, onSaved }: { open: boolean; onClose: () => void; channel?: Channel; onSaved?: (c: Channel) => void }) {
  const { t } = useTranslation('channels');
  const [alert, setAlert] = useState<string | null>(null);
  return (
    <>
      <Modal open={open} onClose={onClose} title={channel ? t('form.editTitle') : t('form.createTitle')}>
        <ChannelForm channel={channel} onClose={onClose} onSaved={onSaved} onAlert={setAlert} />
      </Modal>
      <AlertDialog open={!!alert} title={t('errors.title')} okLabel={t('common:ok')} onClose={() => setAlert(null)}>
        {alert}
      </AlertDialog>
    </>
  );
}

/** The form itself; mounted each time the dialog opens, so it starts from the channel's values. */
function ChannelForm({ channel, onClose, onSaved, onAlert }: { channel?: Channel; onClose: () => void; onSaved?: (c: Channel) => void; onAlert: (m: string) => void }) {
  const { t } = useTranslation('channels');
  const [name, setName] = useState(channel?.name ?? '');
  const [description, setDescription] = useState(channel?.description ?? '');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateChannel();
  const update = useUpdateChannel(channel?.id ?? 0);
  const saving = create.isPending || update.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = trimInvisible(name);
    if (trimmed.length < CHANNEL_LIMITS.nameMin) {
      setError(t(trimmed ? 'errors.nameTooShort' : 'errors.nameRequired', { min: CHANNEL_LIMITS.nameMin }));
      return;
    }
    const body = { name: trimmed, description: trimInvisible(description) || null };
    const done = (c: Channel) => {
      onSaved?.(c);
      onClose();
    };
    if (channel) {
      update.mutate(body, { onSuccess: done, onError: (err) => onAlert(errorMessage(err, t('errors.title'))) });
    } else {
      create.mutate(body, {
        onSuccess: done,
        onError: (err) => {
          if (err instanceof ApiError && err.status === 422) setError(t('errors.nameTooShort', { min: CHANNEL_LIMITS.nameMin }));
          else setError(errorMessage(err, t('errors.create')));
        },
      });
    }
  };

  return (
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <TextInput
          label={t('form.name')}
          value={name}
          maxLength={CHANNEL_LIMITS.nameMax}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
          placeholder={t('form.namePlaceholder')}
          error={error}
          autoFocus
          required
        />
        <TextArea
          label={t('form.description')}
          value={description}
          maxLength={CHANNEL_LIMITS.descriptionMax}
          onChange={(e) => setDescription(e.target.value)}
          placeholder={t('form.descriptionPlaceholder')}
          rows={3}
        />
        <div className="flex justify-end gap-2 pt-1">
          <Button variant="secondary" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {channel ? t('common:save') : t('common:create')}
          </Button>
        </div>
      </form>
  );
}
