import { AUTH_LIMITS } from '@otkrytka/contract/rules/auth';
import type { RegisterBody } from '@otkrytka/contract';

/** Messages are i18n keys in the spec's form (`auth.errors.loginTooShort`), the same ones the server sends. */
export type MessageKey = `auth.errors.${string}`;

export interface LoginValues {
  login: string;
  password: string;
}

export interface RegistrationValues {
  email: string;
  login: string;
  username: string;
  password: string;
  agreement: boolean;
}

export type FieldErrors<T> = Partial<Record<keyof T, MessageKey>>;

// The browser's own idea of an email address (input type="email"), checked in code too.
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** Login form: login and password are required. */
export function validateLogin(v: LoginValues): FieldErrors<LoginValues> {
  const e: FieldErrors<LoginValues> = {};
  if (!v.login.trim()) e.login = 'auth.errors.loginRequired';
  if (!v.password) e.password = 'auth.errors.passwordRequired';
  return e;
}

/**
 * Registration form: email required and valid; login 3–50 characters; password at
 * least 8; the agreement accepted. The username is optional.
 */
export function validateRegistration(v: RegistrationValues): FieldErrors<RegistrationValues> {
  const e: FieldErrors<RegistrationValues> = {};
  const email = v.email.trim();
  if (!email) e.email = 'auth.errors.emailRequired';
  else if (!EMAIL.test(email)) e.email = 'auth.errors.emailInvalid';
  const login = v.login.trim();
  if (!login) e.login = 'auth.errors.loginRequired';
  else if (login.length < AUTH_LIMITS.loginMin) e.login = 'auth.errors.loginTooShort';
  else if (login.length > AUTH_LIMITS.loginMax) e.login = 'auth.errors.loginTooLong';
  if (!v.password) e.password = 'auth.errors.passwordRequired';
  else if (v.password.length < AUTH_LIMITS.passwordMin) e.password = 'auth.errors.passwordTooShort';
  else if (v.password.length > AUTH_LIMITS.passwordMax) e.password = 'auth.errors.passwordTooLong';
  else if (v.password.trim() === '') e.password = 'auth.errors.passwordBlank';
  if (v.username.trim().length > AUTH_LIMITS.usernameMax) e.username = 'auth.errors.usernameTooLong';
  if (!v.agreement) e.agreement = 'auth.errors.agreementRequired';
  return e;
}

/** The login suggested for an email: the part before the at-sign. */
export function loginFromEmail(email: string): string {
  const at = email.indexOf('@');
  return (at === -1 ? email : email.slice(0, at)).trim();
}

/** What the registration form sends: trimmed values, an empty username as null, auth_type local. */
export function registrationBody(v: RegistrationValues): RegisterBody {
  return {
    email: v.email.trim(),
    login: v.login.trim(),
    username: v.username.trim() || null,
    password: v.password,
    agreement: true,
    auth_type: 'local',
    remember: true,
  };
}
