import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

/** A greeting's picture: the card with its caption burned in, rendered once per content. */
export function picturesModule(_app: FastifyInstance, _deps: Deps): void {}
