import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

export function productionModule(_app: FastifyInstance, _deps: Deps) {}
