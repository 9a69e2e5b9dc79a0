import { AUTH_LIMITS } from '@otkrytka/contract/rules/auth';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from '@/router';
import { useTranslation } from '@/i18n';
import { api } from '@/lib/api';
import { haptic } from '@/telegram';
import { Button } from '@/ui/Button';
import { Checkbox, TextField } from '@/ui/Field';
import { DiceIcon } from '@/ui/icons-more';
import { useToast } from '@/ui/toast';
import { messageText, registrationError } from '../errors';
import { generatePassword } from '../password';
import { useSession } from '../session';
import { type FieldErrors, loginFromEmail, registrationBody, type RegistrationValues, validateRegistration } from '../validation';
import { FormAlert } from './FormAlert';
import { PasswordInput } from './PasswordInput';

const FIELDS: (keyof RegistrationValues)[] = ['email', 'login', 'username', 'password', 'agreement'];

/**
 * Registration: the login follows the email's part before "@" until the user edits
 * it; a password can be generated; a successful registration signs the user in.
 */
export function RegisterForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation('auth');
  const toast = useToast();
  const session = useSession();
  const [values, setValues] = useState<RegistrationValues>({ email: '', login: '', username: '', password: '', agreement: false });
  const [loginEdited, setLoginEdited] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<RegistrationValues>>({});
  const [submitted, setSubmitted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const focus = (f: keyof RegistrationValues) => (form.current?.elements.namedItem(f) as HTMLInputElement | null)?.focus();

  const update = (patch: Partial<RegistrationValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    setFormError(null);
    // once the form was sent, messages follow the edits; a server message goes when its field changes
    const fresh = submitted ? validateRegistration(next) : {};
    setErrors((prev) => {
      const out = { ...prev };
      for (const k of Object.keys(patch) as (keyof RegistrationValues)[]) out[k] = fresh[k];
      if (patch.email !== undefined && !loginEdited) out.login = fresh.login;
      return out;
    });
  };

  const onEmail = (email: string) => update(loginEdited ? { email } : { email, login: loginFromEmail(email) });
  const onLogin = (login: string) => {
    setLoginEdited(true);
    update({ login });
  };
  const onGenerate = () => {
    update({ password: generatePassword() });
    setShowPassword(true);
    haptic('light');
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const found = validateRegistration(values);
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) return focus(first);
    setBusy(true);
    const body = registrationBody(values);
    let res;
    try {
      res = await api('POST /api/auth/register', { body });
    } catch (err) {
      const fe = registrationError(err);
      haptic('error');
      if (fe.field) {
        setErrors({ [fe.field]: fe.message });
        focus(fe.field);
      } else setFormError(fe.message);
      setBusy(false);
      return;
    }
    // Registration signs in; should that part fail, the account still exists: say so and close.
    try {
      session.signedIn(res.access_token ? res : await api('POST /api/auth/login', { body: { login: body.login, password: body.password } }), true);
    } catch {
      /* signed up but not signed in */
    }
    haptic('success');
    toast(t('registrationSuccess'), 'success');
    onSignedIn();
  };

  const err = (f: keyof RegistrationValues) => (errors[f] ? messageText(errors[f]) : null);

  return (
    <form ref={form} noValidate onSubmit={submit} className="flex flex-col gap-4" aria-busy={busy || undefined}>
      {formError && <FormAlert>{messageText(formError)}</FormAlert>}
      <TextField
        name="email"
        type="email"
        inputMode="email"
        label={t('register.email')}
        autoComplete="email"
        autoCapitalize="off"
        spellCheck={false}
        required
        value={values.email}
        onChange={(e) => onEmail(e.target.value)}
        error={err('email')}
      />
      <TextField
        name="login"
        label={t('register.login')}
        hint={t('register.loginHint')}
        autoComplete="username"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        required
        value={values.login}
        onChange={(e) => onLogin(e.target.value)}
        error={err('login')}
      />
      <TextField
        name="username"
        label={t('register.username')}
        hint={t('register.usernameHint')}
        autoComplete="nickname"
        maxLength={AUTH_LIMITS.usernameMax}
        value={values.username}
        onChange={(e) => update({ username: e.target.value })}
        error={err('username')}
      />
      <PasswordInput
        name="password"
        label={t('register.password')}
        hint={t('register.passwordHint')}
        autoComplete="new-password"
        required
        value={values.password}
        onChange={(e) => update({ password: e.target.value })}
        visible={showPassword}
        onVisibleChange={setShowPassword}
        error={err('password')}
        labelAction={
          <button
            type="button"
            onClick={onGenerate}
            title={t('password.generate')}
            className="-my-1 inline-flex h-7 items-center gap-1.5 rounded-lg px-2 text-[13px] font-semibold text-primary transition-colors hover:bg-primary-soft"
          >
            <DiceIcon size={16} />
            {t('password.generateShort')}
          </button>
        }
      />
      <Checkbox
        name="agreement"
        checked={values.agreement}
        onChange={(e) => update({ agreement: e.target.checked })}
        error={err('agreement')}
        label={
          <>
            {t('register.agreementPrefix')}{' '}
            <Link to="/terms" target="_blank" rel="noopener" className="font-semibold text-primary underline-offset-2 hover:underline">
              {t('register.agreementLink')}
            </Link>
          </>
        }
      />
      <Button type="submit" size="lg" block loading={busy} className="mt-1">
        {t('register.submit')}
      </Button>
    </form>
  );
}
