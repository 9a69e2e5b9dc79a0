import { useCallback, useRef, useState } from 'react';
import { useTranslation } from '@/i18n';
import { Modal } from '@/ui/Modal';
import type { AuthMode } from '../mode';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';

export interface AuthDialogProps {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  onClose: () => void;
  onSignedIn: () => void;
  /** false on auth pages: no close button, Escape or overlay click */
  closable?: boolean;
  /** false on /auth: the modal sits on the page without a dimmed overlay */
  overlay?: boolean;
  /** why it opened ("sign in to accept the greeting"), in place of the greeting line under the title */
  reason?: string | undefined;
}

/** The login modal that toggles to registration and back. */
export default function AuthDialog({ mode, onModeChange, onClose, onSignedIn, closable = true, overlay = true, reason }: AuthDialogProps) {
  const { t } = useTranslation('auth');
  const login = mode === 'login';
  // switched between sign-in and sign-up: the new form's first field takes the focus (it stayed on
  // the switch, now at the bottom of a different form)
  const moved = useRef(false);
  const switched = useCallback((form: HTMLDivElement | null) => {
    if (!form || !moved.current) return;
    moved.current = false;
    form.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, []);
  // with a mouse and a keyboard the first field has the focus from the start, so typing goes
  // there; a phone's keyboard waits for a tap
  const [firstField] = useState(() => (window.matchMedia?.('(pointer: fine)').matches ? 'input' : undefined));
  return (
    <Modal
      open
      onClose={onClose}
      closable={closable}
      closeOnOverlay={false}
      overlay={overlay}
      title={login ? t('login.title') : t('register.title')}
      description={reason ?? (login ? t('login.subtitle') : t('register.subtitle'))}
      initialFocus={firstField}
    >
      <div key={mode} ref={switched} className="animate-fade-in">
        {login ? <LoginForm onSignedIn={onSignedIn} /> : <RegisterForm onSignedIn={onSignedIn} />}
      </div>
      <p className="mt-5 text-center text-sm text-muted">
        {login ? t('login.noAccount') : t('register.haveAccount')}{' '}
        <button
          type="button"
          onClick={() => {
            moved.current = true;
            onModeChange(login ? 'register' : 'login');
          }}
          // a taller hit area (44 px) without a taller line
          className="-my-3 inline-block rounded py-3 font-semibold text-primary underline-offset-2 hover:underline"
        >
          {login ? t('login.toRegister') : t('register.toLogin')}
        </button>
      </p>
    </Modal>
  );
}
