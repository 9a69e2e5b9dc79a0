import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RouteKey, routes } from '@otkrytka/contract';
import { compileSerializer } from '../src/http/serializer';
import { createTestApp, signUp, type TestApp } from './helpers';

/**
 * The production serializer writes every answer without a word on the console: a record of the
 * contract (`z.record(z.string(), …)`) beside a union once made Ajv print «strict mode: type
 * "object" not allowed» on the first answer of each such route.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

/** Writes `data` as the production serializer would for `key`, collecting what the console was told meanwhile. */
function writeInProduction(key: RouteKey, data: unknown) {
  const said: string[] = [];
  for (const level of ['warn', 'log', 'error', 'info'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void said.push(args.map(String).join(' ')));
  }
  const write = compileSerializer({ schema: routes[key].response, method: 'GET', url: '/x', httpStatus: '200' } as never);
  const json = write(data);
  vi.restoreAllMocks();
  return { json, said };
}

describe('the routes whose answers hold records', () => {
  it('are written by the production serializer as the API answers them, and nothing is printed', async () => {
    const u = await signUp(t.app);
    const answers: [RouteKey, unknown][] = [
      ['PUT /api/settings/{key}', (await u.put('/api/settings/language', { value: 'en' })).json()],
      ['POST /api/settings/batch', (await u.post('/api/settings/batch', { settings: { theme: 'dark', yang_energy: 5 } })).json()],
      ['GET /api/settings/', (await u.get('/api/settings/')).json()],
      ['GET /api/user-game-data/full', (await u.get('/api/user-game-data/full')).json()],
      ['GET /api/notifications', (await u.get('/api/notifications')).json()],
      ['GET /api/notifications/type-counts', (await u.get('/api/notifications/type-counts')).json()],
    ];
    for (const [key, answer] of answers) {
      const { json, said } = writeInProduction(key, answer);
      expect(said, key).toEqual([]);
      expect(JSON.parse(json), key).toEqual(answer);
    }
  });
});
