import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

export function notificationsModule(_app: FastifyInstance, _deps: Deps) {}
