import { useTranslation } from '../../../i18n';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';

/** Asks before a destructive action; stays open (busy) while it runs. */
export function ConfirmDialog({
  open,
  message,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  message: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('greetings');
  return (
    <Modal open={open} onClose={busy ? () => undefined : onClose} closable={!busy}>
      <p className="mb-6 text-base leading-relaxed" role="alertdialog">
        {message}
      </p>
      <div className="flex gap-3">
        <Button variant="secondary" block onClick={onClose} disabled={busy}>
          {t('lists.cancel')}
        </Button>
        <Button variant="danger" block onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
