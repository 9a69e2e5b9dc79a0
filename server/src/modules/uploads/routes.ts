import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

export function uploadsModule(_app: FastifyInstance, _deps: Deps) {}
