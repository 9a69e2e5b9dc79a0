import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

export function greetingsModule(_app: FastifyInstance, _deps: Deps) {}
