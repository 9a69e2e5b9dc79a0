import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';
import { i18n, useTextsChange } from '../i18n';
import { cx } from './cx';
import { AlertIcon, CheckIcon } from './icons-first';

type Kind = 'success' | 'error' | 'info';
/** A text, or how to write it: a function is read again when the language changes while it shows. */
type ToastText = string | (() => string);
interface Toast {
  id: number;
  kind: Kind;
  text: ToastText;
}

const ToastContext = createContext<((text: ToastText, kind?: Kind, ms?: number) => void) | null>(null);
let nextId = 1;

/** Short messages at the top of the screen, over the top bar, announced to screen readers. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  // re-renders when the language changes, so a toast given as a function follows it; one given
  // as a text is written in the old language, so it goes
  useTextsChange();
  const [language, setLanguage] = useState(i18n.language);
  if (language !== i18n.language) {
    setLanguage(i18n.language);
    setToasts((t) => t.filter((x) => typeof x.text === 'function'));
  }
  const show = useCallback((text: ToastText, kind: Kind = 'info', ms = 3500) => {
    const id = nextId++;
    // a new message replaces the one of its kind, so quick steps (sign in, then accept) never pile up over the page
    setToasts((t) => [...t.filter((x) => x.kind !== kind), { id, kind, text }]);
    window.setTimeout(() => setToasts((t) => t.filter((x) => x.id !== id)), ms);
  }, []);
  const dismiss = (id: number) => setToasts((t) => t.filter((x) => x.id !== id));
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div
        aria-live="polite"
        // over the 64 px top bar, not below it: for the few seconds a toast shows, the page's title
        // and what the action just changed there stay in view (a tap on the toast dismisses it)
        className="pointer-events-none fixed inset-x-0 top-[calc(env(safe-area-inset-top)+0.5rem)] z-[2000] flex flex-col items-center gap-2 px-4"
      >
        {toasts.map((t) => (
          <div
            key={t.id}
            role={t.kind === 'error' ? 'alert' : 'status'}
            onClick={() => dismiss(t.id)}
            className={cx(
              'pointer-events-auto flex max-w-md animate-toast-in items-center gap-2.5 rounded-2xl py-3 pl-3 pr-4 text-sm font-semibold shadow-float',
              t.kind === 'success' && 'bg-text text-bg',
              t.kind === 'error' && 'bg-danger text-on-danger',
              t.kind === 'info' && 'border border-border bg-surface text-text',
            )}
          >
            {t.kind === 'success' && (
              <span className="inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-success text-on-success">
                <CheckIcon size={15} strokeWidth={3} />
              </span>
            )}
            {t.kind === 'error' && <AlertIcon size={19} className="shrink-0" />}
            <span>{typeof t.text === 'function' ? t.text() : t.text}</span>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast() {
  const t = useContext(ToastContext);
  if (!t) throw new Error('useToast outside ToastProvider');
  return t;
}
