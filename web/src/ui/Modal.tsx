import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { cx } from './cx';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title?: ReactNode;
  children: ReactNode;
  /** close on a click outside the panel (default true) */
  closeOnOverlay?: boolean;
  /** false on auth pages: no overlay close, no Escape, no close button */
  closable?: boolean;
  /** hide the dimmed overlay (the /auth page shows the modal on the page itself) */
  overlay?: boolean;
  className?: string;
}

/** The generic modal: closes on Escape and optionally on an overlay click; focus moves into it. */
export function Modal({ open, onClose, title, children, closeOnOverlay = true, closable = true, overlay = true, className }: ModalProps) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => {
    if (!open) return;
    const prev = document.activeElement as HTMLElement | null;
    panel.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && closable) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      prev?.focus?.();
    };
  }, [open, closable, onClose]);
  if (!open) return null;
  return createPortal(
    <div
      className={cx('fixed inset-0 z-[1000] flex items-end justify-center sm:items-center', overlay && 'bg-black/45 backdrop-blur-[2px]')}
      onMouseDown={(e) => {
        if (e.target === e.currentTarget && closable && closeOnOverlay) onClose();
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        tabIndex={-1}
        className={cx(
          'relative max-h-[92dvh] w-full overflow-y-auto rounded-t-3xl bg-surface p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-card outline-none sm:max-w-md sm:rounded-3xl',
          className,
        )}
      >
        {(title || closable) && (
          <div className="mb-4 flex items-start justify-between gap-3">
            {title && (
              <h2 id={titleId} className="text-xl font-bold">
                {title}
              </h2>
            )}
            {closable && (
              <button
                type="button"
                onClick={onClose}
                aria-label="✕"
                className="-mr-1 -mt-1 ml-auto inline-flex h-9 w-9 items-center justify-center rounded-full text-muted hover:bg-surface-2"
              >
                <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
                  <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
                </svg>
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
