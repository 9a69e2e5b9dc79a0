import { type ReactNode, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../i18n';
import { cx } from './cx';
import { CloseIcon } from './icons';
import { useFocusTrap } from './useFocusTrap';
import { useScrollLock } from './useScrollLock';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title?: ReactNode;
  /** a line under the title */
  description?: ReactNode;
  children: ReactNode;
  /** close on a click outside the panel (default true) */
  closeOnOverlay?: boolean;
  /** false on auth pages: no overlay close, no Escape, no close button */
  closable?: boolean;
  /** hide the dimmed overlay (the /auth page shows the modal on the page itself) */
  overlay?: boolean;
  className?: string;
  /** a selector of what takes the focus as it opens (default: the panel itself) */
  initialFocus?: string;
}

/**
 * The generic modal: a bottom sheet on phones, a centred card from `sm` up. Closes on Escape and
 * optionally on an overlay click; focus moves into it, stays inside while it is open and returns
 * to where it was afterwards; the page behind does not scroll.
 */
export function Modal({ open, onClose, title, description, children, closeOnOverlay = true, closable = true, overlay = true, className, initialFocus }: ModalProps) {
  const { t } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descId = useId();
  useFocusTrap(panel, open, closable ? onClose : undefined, initialFocus);

  useScrollLock(open);

  if (!open) return null;
  return createPortal(
    <div
      className={cx(
        'fixed inset-0 z-[1000] flex items-end justify-center sm:items-center sm:p-6',
        overlay ? 'animate-fade-in bg-scrim backdrop-blur-[3px]' : 'pointer-events-none',
      )}
      onMouseDown={(e) => {
        if (e.target === e.currentTarget && closable && closeOnOverlay) onClose();
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-describedby={description ? descId : undefined}
        tabIndex={-1}
        className={cx(
          'pointer-events-auto relative max-h-[94dvh] w-full animate-sheet-in overflow-y-auto overscroll-contain rounded-t-[28px] border border-border/60 bg-surface px-5 pb-[max(1.5rem,env(safe-area-inset-bottom))] pt-6 shadow-float outline-none sm:max-w-md sm:animate-pop-in sm:rounded-[28px] sm:px-7 sm:pb-7 sm:pt-6',
          className,
        )}
      >
        {(title || closable) && (
          <div className="mb-5 flex items-start justify-between gap-3">
            {title && (
              <div className="min-w-0">
                <h2 id={titleId} className="text-[22px] font-bold leading-tight tracking-tight">
                  {title}
                </h2>
                {description && (
                  <p id={descId} className="mt-1 text-sm text-muted">
                    {description}
                  </p>
                )}
              </div>
            )}
            {closable && (
              <button
                type="button"
                onClick={onClose}
                aria-label={t('close')}
                className="-mr-2 -mt-1 ml-auto inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-muted transition-colors hover:bg-surface-2 hover:text-text"
              >
                <CloseIcon size={20} />
              </button>
            )}
          </div>
        )}
        {children}
      </div>
    </div>,
    document.body,
  );
}
