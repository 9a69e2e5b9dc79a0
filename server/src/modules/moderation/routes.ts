import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

export function moderationModule(_app: FastifyInstance, _deps: Deps) {}
