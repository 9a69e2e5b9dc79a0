/**
 * A local stand-in for the Telegram Bot API (api.telegram.org is unreachable here): an HTTP server
 * answering `POST /bot<token>/<method>` the way Telegram does, and recording every call with its
 * parameters. Point grammY's `apiRoot` (our BOT_API_ROOT) at `url`. Run as a script
 * (`tsx server/test/fakes/bot-api.ts <port>`) for end-to-end runs; there `GET /__calls` lists the record.
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
  close(): Promise<void>;
}

async function readBody(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const type = req.headers['content-type'] ?? '';
  if (type.includes('multipart/form-data')) {
    // an upload (sendPhoto with a file): fields as sent, each file as { file_name, size, type }
    const form = await new Response(Buffer.concat(chunks), { headers: { 'content-type': type } }).formData();
    const out: Record<string, unknown> = {};
    for (const [k, v] of form.entries()) {
      out[k] = typeof v === 'string' ? (/^[[{]/.test(v) ? JSON.parse(v) : v) : { file_name: v.name, size: v.size, type: v.type };
    }
    return out;
  }
  const raw = Buffer.concat(chunks).toString('utf8');
  if (!raw) return {};
  if (type.includes('application/json')) return JSON.parse(raw) as Record<string, unknown>;
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
  return { raw };
}

let messageSeq = 0;
function resultOf(method: string, payload: Record<string, unknown>): unknown {
  switch (method) {
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
  const server = http.createServer((req, res) => {
    void (async () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'GET' && req.url === '/__calls') return send(200, calls);
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
      call.result = resultOf(method, payload);
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
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// `tsx server/test/fakes/bot-api.ts <port>`: the fake for end-to-end runs
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) {
  const fake = await startFakeBotApi(Number(process.argv[2] ?? 0));
  console.log(`fake Telegram Bot API on ${fake.url}`);
}
