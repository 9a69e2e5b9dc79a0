import { i18n, type TextKey, translate } from '@/i18n';
import { ApiError } from '@/lib/api';
import type { MessageKey, RegistrationValues } from './validation';

/**
 * The text for a message that may be an i18n key in the spec's dotted form (`auth.errors.x`, as the
 * server sends in validation errors) or plain text.
 */
export function messageText(message: string): string {
  const m = /^(\w+)\.(.+)$/.exec(message);
  // a key the server wrote: i18n.exists has checked it
  if (m && i18n.exists(m[2]!, m[1]!)) return translate(`${m[1]}:${m[2]}` as TextKey);
  return message;
}

/** A validation message "field: text" from a 422 answer, without the field name. */
/** The message key a 422 names ("field: auth.errors.…"); a text that is no key is not shown. */
const validationText = (e: ApiError) => {
  const text = typeof e.detail === 'string' ? e.detail.replace(/^[\w.]+:\s*/, '') : '';
  return text.startsWith('auth.errors.') ? text : '';
};

export interface FormError<F extends string> {
  field?: F;
  message: MessageKey | string;
}

/**
 * No answer came (offline, or the request was given up): that, not a verdict on what was typed —
 * «Неверный логин или пароль» for a login that never reached the server would send the user astray.
 */
const noAnswer = (e: unknown) => (e instanceof ApiError && e.status === 0 ? `common.errorCodes.${e.code}` : null);

/** Registration failures by their cause; a 422 names the field at fault. */
export function registrationError(e: unknown): FormError<keyof RegistrationValues> {
  const lost = noAnswer(e);
  if (lost) return { message: lost };
  if (!(e instanceof ApiError)) return { message: 'auth.errors.registrationFailed' };
  if (e.status >= 500) return { message: 'auth.errors.internalServerError' };
  if (e.status === 400) {
    if (e.detail === 'Email already registered') return { field: 'email', message: 'auth.errors.emailAlreadyRegistered' };
    if (e.detail === 'Login already taken') return { field: 'login', message: 'auth.errors.loginAlreadyTaken' };
    return { message: 'auth.errors.registrationFailed' };
  }
  if (e.status === 422) {
    const field = e.field as keyof RegistrationValues | undefined;
    const known: (keyof RegistrationValues)[] = ['email', 'login', 'username', 'password', 'agreement'];
    const message = validationText(e) || 'auth.errors.registrationFailed';
    return field && known.includes(field) ? { field, message } : { message };
  }
  if (e.status === 429) return { message: 'auth.errors.tooManyAttempts' };
  return { message: 'auth.errors.registrationFailed' };
}

/**
 * Login failures: auth.errors.loginFailed, "too many attempts" when rate limited, and
 * the lost connection or the timeout when no answer came.
 */
export function loginError(e: unknown): MessageKey | string {
  const lost = noAnswer(e);
  if (lost) return lost;
  if (e instanceof ApiError && e.status === 429) return 'auth.errors.tooManyAttempts';
  return 'auth.errors.loginFailed';
}
