import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

export function galleryModule(_app: FastifyInstance, _deps: Deps) {}
