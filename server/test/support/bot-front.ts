import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * In front of the recording fake Bot API: passes every call on, except the next calls of a method
 * it was told to answer itself (Telegram's flood control, Telegram failing). Those never reach the fake.
 */
export async function startFront(target: string) {
  const answers = new Map<string, { status: number; body: unknown }[]>();
  const server = http.createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const method = /\/(\w+)$/.exec(req.url ?? '')?.[1] ?? '';
      const own = answers.get(method)?.shift();
      if (own) {
        res.writeHead(own.status, { 'content-type': 'application/json' });
        return res.end(JSON.stringify(own.body));
      }
      const passed = await fetch(`${target}${req.url}`, {
        method: req.method ?? 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? 'application/json' },
        ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
      });
      res.writeHead(passed.status, { 'content-type': passed.headers.get('content-type') ?? 'application/json' });
      res.end(Buffer.from(await passed.arrayBuffer()));
    })().catch((e: unknown) => {
      res.writeHead(500);
      res.end(String(e));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    answerNext(method: string, status: number, body: unknown, times = 1) {
      answers.set(method, [...(answers.get(method) ?? []), ...Array.from({ length: times }, () => ({ status, body }))]);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
