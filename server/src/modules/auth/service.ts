import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { type AuthResponse, startParamPath, type User } from '@otkrytka/contract';
import type { RegisterBody as RegisterSchema } from '@otkrytka/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import type { UserRow } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { AppError, badRequest, notConfigured } from '../../http/errors';
import type { AuthUser } from '../../http/routes';
import { iso } from '../../platform/clock';
import { INIT_DATA_MAX_AGE_S, InitDataError, validateLaunchData } from '../../platform/telegram';
import { passwordHasher } from '../../platform/passwords';
import { authRepo } from './repo';
import { recordEvent, writeTx } from '../../jobs/runner';

/** A "remember me" session lasts half a year; a plain one a day. Both are revocable on the server. */
export const SESSION_TTL_MS = { remember: 180 * 24 * 3600_000, short: 24 * 3600_000 } as const;
/** last_used_at is written at most this often, so reads do not turn into writes. */
const TOUCH_EVERY_MS = 60 * 60_000;

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
const newToken = () => crypto.randomBytes(32).toString('base64url');

export function authService(deps: Deps) {
  // deps.clock is read at call time, never copied: tests swap it
  const { db, config } = deps;
  const passwords = passwordHasher(config.passwordHashCost);
  // verified against when the login is unknown, so a miss costs as much as a wrong password
  const dummyHash = passwords.hash('not-a-real-password-0000');

  const toUser = (u: UserRow): User => ({
    id: u.id,
    login: u.login,
    email: u.email,
    username: u.username,
    first_name: u.first_name,
    last_name: u.last_name,
    telegram_id: u.telegram_id,
    auth_type: u.auth_type,
    is_moderator: config.moderatorIds.includes(u.id),
    created_at: u.created_at,
  });

  /** A new session; `until` ends it earlier than the kind of session would (a Telegram sign-in's). */
  async function openSession(user: UserRow, remember: boolean, until?: Date): Promise<AuthResponse> {
    const token = newToken();
    const now = deps.clock.now();
    const lasts = new Date(now.getTime() + (remember ? SESSION_TTL_MS.remember : SESSION_TTL_MS.short));
    const expires = until && until < lasts ? until : lasts;
    await authRepo.insertSession(db, {
      user_id: user.id,
      token_hash: sha256(token),
      created_at: iso(now),
      expires_at: iso(expires),
    });
    return { access_token: token, token_type: 'bearer', expires_at: iso(expires), user: toUser(user) };
  }

  async function createUser(values: Parameters<typeof authRepo.insertUser>[1]): Promise<UserRow> {
    // the game grants the starting balances on `user.registered` (docs/PRODUCT-RULES.md, energy)
    return writeTx(deps, async (trx) => {
      const user = await authRepo.insertUser(trx, values);
      await recordEvent(trx, values.created_at, 'user.registered', { userId: user.id });
      return user;
    });
  }

  return {
    toUser,

    async register(body: z.output<typeof RegisterSchema>): Promise<AuthResponse> {
      const email = body.email.trim().toLowerCase();
      // one case-insensitive namespace for logins and emails: `Demo` is taken by `demo`, and so is
      // a login equal to someone's email
      if (await authRepo.handleTaken(db, email)) throw badRequest('Email already registered', 'EMAIL_TAKEN');
      if (await authRepo.handleTaken(db, body.login)) throw badRequest('Login already taken', 'LOGIN_TAKEN');
      let user: UserRow;
      try {
        user = await createUser({
          email,
          login: body.login,
          username: body.username,
          first_name: null,
          last_name: null,
          password_hash: await passwords.hash(body.password),
          telegram_id: null,
          auth_type: 'local',
          created_at: iso(deps.clock.now()),
        });
      } catch (e) {
        // two registrations racing for the same email or login
        if (!isUniqueViolation(e)) throw e;
        if (await authRepo.handleTaken(db, email)) throw badRequest('Email already registered', 'EMAIL_TAKEN');
        throw badRequest('Login already taken', 'LOGIN_TAKEN');
      }
      return openSession(user, body.remember);
    },

    async login(login: string, password: string, remember: boolean): Promise<AuthResponse> {
      const user = await authRepo.findUserByLoginOrEmail(db, login.trim());
      const ok = await passwords.verify(user?.password_hash ?? (await dummyHash), password);
      if (!user || !user.password_hash || !ok) {
        throw new AppError(401, 'INVALID_CREDENTIALS', 'Incorrect login or password');
      }
      return openSession(user, remember);
    },

    async telegram(initData: string): Promise<AuthResponse> {
      if (!config.botToken) throw notConfigured('Telegram sign-in is not configured on this server (BOT_TOKEN is not set)');
      let launch;
      try {
        launch = validateLaunchData(initData, config.botToken, deps.clock.now());
      } catch (e) {
        if (e instanceof InitDataError) {
          // the reason only: the launch data itself is a credential
          deps.log.warn({ reason: e.message, length: initData.length }, 'telegram sign-in refused');
          throw new AppError(401, 'INVALID_INIT_DATA', `Telegram sign-in refused: ${e.message}`);
        }
        throw e;
      }
      const tg = launch.user;
      const telegramId = String(tg.id);
      const profile = {
        username: tg.username ?? null,
        first_name: tg.first_name ?? null,
        last_name: tg.last_name ?? null,
      };
      let user = await authRepo.findUserByTelegramId(db, telegramId);
      if (user) {
        await authRepo.updateTelegramProfile(db, user.id, profile);
        user = { ...user, ...profile };
      } else {
        try {
          user = await createUser({
            ...profile,
            email: null,
            login: null,
            password_hash: null,
            telegram_id: telegramId,
            auth_type: 'telegram',
            created_at: iso(deps.clock.now()),
          });
        } catch (e) {
          if (!isUniqueViolation(e)) throw e;
          user = (await authRepo.findUserByTelegramId(db, telegramId))!;
        }
      }
      // whether the bot may write to them (its notices): as this launch says, kept for the bot
      await authRepo.setTelegramWriteAccess(db, user.id, launch.allowsWriteToPm, iso(deps.clock.now()));
      // A Telegram session lasts no longer than the launch data it came from is valid: the Mini App
      // signs in again with fresh launch data at each launch, and a copied token expires with it.
      const until = new Date(launch.authDate.getTime() + INIT_DATA_MAX_AGE_S * 1000);
      // the HMAC covers start_param too: a greeting link the Mini App was opened with (t.me/<bot>/<app>?startapp=card_<id>)
      return { ...(await openSession(user, true, until)), start_path: startParamPath(launch.startParam) };
    },

    async logout(user: AuthUser): Promise<void> {
      await authRepo.deleteSession(db, user.sessionId);
    },

    async me(user: AuthUser): Promise<User> {
      const row = await authRepo.findUserById(db, user.id);
      if (!row) throw new AppError(401, 'AUTH_REQUIRED', 'Not authenticated');
      return toUser(row);
    },

    /** Bearer token → user; memoised on the request. Expired or revoked tokens give null. */
    async resolveUser(req: FastifyRequest): Promise<AuthUser | null> {
      if (req.authUser !== undefined) return req.authUser;
      req.authUser = null;
      const header = req.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
      if (!token || token.length > 200) return null;
      const session = await authRepo.findSession(db, sha256(token));
      const now = deps.clock.now();
      if (!session || session.expires_at <= iso(now)) return null;
      if (now.getTime() - Date.parse(session.last_used_at) > TOUCH_EVERY_MS) {
        await authRepo.touchSession(db, session.id, iso(now));
      }
      req.authUser = {
        id: session.user_id,
        sessionId: session.id,
        isModerator: config.moderatorIds.includes(session.user_id),
      };
      return req.authUser;
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
