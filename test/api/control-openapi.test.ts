import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../main/http/server';
import type { Services } from '../../main/services';
import type { FlowRuns } from '../../main/flows/runs/flow-runs';
import { startTestBank, type TestBank } from '../support/simulator';

let bank: TestBank;
let doc: any;
beforeAll(async () => {
  bank = await startTestBank();
  const res = await fetch(`${bank.url}/simulator/v1/openapi.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  doc = await res.json();
});
afterAll(() => bank.stop());

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** `METHOD /path/{param}` of every operation of the document. */
const documented = (): string[] =>
  Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((key) => METHODS.includes(key))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );

/**
 * Every route the server registers under /simulator/v1, as `METHOD /path/{param}`: the same buildServer
 * the simulator runs, with the flow runs and the resender present as startTestBank has them, its
 * registrations collected with Fastify's onRoute hook (no service is called while routes register).
 */
async function registeredControlRoutes(): Promise<string[]> {
  const routes = new Set<string>();
  const app = buildServer({} as Services, {
    safety: { host: '127.0.0.1', publicUrls: [] },
    version: 'test',
    requiredToken: null,
    flowRuns: {} as FlowRuns,
    resender: async () => undefined,
  });
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/simulator/v1/')) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue; // Fastify's automatic HEAD of each GET; the control API declares none of its own
      routes.add(`${method} ${route.url.replace(/:([^/]+)/g, '{$1}')}`);
    }
  });
  await app.ready();
  await app.close();
  return [...routes].sort();
}

describe('GET /simulator/v1/openapi.json', () => {
  it('is an OpenAPI 3.1 document of the control API, served by the simulator for its own origin', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toMatch(/control API/);
    expect(doc.servers).toEqual([{ url: bank.url, description: 'This simulator' }]);
    expect(Object.keys(doc.paths).every((path) => path.startsWith('/simulator/v1/'))).toBe(true);
  });

  it('describes every route the server registers under /simulator/v1, with its method', async () => {
    const registered = await registeredControlRoutes();
    expect(registered.length).toBeGreaterThan(40);
    expect(registered.filter((route) => !documented().includes(route))).toEqual([]);
  });

  it('describes only real routes: none answers that there is no such operation', async () => {
    const refused: string[] = [];
    for (const operation of documented()) {
      const [method, path] = operation.split(' ') as [string, string];
      const url = bank.url + path.replace(/\{[^}]+\}/g, 'unknown-id');
      const res = await fetch(url, { method, ...(method === 'GET' ? {} : { headers: { 'content-type': 'application/json' }, body: '{}' }) });
      if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
        await res.body?.cancel();
        continue;
      }
      const text = await res.text();
      if (res.status === 405 || (res.status === 404 && text.includes('no operation'))) refused.push(`${operation}: ${res.status} ${text}`);
    }
    expect(refused).toEqual([]);
  });

  it('names a schema in components for every reference it makes', () => {
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/(schemas|responses)\/([^"]+)"/g)];
    expect(refs.length).toBeGreaterThan(50);
    for (const [, kind, name] of refs) expect(doc.components[kind as string], `${kind}/${name}`).toHaveProperty(name as string);
  });

  it('describes the contract shapes the routes answer with', async () => {
    const info = (await (await fetch(`${bank.url}/simulator/v1/info`)).json()) as Record<string, unknown>;
    const schema = doc.components.schemas.SimulatorInfo;
    expect(Object.keys(schema.properties).sort()).toEqual(Object.keys(info).sort());
    expect(schema.required.sort()).toEqual(Object.keys(info).sort());
    const psu = ((await (await fetch(`${bank.url}/simulator/v1/psus`)).json()) as any[])[0];
    for (const key of Object.keys(psu)) expect(doc.components.schemas.PsuSummary.properties).toHaveProperty(key);
  });
});
