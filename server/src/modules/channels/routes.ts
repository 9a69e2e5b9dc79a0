import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

export function channelsModule(_app: FastifyInstance, _deps: Deps) {}
