import { describe, expect, it } from 'vitest';
import { client, createTestApp } from './helpers';

/** Errors whose text needs a number carry it in `params` (contract ERROR_PARAMS), next to `{detail, code}`. */
describe('error params', () => {
  it('a rate-limited request says how many seconds to wait', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: '1' });
    try {
      const login = () => client(limited.app).post('/api/auth/login', { login: 'x', password: 'y' });
      expect((await login()).statusCode).toBe(401);
      const res = await login();
      expect(res.statusCode).toBe(429);
      const body = res.json();
      expect(body).toEqual({ detail: expect.stringMatching(/^Too many requests, try again in \d+ s$/), code: 'RATE_LIMITED', params: { seconds: expect.any(Number) } });
      expect(body.params.seconds).toBeGreaterThan(0);
      expect(body.params.seconds).toBeLessThanOrEqual(60);
      expect(body.detail).toContain(`in ${body.params.seconds} s`);
    } finally {
      await limited.close();
    }
  });
});
