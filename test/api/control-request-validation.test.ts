// The control API checks each request against the schemas /simulator/v1/openapi.json publishes for
// it (path, query and JSON body) before any route runs, and answers what it refuses as a Berlin
// Group FORMAT_ERROR naming the field and what it must be. The texts below are the schema check's
// own (a service's checks word theirs differently), so each case fails if the schema is not applied.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsent, startTestBank, type TestBank } from '../support/simulator';

let bank: TestBank;
let doc: any;

beforeAll(async () => {
  bank = await startTestBank();
  doc = await (await fetch(`${bank.url}/simulator/v1/openapi.json`)).json();
});
afterAll(async () => bank.stop());

const send = async (method: string, path: string, body?: string): Promise<{ status: number; text: string; code: string }> => {
  const res = await fetch(`${bank.url}/simulator/v1${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body }),
  });
  const json = (await res.json()) as { tppMessages?: { code: string; text: string }[] };
  return { status: res.status, text: json.tppMessages?.[0]?.text ?? '', code: json.tppMessages?.[0]?.code ?? '' };
};

describe('control API requests are checked against their published schemas', () => {
  it('refuses a body that is not a JSON object on every operation with a JSON object body', async () => {
    const checked: string[] = [];
    for (const [template, item] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(item)) {
        const schema = op.requestBody?.content?.['application/json']?.schema;
        if (schema === undefined) continue;
        const resolved = schema.$ref ? doc.components.schemas[schema.$ref.split('/').at(-1)] : schema;
        if (resolved.type !== 'object') continue;
        const path = template.replace('/simulator/v1', '').replace(/\{[^}]+\}/g, 'no-such-id');
        const answer = await send(method.toUpperCase(), path, '[1, 2]');
        expect({ op: op.operationId, ...answer }).toEqual({
          op: op.operationId,
          status: 400,
          code: 'FORMAT_ERROR',
          text: "the request's body must be a JSON object",
        });
        checked.push(op.operationId);
      }
    }
    expect(checked.length).toBeGreaterThanOrEqual(15);
  });

  /** A published schema with its reference resolved. */
  const resolve = (schema: any): any => (schema?.$ref ? doc.components.schemas[schema.$ref.split('/').at(-1)] : schema);
  /** A body its schema takes: each required field with a value of its kind (a union: its first alternative). */
  const example = (schema: any): unknown => {
    const node = resolve(schema);
    if (node.anyOf) return example(node.anyOf.find((s: any) => resolve(s).type !== 'null'));
    if (node.enum) return node.enum[0];
    if (node.const !== undefined) return node.const;
    switch (node.type) {
      case 'object':
        return Object.fromEntries((node.required ?? []).map((name: string) => [name, example(node.properties[name])]));
      case 'string':
        return node.format === 'date-time' ? '2026-12-01T09:00:00Z' : 'PT1S';
      case 'integer':
      case 'number':
        return node.minimum ?? 1;
      case 'boolean':
        return false;
      case 'array':
        return [];
      default:
        return null;
    }
  };
  const bodies = (): { method: string; path: string; operationId: string; schema: any }[] =>
    Object.entries<any>(doc.paths).flatMap(([template, item]) =>
      Object.entries<any>(item).flatMap(([method, op]) => {
        const schema = op.requestBody?.content?.['application/json']?.schema;
        return schema === undefined
          ? []
          : [
              {
                method: method.toUpperCase(),
                path: template.replace('/simulator/v1', '').replace(/\{[^}]+\}/g, 'no-such-id'),
                operationId: op.operationId,
                schema,
              },
            ];
      }),
    );

  it('publishes every body schema closed: each object in it takes only the fields it describes', () => {
    const open: string[] = [];
    const walk = (schema: any, where: string, seen: Set<unknown>): void => {
      const node = resolve(schema);
      if (node === null || typeof node !== 'object' || seen.has(node)) return;
      seen.add(node);
      if (node.properties !== undefined && node.additionalProperties !== false) open.push(where);
      for (const [name, sub] of Object.entries<any>(node.properties ?? {})) walk(sub, `${where}.${name}`, seen);
      for (const [index, sub] of (node.anyOf ?? []).entries()) walk(sub, `${where}|${index}`, seen);
      if (node.items) walk(node.items, `${where}[]`, seen);
    };
    const all = bodies();
    expect(all.length).toBeGreaterThanOrEqual(15);
    for (const body of all) walk(body.schema, body.operationId, new Set());
    expect(open).toEqual([]);
  });

  it('refuses an undescribed field on every operation with a body, naming it, although the rest of the body is taken', async () => {
    const answers: string[] = [];
    for (const body of bodies()) {
      const fields = example(body.schema);
      if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) continue;
      const answer = await send(body.method, body.path, JSON.stringify({ ...fields, x: 1 }));
      answers.push(`${body.operationId} ${answer.status} ${answer.text}`);
    }
    expect(answers.length).toBeGreaterThanOrEqual(15);
    expect(answers.filter((a) => !/ 400 the body has no field x$/.test(a))).toEqual([]);
    // The clock and the rate limit took one once (a form post from another site carries such a field).
    expect((await send('POST', '/clock', '{"advance":"PT1S","x":1}')).text).toBe('the body has no field x');
    expect((await send('POST', '/rate-limit', '{"perSecond":0,"x":1}')).text).toBe('the body has no field x');
    expect((await send('POST', '/tpps', '{"faults":{"expired":true,"y":1}}')).text).toBe('faults has no field y');
    // The clock's refusals name the field and the form it takes.
    expect((await send('POST', '/clock', '{}')).text).toBe('the body needs one of: advance, set, paused');
    for (const set of ['2026-12-01', 'garbage'])
      expect((await send('POST', '/clock', JSON.stringify({ set }))).text).toBe('set must be a date and time such as 2026-11-26T09:00:00Z');
    // A wrong value is still named as such in a union whose other alternatives lack the field.
    expect((await send('POST', '/clock', '{"advance":5}')).text).toBe('advance must be a text');
  });

  it('names a body field of the wrong type, and the values an enumeration allows', async () => {
    expect(await send('POST', '/clock', '{"advance": 5}')).toMatchObject({ status: 400, code: 'FORMAT_ERROR', text: 'advance must be a text' });
    expect(await send('POST', '/mode', '{"mode": "live"}')).toMatchObject({ status: 400, text: 'mode must be one of: simulation, sandbox' });
    expect(await send('POST', '/rate-limit', '{}')).toMatchObject({ status: 400, text: 'the body needs perSecond' });
  });

  it('asks for a JSON body where one is required, and lets an optional one be left out', async () => {
    expect(await send('POST', '/clock')).toMatchObject({ status: 400, text: 'the request body is empty; a JSON object is expected' });
    expect(await send('POST', '/clock', '{"advance": ')).toMatchObject({ status: 400, text: expect.stringMatching(/^the request body is not valid JSON/) });
    const reset = await fetch(`${bank.url}/simulator/v1/reset`, { method: 'POST' });
    expect(reset.status).toBe(200);
  });

  it('names a missing or badly typed query parameter', async () => {
    expect(await send('GET', '/vop-registry')).toMatchObject({ status: 400, code: 'FORMAT_ERROR', text: 'the query needs institution' });
    expect(await send('GET', '/exchanges?limit=10001')).toMatchObject({ status: 400, text: 'limit must be at most 10,000' });
    expect(await send('GET', '/exchanges?before=soon')).toMatchObject({ status: 400, text: 'before must be a whole number' });
    expect(await send('GET', '/exchanges?q=a&q=b')).toMatchObject({ status: 400, text: 'q must be given once' });
  });

  it("keeps a PSU's decision exactly as the app sent it, although the schema check reads the body first", async () => {
    const { journeyId } = await createConsent(bank, 'frankfurt', 'FRA-CREATOR');
    await bank.tpp.openScaLink(`/sca/${journeyId}`);
    const sent = '{ "action" :\n  "approve" }';
    const res = await fetch(`${bank.url}/simulator/v1/sca/${journeyId}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: sent });
    expect(res.status).toBe(200);
    const decision = (await (await fetch(`${bank.url}/simulator/v1/sca/${journeyId}/decision`)).json()) as { request: { body: string } };
    expect(decision.request.body).toBe(sent);
  });
});
