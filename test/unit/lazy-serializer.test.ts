import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { lazySerializers } from '../../main/http/lazy-serializer';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** A schema with what a serialiser does beyond JSON.stringify: a field left out, a number coerced, a date formatted, a oneOf. */
const SUMMARY = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    amount: { type: 'number' },
    at: { type: 'string', format: 'date-time' },
    party: { oneOf: [{ type: 'object', properties: { iban: { type: 'string' } }, required: ['iban'] }, { type: 'string' }] },
    items: { type: 'array', items: { type: 'object', properties: { n: { type: 'integer' } } } },
  },
  required: ['id'],
} as const;
const ANSWER = {
  id: 'p-1',
  amount: '12.5',
  at: new Date('2026-03-29T00:30:00Z'),
  party: { iban: 'DE02', name: 'dropped' },
  items: [{ n: 2.7, x: 1 }],
  secret: 's',
};

/** `fjs` would refuse this schema when it compiles it: its reference leads nowhere. */
const REFUSED = { type: 'object', properties: { a: { $ref: '#/definitions/missing' } } };

function server(lazy: boolean): FastifyInstance {
  const app = Fastify({ logger: false, ...(lazy ? { schemaController: lazySerializers } : {}) });
  apps.push(app);
  app.get('/summary', { schema: { response: { 200: SUMMARY } } }, async () => ANSWER);
  return app;
}

describe('control answers serialised on first use (main/http/lazy-serializer.ts)', () => {
  it("answers the same bytes as Fastify's own serialiser compiled at start", async () => {
    const [lazy, eager] = await Promise.all([server(true).inject('/summary'), server(false).inject('/summary')]);
    expect(eager.statusCode).toBe(200);
    expect(lazy.body).toBe(eager.body);
    expect(JSON.parse(lazy.body)).toEqual({ id: 'p-1', amount: 12.5, at: '2026-03-29T00:30:00.000Z', party: { iban: 'DE02' }, items: [{ n: 2 }] });
    expect(lazy.headers['content-type']).toBe(eager.headers['content-type']);
  });

  it('compiles no schema before a route answers: the server starts even with a schema only an answer would refuse', async () => {
    const eager = server(false);
    eager.get('/refused', { schema: { response: { 200: REFUSED } } }, async () => ({ a: 1 }));
    await expect(eager.ready()).rejects.toThrow(/Failed building the serialization schema/);

    const lazy = server(true);
    lazy.get('/refused', { schema: { response: { 200: REFUSED } } }, async () => ({ a: 1 }));
    await lazy.ready();
    expect((await lazy.inject('/summary')).statusCode).toBe(200);
    expect((await lazy.inject('/refused')).statusCode).toBe(500);
  });
});
