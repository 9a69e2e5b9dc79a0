import { describe, expect, it } from 'vitest';
import { loginFromEmail, registrationBody, type RegistrationValues, validateLogin, validateRegistration } from './validation';

const valid: RegistrationValues = { email: 'anna@example.com', login: 'anna', username: '', password: '12345678', agreement: true };
const check = (patch: Partial<RegistrationValues>) => validateRegistration({ ...valid, ...patch });

describe('registration rules', () => {
  it('accepts a complete form', () => {
    expect(validateRegistration(valid)).toEqual({});
  });

  it('requires an email and a valid one', () => {
    expect(check({ email: '' }).email).toBe('auth.errors.emailRequired');
    expect(check({ email: '   ' }).email).toBe('auth.errors.emailRequired');
    for (const bad of ['anna', 'anna@', '@example.com', 'anna@example', 'an na@example.com', 'anna@exa mple.com']) {
      expect(check({ email: bad }).email, bad).toBe('auth.errors.emailInvalid');
    }
    expect(check({ email: ' Anna.B+cards@mail.example.ru ' }).email).toBeUndefined();
  });

  it('wants a login of 3 to 50 characters (trimmed)', () => {
    expect(check({ login: '' }).login).toBe('auth.errors.loginRequired');
    expect(check({ login: 'ab' }).login).toBe('auth.errors.loginTooShort');
    expect(check({ login: '  ab  ' }).login).toBe('auth.errors.loginTooShort');
    expect(check({ login: 'abc' }).login).toBeUndefined();
    expect(check({ login: 'a'.repeat(50) }).login).toBeUndefined();
    expect(check({ login: 'a'.repeat(51) }).login).toBe('auth.errors.loginTooLong');
  });

  it('wants a password of at least 8 characters', () => {
    expect(check({ password: '' }).password).toBe('auth.errors.passwordRequired');
    expect(check({ password: '1234567' }).password).toBe('auth.errors.passwordTooShort');
    expect(check({ password: '12345678' }).password).toBeUndefined();
    expect(check({ password: 'x'.repeat(129) }).password).toBe('auth.errors.passwordTooLong');
  });

  it('requires the agreement', () => {
    expect(check({ agreement: false }).agreement).toBe('auth.errors.agreementRequired');
  });

  it('leaves the username optional', () => {
    expect(check({ username: '' }).username).toBeUndefined();
  });

  it('reports every wrong field at once', () => {
    expect(Object.keys(validateRegistration({ email: '', login: '', username: '', password: '', agreement: false })).sort()).toEqual(
      ['agreement', 'email', 'login', 'password'].sort(),
    );
  });
});

describe('login rules', () => {
  it('requires login and password', () => {
    expect(validateLogin({ login: '', password: '' })).toEqual({ login: 'auth.errors.loginRequired', password: 'auth.errors.passwordRequired' });
    expect(validateLogin({ login: '  ', password: 'x' })).toEqual({ login: 'auth.errors.loginRequired' });
    expect(validateLogin({ login: 'anna', password: 'x' })).toEqual({});
  });
});

describe('login prefilled from the email', () => {
  it('takes the part before the at-sign', () => {
    expect(loginFromEmail('anna.petrova@example.com')).toBe('anna.petrova');
    expect(loginFromEmail('anna')).toBe('anna');
    expect(loginFromEmail('anna@')).toBe('anna');
    expect(loginFromEmail('')).toBe('');
  });
});

describe('what registration sends', () => {
  it('trims, sends an empty username as null, auth_type local', () => {
    expect(registrationBody({ ...valid, email: ' anna@example.com ', login: ' anna ', username: '   ' })).toEqual({
      email: 'anna@example.com',
      login: 'anna',
      username: null,
      password: '12345678',
      agreement: true,
      auth_type: 'local',
      remember: true,
    });
    expect(registrationBody({ ...valid, username: ' Аня ' }).username).toBe('Аня');
  });

  it('keeps the password exactly as typed', () => {
    expect(registrationBody({ ...valid, password: ' pass word ' }).password).toBe(' pass word ');
  });
});
