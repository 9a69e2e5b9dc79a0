import type { FastifyInstance } from 'fastify';
import { searchRoutes } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { registerRoutes } from '../../http/routes';
import { settingsRepo } from '../settings';
import { searchService } from './service';

export function searchModule(app: FastifyInstance, deps: Deps): void {
  const search = searchService(deps);
  registerRoutes(app, searchRoutes, {
    'GET /api/search/suggestions': async ({ query, user }) => {
      const lang = query.lang ?? (user ? await settingsRepo.language(deps.db, user.id) : 'ru');
      return { suggestions: await search.suggestions(query.q, lang) };
    },
  });
}
