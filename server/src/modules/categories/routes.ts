import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

export function categoriesModule(_app: FastifyInstance, _deps: Deps) {}
