import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

export function sandboxModule(_app: FastifyInstance, _deps: Deps) {}
