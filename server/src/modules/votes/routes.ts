import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

export function votesModule(_app: FastifyInstance, _deps: Deps) {}
