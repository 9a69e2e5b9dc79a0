import { z } from 'zod';
import { defineRoutes } from './route';
import { Ok } from './common';

import { AUTH_LIMITS } from './rules/auth';
import { trimInvisible } from './rules/text';

export const User = z.object({
  id: z.number().int(),
  login: z.string().nullable(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  telegram_id: z.string().nullable(),
  auth_type: z.enum(['local', 'telegram']),
  is_moderator: z.boolean(),
  created_at: z.string(),
});
export type User = z.infer<typeof User>;

export const RegisterBody = z.object({
  email: z.email({ error: 'auth.errors.emailInvalid' }).max(254),
  login: z
    .string()
    .trim()
    .min(AUTH_LIMITS.loginMin, { error: 'auth.errors.loginTooShort' })
    .max(AUTH_LIMITS.loginMax, { error: 'auth.errors.loginTooLong' }),
  username: z
    .string()
    .overwrite(trimInvisible)
    .max(AUTH_LIMITS.usernameMax, { error: 'auth.errors.usernameTooLong' })
    .nullish()
    .transform((v) => (v ? v : null)),
  password: z
    .string()
    .min(AUTH_LIMITS.passwordMin, { error: 'auth.errors.passwordTooShort' })
    .max(AUTH_LIMITS.passwordMax, { error: 'auth.errors.passwordTooLong' })
    .refine((v) => v.trim() !== '', { error: 'auth.errors.passwordBlank' }),
  agreement: z.literal(true, { error: 'auth.errors.agreementRequired' }),
  auth_type: z.literal('local').default('local'),
  /** long-lived session ("remember me"); a short one otherwise */
  remember: z.boolean().default(true),
});
export type RegisterBody = z.input<typeof RegisterBody>;

export const LoginBody = z.object({
  login: z.string().trim().min(1, { error: 'auth.errors.loginRequired' }).max(254),
  password: z.string().min(1, { error: 'auth.errors.passwordRequired' }).max(AUTH_LIMITS.passwordMax),
  remember: z.boolean().default(true),
});
export type LoginBody = z.input<typeof LoginBody>;

export const TelegramLoginBody = z.object({ init_data: z.string().min(1).max(8192) });

export const AuthResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_at: z.string(),
  user: User,
  /** Telegram sign-in: where the Mini App should open for the verified initData's start_param (relative to /telegram) */
  start_path: z.string().nullable().optional(),
});
export type AuthResponse = z.infer<typeof AuthResponse>;

export const authRoutes = defineRoutes({
  'POST /api/auth/register': {
    access: 'public',
    summary: 'Create a local account and sign in',
    body: RegisterBody,
    status: 201,
    response: AuthResponse,
  },
  'POST /api/auth/login': {
    access: 'public',
    summary: 'Sign in by login (or email) and password',
    body: LoginBody,
    response: AuthResponse,
  },
  'POST /api/auth/telegram': {
    access: 'public',
    summary: 'Sign in with raw Telegram Mini App initData',
    body: TelegramLoginBody,
    response: AuthResponse,
  },
  'POST /api/auth/logout': {
    access: 'user',
    summary: 'Revoke the current session',
    response: Ok,
  },
  'GET /api/auth/me': {
    access: 'user',
    summary: 'The signed-in user',
    response: User,
  },
});
