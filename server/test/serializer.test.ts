import { describe, expect, it } from 'vitest';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { routes } from '@otkrytka/contract';
import { z } from 'zod';
import { compiledSerializerCompiler, compileSerializer, simplify } from '../src/http/serializer';
import { createTestApp } from './helpers';
import { makeCategory, makeChannel, makePostcard } from './factories/collection';
import { signUpAs } from './helpers';

const compile = (schema: z.ZodType, compiler = compiledSerializerCompiler) =>
  compiler({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never) as (data: unknown) => string;

describe('compiled response serialisation (production)', () => {
  it('writes the same JSON as the checking serializer for real gallery pages and postcards', async () => {
    const t = await createTestApp();
    try {
      const mod = await signUpAs(t, 22);
      await makeChannel(t, mod.user.id, { id: 9 });
      const cat = await makeCategory(t, mod.user.id, { name: 'Весна' });
      for (let i = 0; i < 3; i++) await makePostcard(t, { userId: mod.user.id, collectionId: 9, approved: true, categoryId: i ? cat.id : null });
      const page = (await t.app.inject('/api/gallery')).json();
      expect(page.items).toHaveLength(3);
      for (const [key, value] of [['GET /api/gallery', page], ['GET /api/image_relations/{id}', page.items[0]]] as const) {
        const schema = routes[key].response;
        expect(compile(schema)(value)).toBe(compile(schema, serializerCompiler as never)(value));
      }
    } finally {
      await t.close();
    }
  });

  it('drops fields the contract does not declare', () => {
    const out = compile(z.object({ id: z.number().int(), name: z.string().nullable() }))({ id: 1, name: null, password_hash: 'x' });
    expect(JSON.parse(out)).toEqual({ id: 1, name: null });
  });

  it('turns nullable unions into type lists', () => {
    expect(simplify({ anyOf: [{ type: 'integer' }, { type: 'null' }] })).toEqual({ type: ['integer', 'null'] });
    expect(simplify({ anyOf: [{ type: 'object', properties: {} }, { type: 'null' }] })).toEqual({ type: 'object', properties: {}, nullable: true });
  });

  it('builds a serializer for every response schema of the contract', () => {
    for (const [key, def] of Object.entries(routes)) {
      expect(() => compileSerializer({ schema: def.response, method: 'GET', url: '/x', httpStatus: '200' } as never), key).not.toThrow();
    }
  });
});
