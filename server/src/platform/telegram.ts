import crypto from 'node:crypto';

/**
 * Telegram Mini App initData: validated with the bot token, never trusted from the client.
 *
 * The check is our own HMAC over node:crypto, not @telegram-apps/init-data-node: it is the
 * documented algorithm in a few lines, with no dependency tree to ship, and it does what the
 * library does not: ages auth_date by the app's clock (tests move it; the library reads
 * Date.now()), refuses one more than five minutes in the future, throws one error type
 * (InitDataError) with our reasons, and checks and cleans the user's fields.
 */
export interface TelegramUser {
  id: number;
  username?: string;
  first_name?: string;
  last_name?: string;
  language_code?: string;
}

export const INIT_DATA_MAX_AGE_S = 24 * 60 * 60;

/**
 * The user's setting (in `settings`, a JSON boolean) that says whether the bot may write to them:
 * `allows_write_to_pm` of the launch data at each Telegram sign-in, true when the bot hears that
 * they allowed it (a `write_access_allowed` message, or /start in its chat), false when Telegram
 * refuses a message because they blocked it. Never told: the bot tries, and Telegram decides.
 */
export const TELEGRAM_WRITE_ACCESS_SETTING = 'telegram_allows_write_to_pm';

/** What a valid launch data tells: the user, when it was signed, and what it says of the bot. */
export interface LaunchData {
  user: TelegramUser;
  authDate: Date;
  /** whether the user allowed the bot to message them (Telegram leaves the field out when not) */
  allowsWriteToPm: boolean;
  startParam: string | null;
}

export class InitDataError extends Error {}

const secretKey = (botToken: string) => crypto.createHmac('sha256', 'WebAppData').update(botToken).digest();

const dataCheckString = (params: URLSearchParams) =>
  [...params.entries()]
    .filter(([k]) => k !== 'hash')
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join('\n');

/** Checks the HMAC and age of raw initData and returns its user. Throws InitDataError with a clear reason. */
export function validateInitData(raw: string, botToken: string, now: Date, maxAgeS = INIT_DATA_MAX_AGE_S): TelegramUser {
  return validateLaunchData(raw, botToken, now, maxAgeS).user;
}

/**
 * Checks raw initData as `validateInitData` does and returns all it tells. Only the bot token's
 * HMAC (`hash`) is checked: a third-party `signature` field, when there is one, is one more signed
 * field, and launch data without it is as valid.
 */
export function validateLaunchData(raw: string, botToken: string, now: Date, maxAgeS = INIT_DATA_MAX_AGE_S): LaunchData {
  const params = new URLSearchParams(raw);
  const hash = params.get('hash');
  if (!hash) throw new InitDataError('initData has no hash');
  const expected = crypto.createHmac('sha256', secretKey(botToken)).update(dataCheckString(params)).digest('hex');
  const a = Buffer.from(hash, 'hex');
  const b = Buffer.from(expected, 'hex');
  if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) throw new InitDataError('initData signature is invalid');
  const authDate = Number(params.get('auth_date'));
  if (!Number.isFinite(authDate) || authDate <= 0) throw new InitDataError('initData has no auth_date');
  const ageS = now.getTime() / 1000 - authDate;
  if (ageS > maxAgeS) throw new InitDataError('initData has expired');
  if (ageS < -300) throw new InitDataError('initData auth_date is in the future');
  const userJson = params.get('user');
  if (!userJson) throw new InitDataError('initData has no user');
  let parsed: unknown;
  try {
    parsed = JSON.parse(userJson);
  } catch {
    throw new InitDataError('initData user is not valid JSON');
  }
  return {
    user: telegramUserOf(parsed),
    authDate: new Date(authDate * 1000),
    allowsWriteToPm: (parsed as { allows_write_to_pm?: unknown }).allows_write_to_pm === true,
    startParam: params.get('start_param'),
  };
}

/** Only the fields we use, each checked: a signed payload is still outside input. */
function telegramUserOf(v: unknown): TelegramUser {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new InitDataError('initData user is not an object');
  const o = v as Record<string, unknown>;
  if (typeof o.id !== 'number' || !Number.isSafeInteger(o.id) || o.id <= 0) throw new InitDataError('initData user has no id');
  const user: TelegramUser = { id: o.id };
  for (const k of ['username', 'first_name', 'last_name', 'language_code'] as const) {
    const f = o[k];
    if (f === undefined || f === null) continue;
    if (typeof f !== 'string') throw new InitDataError(`initData user.${k} is not a string`);
    // eslint-disable-next-line no-control-regex
    const clean = f.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 256);
    if (clean) user[k] = clean;
  }
  return user;
}

/** Signs initData the way Telegram does. Used by tests and the development Telegram mock only. */
export function signInitData(
  fields: { user: TelegramUser & { allows_write_to_pm?: boolean }; start_param?: string; query_id?: string; signature?: string },
  botToken: string,
  authDate: Date,
): string {
  const params = new URLSearchParams();
  params.set('auth_date', String(Math.floor(authDate.getTime() / 1000)));
  params.set('query_id', fields.query_id ?? 'AAHdF6IQAAAAAN0XohDhrOrc');
  params.set('user', JSON.stringify(fields.user));
  if (fields.start_param) params.set('start_param', fields.start_param);
  // Telegram adds a third-party `signature` (Bot API 8.0); it is covered by the hash like any field
  if (fields.signature) params.set('signature', fields.signature);
  params.set('hash', crypto.createHmac('sha256', secretKey(botToken)).update(dataCheckString(params)).digest('hex'));
  return params.toString();
}
