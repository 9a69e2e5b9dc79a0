/**
 * A local stand-in for the Telegram Bot API (api.telegram.org is unreachable here): an HTTP server
 * answering `POST /bot<token>/<method>` the way Telegram does, and recording every call with its
 * parameters. Point grammY's `apiRoot` (our BOT_API_ROOT) at `url`. Run as a script
 * (`tsx server/test/fakes/bot-api.ts <port>`) for end-to-end runs; there `GET /__calls` lists the record,
 * and `POST /__updates[?to=<origin>]` (an update as JSON: a pre_checkout_query, a successful_payment, as
 * `fakeUpdates` builds them) sends Telegram's update to the bot: posted to the webhook an app registered
 * with setWebhook (the one of `origin`, e.g. `http://127.0.0.1:4173`, when several did), with its secret,
 * answering with the app's status; queued for a bot polling the fake (`BOT_POLLING=true`) when none did.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BotApiCall {
  token: string;
  method: string;
  payload: Record<string, unknown>;
  /** what the fake answered, once it has (absent for a failed call) */
  result?: unknown;
}

export const FAKE_BOT_INFO = {
  id: 424242,
  is_bot: true as const,
  first_name: 'Otkrytka',
  username: 'otkrytka_test_bot',
  can_join_groups: false,
  can_read_all_group_messages: false,
  supports_inline_queries: true,
  can_connect_to_business: false,
  has_main_web_app: true,
  has_topics_enabled: false,
  allows_users_to_create_topics: false,
  can_manage_bots: false,
  supports_join_request_queries: false,
};

export interface FakeBotApi {
  url: string;
  calls: BotApiCall[];
  /** the calls of one method, oldest first */
  callsOf(method: string): BotApiCall[];
  /** makes the next calls of `method` fail like Telegram does (400 with a description) */
  failNext(method: string, description: string): void;
  /** makes the next call of `method` answer only after `ms` (a slow Telegram) */
  delayNext(method: string, ms: number): void;
  /** how many calls are being held back by `delayNext` right now */
  held(): number;
  /** what getAvailableGifts answers (a mutable list; FAKE_GIFTS at first) */
  gifts: FakeGift[];
  /** what getStarTransactions pages through, oldest first (payments and refunds are added as they happen) */
  starTransactions: Record<string, unknown>[];
  /** queues an update for the bot's getUpdates (polling): answered to the next long poll */
  queueUpdate(update: Record<string, unknown>): void;
  close(): Promise<void>;
}

/** A gift as getAvailableGifts lists it (the fields the app reads). */
export interface FakeGift {
  id: string;
  star_count: number;
  total_count?: number;
  remaining_count?: number;
  sticker: { file_id: string; file_unique_id: string; type: 'regular'; width: number; height: number; is_animated: boolean; is_video: boolean; emoji?: string; thumbnail?: { file_id: string; file_unique_id: string; width: number; height: number } };
}

const sticker = (n: string, emoji: string) => ({
  file_id: `sticker-${n}`,
  file_unique_id: `u-sticker-${n}`,
  type: 'regular' as const,
  width: 512,
  height: 512,
  is_animated: true,
  is_video: false,
  emoji,
  thumbnail: { file_id: `thumb-${n}`, file_unique_id: `u-thumb-${n}`, width: 128, height: 128 },
});

/** The gifts the fake offers at first: two unlimited ones, a limited one with some left, a sold-out one. */
export const FAKE_GIFTS: FakeGift[] = [
  { id: '5170145012310081615', star_count: 15, sticker: sticker('heart', '💝') },
  { id: '5168103777563050263', star_count: 25, sticker: sticker('rose', '🌹') },
  { id: '5782984811920491178', star_count: 50, total_count: 1000, remaining_count: 12, sticker: sticker('cake', '🎂') },
  { id: '5782988952268964995', star_count: 100, total_count: 500, remaining_count: 0, sticker: sticker('gone', '🎁') },
];

/** A webp thumbnail's bytes as the fake's file download serves them. */
export const FAKE_FILE_BYTES = Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 fake-thumbnail', 'latin1');

let updateSeq = 1000;
const user = (id: number, languageCode = 'ru') => ({ id, is_bot: false, first_name: 'Покупатель', language_code: languageCode });

/** Bot API updates as Telegram sends them to the app (by webhook, or to getUpdates). */
export const fakeUpdates = {
  preCheckout(p: { fromId: number; orderPayload: string; totalAmount: number; currency?: string; languageCode?: string; queryId?: string }) {
    updateSeq += 1;
    return {
      update_id: updateSeq,
      pre_checkout_query: {
        id: p.queryId ?? `pcq-${updateSeq}`,
        from: user(p.fromId, p.languageCode),
        currency: p.currency ?? 'XTR',
        total_amount: p.totalAmount,
        invoice_payload: p.orderPayload,
      },
    };
  },
  successfulPayment(p: { fromId: number; orderPayload: string; totalAmount: number; chargeId: string; updateId?: number }) {
    updateSeq += 1;
    return {
      update_id: p.updateId ?? updateSeq,
      message: {
        message_id: updateSeq,
        date: Math.floor(Date.now() / 1000),
        chat: { id: p.fromId, type: 'private', first_name: 'Покупатель' },
        from: user(p.fromId),
        successful_payment: {
          currency: 'XTR',
          total_amount: p.totalAmount,
          invoice_payload: p.orderPayload,
          telegram_payment_charge_id: p.chargeId,
          provider_payment_charge_id: '',
        },
      },
    };
  },
  command(fromId: number, text: string, languageCode = 'ru') {
    updateSeq += 1;
    return {
      update_id: updateSeq,
      message: {
        message_id: updateSeq,
        date: Math.floor(Date.now() / 1000),
        chat: { id: fromId, type: 'private', first_name: 'Покупатель' },
        from: user(fromId, languageCode),
        text,
        entities: [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]!.length }],
      },
    };
  },
};

/**
 * An upload (sendPhoto with a file): fields as sent, each file as { file_name, size, type }. Read by
 * hand: undici's formData() refuses the multipart grammY writes.
 */
function readMultipart(body: Buffer, type: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary) return out;
  for (const part of body.toString('latin1').split(`--${boundary}`)) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const head = part.slice(0, split);
    const content = part.slice(split + 4).replace(/\r\n$/, '');
    const name = /name="([^"]*)"/i.exec(head)?.[1];
    if (!name) continue;
    const fileName = /filename="?([^";\r\n]*)"?/i.exec(head)?.[1];
    if (fileName !== undefined) {
      out[name] = { file_name: fileName, size: Buffer.byteLength(content, 'latin1'), type: /content-type:\s*([^\r\n]+)/i.exec(head)?.[1] ?? '' };
    } else {
      const value = Buffer.from(content, 'latin1').toString('utf8');
      out[name] = /^[[{]/.test(value) ? (JSON.parse(value) as unknown) : value;
    }
  }
  return out;
}

async function readBody(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const type = req.headers['content-type'] ?? '';
  if (type.includes('multipart/form-data')) return readMultipart(Buffer.concat(chunks), type);
  const raw = Buffer.concat(chunks).toString('utf8');
  if (!raw) return {};
  if (type.includes('application/json')) return JSON.parse(raw) as Record<string, unknown>;
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
  return { raw };
}

let messageSeq = 0;
let invoiceSeq = 0;
function resultOf(method: string, payload: Record<string, unknown>, state: { gifts: FakeGift[]; starTransactions: Record<string, unknown>[] }): unknown {
  switch (method) {
    case 'createInvoiceLink':
      invoiceSeq += 1;
      return `https://t.me/$fakeInvoice${invoiceSeq}`;
    case 'getAvailableGifts':
      return { gifts: state.gifts };
    case 'getStarTransactions': {
      const offset = Number(payload.offset ?? 0);
      const limit = Number(payload.limit ?? 100);
      return { transactions: state.starTransactions.slice(offset, offset + limit) };
    }
    case 'refundStarPayment':
      state.starTransactions.push({
        id: String(payload.telegram_payment_charge_id),
        amount: 0,
        date: Math.floor(Date.now() / 1000),
        receiver: { type: 'user', transaction_type: 'invoice_payment', user: user(Number(payload.user_id)) },
      });
      return true;
    case 'getFile':
      return { file_id: payload.file_id, file_unique_id: `u-${String(payload.file_id)}`, file_size: FAKE_FILE_BYTES.length, file_path: `thumbnails/${String(payload.file_id)}.webp` };
    case 'getMe':
      return FAKE_BOT_INFO;
    case 'sendMessage':
    case 'sendPhoto':
    case 'sendAnimation':
    case 'sendVideo':
    case 'sendDocument':
      messageSeq += 1;
      return {
        message_id: messageSeq,
        date: Math.floor(Date.now() / 1000),
        chat: { id: Number(payload.chat_id), type: 'private' },
        from: FAKE_BOT_INFO,
        ...(payload.text ? { text: payload.text } : {}),
      };
    case 'editMessageText':
      return {
        message_id: Number(payload.message_id),
        date: Math.floor(Date.now() / 1000),
        edit_date: Math.floor(Date.now() / 1000),
        chat: { id: Number(payload.chat_id), type: 'private' },
        from: FAKE_BOT_INFO,
        text: payload.text,
      };
    case 'savePreparedInlineMessage':
      messageSeq += 1;
      return { id: `prepared-${messageSeq}`, expiration_date: Math.floor(Date.now() / 1000) + 3600 };
    case 'getUpdates':
      return [];
    default:
      return true;
  }
}

export async function startFakeBotApi(port = 0): Promise<FakeBotApi> {
  const calls: BotApiCall[] = [];
  const failures = new Map<string, string>();
  const delays = new Map<string, number>();
  let holding = 0;
  const state = { gifts: FAKE_GIFTS.map((g) => ({ ...g })), starTransactions: [] as Record<string, unknown>[] };
  const pending: Record<string, unknown>[] = [];
  /** the webhooks apps registered (setWebhook), by their origin */
  const webhooks = new Map<string, { url: string; secret: string | undefined }>();
  const pollers = new Set<() => void>();
  const server = http.createServer((req, res) => {
    void (async () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'GET' && req.url === '/__calls') return send(200, calls);
      if (req.method === 'POST' && /^\/__updates(\?|$)/.test(req.url ?? '')) {
        const update = await readBody(req);
        if (!Number.isSafeInteger(update.update_id)) return send(400, { ok: false, description: 'an update needs an integer update_id' });
        const to = new URL(req.url!, 'http://fake').searchParams.get('to');
        const hook = to ? webhooks.get(new URL(to).origin) : webhooks.size === 1 ? [...webhooks.values()][0] : undefined;
        if (to && !hook) return send(404, { ok: false, description: `no webhook registered for ${to}` });
        if (!hook) {
          pending.push(update);
          for (const wake of [...pollers]) wake();
          return send(200, { ok: true, delivered: 'queued for getUpdates' });
        }
        const answer = await fetch(hook.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(hook.secret ? { 'x-telegram-bot-api-secret-token': hook.secret } : {}) },
          body: JSON.stringify(update),
        });
        return send(answer.status, { ok: answer.ok, delivered: hook.url, status: answer.status });
      }
      if (req.method === 'GET' && /^\/file\/bot[^/]+\//.test(req.url ?? '')) {
        res.writeHead(200, { 'content-type': 'image/webp' });
        return res.end(FAKE_FILE_BYTES);
      }
      const m = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
      if (!m) return send(404, { ok: false, error_code: 404, description: 'Not Found' });
      const payload = await readBody(req);
      const [, token, method] = m as unknown as [string, string, string];
      const call: BotApiCall = { token, method, payload };
      calls.push(call);
      const delay = delays.get(method);
      if (delay !== undefined) {
        delays.delete(method);
        holding += 1;
        await new Promise((resolve) => setTimeout(resolve, delay));
        holding -= 1;
      }
      const failure = failures.get(method);
      if (failure) {
        failures.delete(method);
        return send(400, { ok: false, error_code: 400, description: failure });
      }
      if (method === 'getUpdates') {
        // a long poll: held until an update is queued or its timeout (at most 2 s here) passes
        const offset = Number(payload.offset ?? 0);
        const due = () => pending.filter((u) => Number(u.update_id) >= offset);
        if (due().length === 0) {
          await new Promise<void>((resolve) => {
            const wake = () => {
              pollers.delete(wake);
              clearTimeout(timer);
              resolve();
            };
            const timer = setTimeout(wake, Math.min(Number(payload.timeout ?? 0), 2) * 1000);
            pollers.add(wake);
          });
        }
        call.result = due();
        return send(200, { ok: true, result: call.result });
      }
      if (method === 'setWebhook' && typeof payload.url === 'string' && /^https?:\/\//.test(payload.url)) {
        webhooks.set(new URL(payload.url).origin, { url: payload.url, secret: typeof payload.secret_token === 'string' ? payload.secret_token : undefined });
      }
      call.result = resultOf(method, payload, state);
      send(200, { ok: true, result: call.result });
    })().catch((e: unknown) => {
      res.writeHead(500);
      res.end(String(e));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}`,
    calls,
    callsOf: (method) => calls.filter((c) => c.method === method),
    failNext: (method, description) => void failures.set(method, description),
    delayNext: (method, ms) => void delays.set(method, ms),
    held: () => holding,
    get gifts() {
      return state.gifts;
    },
    set gifts(list: FakeGift[]) {
      state.gifts = list;
    },
    get starTransactions() {
      return state.starTransactions;
    },
    queueUpdate(update) {
      pending.push(update);
      for (const wake of [...pollers]) wake();
    },
    close: () =>
      new Promise((resolve) => {
        for (const wake of [...pollers]) wake();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// `tsx server/test/fakes/bot-api.ts <port>`: the fake for end-to-end runs
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) {
  const fake = await startFakeBotApi(Number(process.argv[2] ?? 0));
  console.log(`fake Telegram Bot API on ${fake.url}`);
}
