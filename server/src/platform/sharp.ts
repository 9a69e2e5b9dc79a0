import { createRequire } from 'node:module';
import type SharpLib from 'sharp';
import type { Sharp } from 'sharp';

const load = createRequire(import.meta.url);
let lib: typeof SharpLib | undefined;

/** sharp and libvips load with the first picture, not with the server (a good part of a cold start). */
function sharpLib(): typeof SharpLib {
  if (!lib) {
    lib = load('sharp') as typeof SharpLib;
    // libvips threads per pipeline: one, so a big image never takes every core from the event loop
    lib.concurrency(1);
  }
  return lib;
}

/** `sharp(input, options)`, as the library's own function (only to be called, not for its statics). */
export const sharp = ((...args: unknown[]) => (sharpLib() as (...a: unknown[]) => Sharp)(...args)) as typeof SharpLib;
