import type { FastifyInstance } from 'fastify';
import { authRoutes } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { registerRoutes } from '../../http/routes';
import { authService } from './service';

export function authModule(app: FastifyInstance, deps: Deps) {
  const auth = authService(deps);
  app.decorate('resolveUser', auth.resolveUser);
  const limited = { rateLimit: { max: deps.config.authRateLimit, timeWindow: '1 minute' } };
  registerRoutes(
    app,
    authRoutes,
    {
      'POST /api/auth/register': ({ body }) => auth.register(body),
      'POST /api/auth/login': ({ body }) => auth.login(body.login, body.password, body.remember),
      'POST /api/auth/telegram': ({ body }) => auth.telegram(body.init_data),
      'POST /api/auth/logout': async ({ user }) => {
        await auth.logout(user);
        return { success: true as const };
      },
      'GET /api/auth/me': ({ user }) => auth.me(user),
    },
    {
      'POST /api/auth/register': limited,
      'POST /api/auth/login': limited,
      'POST /api/auth/telegram': limited,
    },
  );
  return auth;
}
