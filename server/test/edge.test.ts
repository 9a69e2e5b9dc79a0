import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from '../src/config';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const login = (app: TestApp['app'], headers: Record<string, string> = {}, remoteAddress?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { login: 'nobody-here', password: 'wrong-password-1' },
    headers,
    ...(remoteAddress ? { remoteAddress } : {}),
  });

describe('TRUST_PROXY and the sign-in rate limit', () => {
  it('by default believes no X-Forwarded-For: a made-up address per attempt still hits the limit', async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '5' });
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) codes.push((await login(t.app, { 'x-forwarded-for': `203.0.113.${i + 1}` })).statusCode);
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(codes.slice(5)).toEqual([429, 429, 429]);
  });

  it('behind one trusted proxy takes the client address from it: one client is limited, another is not', async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '5', TRUST_PROXY: '1' });
    const anna: number[] = [];
    for (let i = 0; i < 7; i++) anna.push((await login(t.app, { 'x-forwarded-for': '198.51.100.7' })).statusCode);
    expect(anna.slice(5)).toEqual([429, 429]);
    // the same proxy forwarding someone else: a fresh allowance
    expect((await login(t.app, { 'x-forwarded-for': '198.51.100.8' })).statusCode).toBe(401);
    // with one hop trusted, only the entry the proxy appended counts: a prefix the client forged is ignored
    expect((await login(t.app, { 'x-forwarded-for': '192.0.2.99, 198.51.100.7' })).statusCode).toBe(429);
  });

  it('with a list of proxy addresses, believes only those peers', async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '3', TRUST_PROXY: '10.0.0.0/8' });
    // from a trusted proxy: addresses differ, nobody is limited
    for (let i = 0; i < 5; i++) {
      expect((await login(t.app, { 'x-forwarded-for': `203.0.113.${i + 1}` }, '10.1.2.3')).statusCode).toBe(401);
    }
    // straight from the internet, the header is the client's own claim: ignored
    const direct: number[] = [];
    for (let i = 0; i < 5; i++) direct.push((await login(t.app, { 'x-forwarded-for': `203.0.113.${i + 50}` }, '198.51.100.20')).statusCode);
    expect(direct.slice(3)).toEqual([429, 429]);
  });

  it('refuses values that would trust everybody or are not addresses', () => {
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8, ::1, loopback')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'loopback']);
    expect(() => parseTrustProxy('true')).toThrow(/any client/);
    expect(() => parseTrustProxy('10.0.0.0/40')).toThrow(/not an IP address/);
    expect(() => parseTrustProxy('proxy.internal')).toThrow(/not an IP address/);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });
});

describe('HSTS', () => {
  it('is not sent over plain HTTP, nor when an untrusted client claims https', async () => {
    t = await createTestApp();
    expect((await t.app.inject({ url: '/api/health' })).headers['strict-transport-security']).toBeUndefined();
    const claimed = await t.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent when a trusted TLS proxy says the request came over https', async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
    const res = await t.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('request ids', () => {
  it('answers every request with an id, and puts it into the body of a server fault beside detail and code', async () => {
    t = await createTestApp();
    const ok = await t.app.inject({ url: '/api/health' });
    expect(ok.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const missing = await t.app.inject({ url: '/api/no-such-route' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(missing.json()).toEqual({ detail: expect.any(String), code: 'NOT_FOUND' });
    // a fault on our side: the id the user can quote is in the body
    await t.deps.db.destroy();
    const fault = await t.app.inject({ url: '/api/health' });
    expect(fault.statusCode).toBe(500);
    expect(fault.json()).toEqual({ detail: 'Internal server error', code: 'INTERNAL_ERROR', request_id: fault.headers['x-request-id'] });
  });

  it('keeps the id a proxy sent (nginx $request_id) and replaces one that does not look like an id', async () => {
    t = await createTestApp();
    const kept = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'a1b2c3d4e5f60718293a4b5c6d7e8f90' } });
    expect(kept.headers['x-request-id']).toBe('a1b2c3d4e5f60718293a4b5c6d7e8f90');
    const replaced = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': '<script>' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('server timeouts', () => {
  it('are taken from the settings', async () => {
    t = await createTestApp({ HEADERS_TIMEOUT_MS: '4000', REQUEST_TIMEOUT_MS: '9000', KEEP_ALIVE_TIMEOUT_MS: '61000' });
    expect(t.app.server.headersTimeout).toBe(4000);
    expect(t.app.server.requestTimeout).toBe(9000);
    expect(t.app.server.keepAliveTimeout).toBe(61000);
  });

  it('drop a client that never finishes its headers (slowloris) with 408', async () => {
    t = await createTestApp({ HEADERS_TIMEOUT_MS: '500', REQUEST_TIMEOUT_MS: '1000' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as net.AddressInfo).port;
    const started = Date.now();
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n'));
      let got = '';
      socket.on('data', (d) => (got += d.toString()));
      socket.on('close', () => resolve(got));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('metrics', () => {
  it('are off unless a token or an internal port is set', async () => {
    t = await createTestApp();
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
  });

  it('need the token, and count requests by route pattern with latency, event-loop lag and memory', async () => {
    t = await createTestApp({ METRICS_TOKEN: 'metrics-secret-1' });
    await t.app.inject({ url: '/api/health' });
    await t.app.inject({ url: '/api/collections/12345' });
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong-secret-1' } })).statusCode).toBe(401);
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer metrics-secret-1' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('http_requests_total{method="GET",route="/api/health",status="200"} 1');
    expect(res.body).toMatch(/http_requests_total\{method="GET",route="\/api\/collections\/:id",status="\d+"\} 1/);
    expect(res.body).not.toContain('12345');
    expect(res.body).toContain('http_request_duration_seconds_bucket');
    expect(res.body).toContain('nodejs_eventloop_lag_seconds');
    expect(res.body).toContain('process_resident_memory_bytes');
  });
});

describe('readiness', () => {
  it('is ready with a database, and not once shutdown has begun', async () => {
    t = await createTestApp();
    const ready = await t.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    await t.deps.db.destroy();
    const noDb = await t.app.inject({ url: '/api/ready' });
    expect(noDb.statusCode).toBe(503);
    expect(noDb.json().code).toBe('NOT_READY');
  });
});
