import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

export function bookmarksModule(_app: FastifyInstance, _deps: Deps) {}
