/** Registration and login limits. Zod-free, so the web app may import it at run time. */
export const AUTH_LIMITS = { loginMin: 3, loginMax: 50, passwordMin: 8, passwordMax: 128, usernameMax: 100 } as const;

/** The characters the password generator draws from, and its length. */
export const PASSWORD_GENERATOR = {
  length: 12,
  alphabet: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!@#$%^&*',
} as const;
