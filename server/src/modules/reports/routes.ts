import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

export function reportsModule(_app: FastifyInstance, _deps: Deps) {}
