import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps';
import { ManualClock } from '../platform/clock';
import { AppError, invalid } from './errors';

const AdvanceBody = z.object({ ms: z.number().int().min(0).max(366 * 24 * 3600_000) });

/**
 * Test-only routes, registered only when ENABLE_TEST_HOOKS=true outside production (config.testHooks).
 * Not part of the API contract: end-to-end runs use them to move time without sleeping.
 */
export function registerTestHooks(app: FastifyInstance, deps: Deps): void {
  app.post('/api/test/clock/advance', async (req) => {
    const parsed = AdvanceBody.safeParse(req.body);
    if (!parsed.success) throw invalid('ms', 'a whole number of milliseconds from 0 up to a year');
    if (!(deps.clock instanceof ManualClock)) throw new AppError(409, 'CLOCK_NOT_MOVABLE', 'The server clock is not a ManualClock');
    deps.clock.advance(parsed.data.ms);
    return { now: deps.clock.now().toISOString() };
  });
}
