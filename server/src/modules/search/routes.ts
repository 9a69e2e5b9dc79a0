import type { FastifyInstance } from 'fastify';
import { searchRoutes } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { registerRoutes } from '../../http/routes';
import { settingsRepo } from '../settings';
import { holidaySource, searchService, useHolidays } from './service';

export function searchModule(app: FastifyInstance, deps: Deps): void {
  const search = searchService(deps);
  // holidays come from the calendar's own API: the search sits below the gallery, which is above the calendar
  useHolidays(deps, holidaySource(app, deps));
  registerRoutes(app, searchRoutes, {
    'GET /api/search/suggestions': async ({ query, user }) => {
      const lang = query.lang ?? (user ? await settingsRepo.language(deps.db, user.id) : 'ru');
      return { suggestions: await search.suggestions(query.q, lang) };
    },
  });
}
