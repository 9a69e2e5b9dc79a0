import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

export function gameModule(_app: FastifyInstance, _deps: Deps) {}
