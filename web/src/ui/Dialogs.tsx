import type { ReactNode } from 'react';
import { Button } from './Button';
import { Modal } from './Modal';

/** A yes/no question in a modal. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onClose,
  danger,
  loading,
}: {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  danger?: boolean;
  loading?: boolean;
}) {
  return (
    // while the action runs the dialog stays open, so its outcome is seen
    <Modal open={open} onClose={loading ? () => undefined : onClose} closable={!loading} title={title}>
      {children && <div className="mb-5 space-y-2 text-[15px] leading-relaxed text-muted">{children}</div>}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={loading}>
          {cancelLabel}
        </Button>
        <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} loading={loading}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}

/** A message the user must acknowledge (the spec's alerts), announced as an alert. */
export function AlertDialog({ open, title, children, okLabel, onClose }: { open: boolean; title: ReactNode; children?: ReactNode; okLabel: string; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title={title}>
      <div role="alert" className="mb-5 space-y-2 text-[15px] leading-relaxed text-muted break-words">
        {children}
      </div>
      <div className="flex justify-end">
        <Button onClick={onClose}>{okLabel}</Button>
      </div>
    </Modal>
  );
}
