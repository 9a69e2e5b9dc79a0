import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, type TestApp } from './helpers';

// Writes whose refusal of a visitor no domain suite checks: each must answer 401.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('writes refuse a visitor (401 AUTH_REQUIRED)', () => {
  const cases: [string, (c: ReturnType<typeof client>) => ReturnType<ReturnType<typeof client>['post']>][] = [
    ['PUT /api/settings/{key}', (c) => c.put('/api/settings/darkMode', { value: true })],
    ['POST /api/settings/batch', (c) => c.post('/api/settings/batch', { settings: { darkMode: true } })],
    ['POST /api/categories', (c) => c.post('/api/categories', { name: 'Праздники' })],
    ['POST /api/user-game-data/add-yang-energy', (c) => c.post('/api/user-game-data/add-yang-energy', { energy_points: 5 })],
    ['POST /api/user-game-data/add-yin-energy', (c) => c.post('/api/user-game-data/add-yin-energy', { energy_points: 5 })],
    ['POST /api/auth/logout', (c) => c.post('/api/auth/logout')],
  ];
  for (const [route, send] of cases) {
    it(route, async () => {
      const res = await send(client(t.app));
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json()).toMatchObject({ code: 'AUTH_REQUIRED', detail: expect.any(String) });
    });
  }

});
