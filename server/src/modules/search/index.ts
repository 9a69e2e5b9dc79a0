import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

/** Postcard search: the index kept in step with postcard writes, and the suggestions. */
export function searchModule(_app: FastifyInstance, _deps: Deps): void {}
