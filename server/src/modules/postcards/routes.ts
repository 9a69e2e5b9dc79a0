import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

export function postcardsModule(_app: FastifyInstance, _deps: Deps) {}
