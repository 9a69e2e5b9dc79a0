/** Registration and login limits. Zod-free, so the web app may import it at run time. */
export const AUTH_LIMITS = { loginMin: 3, loginMax: 50, passwordMin: 8, passwordMax: 128, usernameMax: 100 } as const;

/** The characters the password generator draws from, and its length. */
export const PASSWORD_GENERATOR = {
  length: 12,
  alphabet: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!@#$%^&*',
} as const;

/** The name fields of a user (`login` left out where it must not show). */
export interface NameFields {
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  login?: string | null | undefined;
}

/**
 * How a user is called to others: the name Telegram gave them (first and last), else the display
 * name they chose (for a Telegram user that is their @handle), else their login. Local accounts
 * have no Telegram name, so for them it is the name they chose. (A greeting sent without a
 * signature is signed with it.)
 */
export function displayName(u: NameFields): string | null {
  return [u.first_name, u.last_name].filter(Boolean).join(' ') || u.username || u.login || null;
}
