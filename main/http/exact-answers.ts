import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BankError } from '../domain/errors';

/**
 * The control routes serialise through their published schemas, which drop any field a schema does
 * not describe. With exact answers (tests), a dropped or changed value is refused instead, naming the
 * field, so a schema that lost a field the engine still sends fails test/api/control-live-schema.test.ts
 * rather than quietly shrinking the answer.
 */
export function exactAnswers(control: FastifyInstance): void {
  const given = new WeakMap<FastifyRequest, unknown>();
  control.addHook('preSerialization', async (request, _reply, payload) => {
    given.set(request, JSON.parse(JSON.stringify(payload)) as unknown);
    return payload;
  });
  control.addHook('onSend', async (request, _reply, payload) => {
    if (!given.has(request) || typeof payload !== 'string') return payload;
    const lost = difference(given.get(request), JSON.parse(payload) as unknown, 'answer');
    if (lost !== null) throw BankError.of('INTERNAL_SERVER_ERROR', `${lost}: the route's answer and what its schema let through differ`);
    return payload;
  });
}

/** The first place where what was sent differs from what the route answered, or null. */
function difference(answered: unknown, sent: unknown, path: string): string | null {
  if (answered === null || sent === null || typeof answered !== 'object' || typeof sent !== 'object')
    return Object.is(answered, sent) ? null : `${path} is ${JSON.stringify(sent)}, not ${JSON.stringify(answered)}`;
  if (Array.isArray(answered) !== Array.isArray(sent)) return `${path} changed kind`;
  const a = answered as Record<string, unknown>;
  const s = sent as Record<string, unknown>;
  for (const key of new Set([...Object.keys(a), ...Object.keys(s)])) {
    if (!(key in s)) return `${path}.${key} was dropped`;
    if (!(key in a)) return `${path}.${key} was added`;
    const inner = difference(a[key], s[key], `${path}.${key}`);
    if (inner !== null) return inner;
  }
  return null;
}
