import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from '@/i18n';
import { api } from '@/lib/api';
import { haptic } from '@/telegram';
import { Button } from '@/ui/Button';
import { Checkbox, TextField } from '@/ui/Field';
import { useToast } from '@/ui/toast';
import { loginError, messageText } from '../errors';
import { useSession } from '../session';
import { type FieldErrors, type LoginValues, validateLogin } from '../validation';
import { PasswordInput } from './PasswordInput';
import { FormAlert } from './FormAlert';

/** Sign-in by login (or email) and password, with "remember me" (a long-lived server session). */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation('auth');
  const toast = useToast();
  const session = useSession();
  const [values, setValues] = useState<LoginValues>({ login: '', password: '' });
  const [remember, setRemember] = useState(true);
  const [errors, setErrors] = useState<FieldErrors<LoginValues>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const loginRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const change = (field: keyof LoginValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setFormError(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found = validateLogin(values);
    setErrors(found);
    if (found.login) return loginRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();
    setBusy(true);
    try {
      const res = await api('POST /api/auth/login', { body: { login: values.login.trim(), password: values.password, remember } });
      session.signedIn(res, remember);
      haptic('success');
      // the account's saved language may switch the app a moment later: the toast follows it
      toast(() => t('loginSuccess'), 'success');
      onSignedIn();
    } catch (err) {
      haptic('error');
      setFormError(loginError(err));
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-busy={busy || undefined}>
      {formError && <FormAlert>{messageText(formError)}</FormAlert>}
      <TextField
        ref={loginRef}
        name="login"
        label={t('login.login')}
        autoComplete="username"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        value={values.login}
        onChange={(e) => change('login', e.target.value)}
        error={errors.login ? messageText(errors.login) : null}
      />
      <PasswordInput
        ref={passwordRef}
        name="password"
        label={t('login.password')}
        autoComplete="current-password"
        value={values.password}
        onChange={(e) => change('password', e.target.value)}
        error={errors.password ? messageText(errors.password) : null}
      />
      <Checkbox label={t('login.remember')} checked={remember} onChange={(e) => setRemember(e.target.checked)} />
      <Button type="submit" size="lg" block loading={busy} className="mt-1">
        {t('login.submit')}
      </Button>
    </form>
  );
}
