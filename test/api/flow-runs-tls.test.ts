// Flows under mutual TLS (--tls): the Flows screen's runs and runFlow reach the bank over HTTPS with
// the demo TPP's QWAC, trusting only the data folder's CA, and the PSU's browser opens the SCA link on
// the PSU pages' origin without a client certificate.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowRunState } from '../../preload/api/workbench-api';
import { readLibrary } from '../../main/flows/library/library';
import { describeStep } from '../../main/flows/runs/report';
import { runFlow, type FlowRun } from '../../main/flows/runs/runner';
import { loadTppTls } from '../../main/tpp/data-folder';
import { flowCommand } from '../support/flow-command';
import { startTestBank, type TestBank } from '../support/simulator';
import { demoQwac, tlsCall } from '../support/tls';

const library = readLibrary(join(import.meta.dirname, '..', '..', 'resources', 'flows'));
const flow = (name: string): (typeof library)[number] => library.find((f) => f.name === name) as (typeof library)[number];
const printed = (run: FlowRun): string => run.steps.map(describeStep).join('\n');

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank({ tls: true });
});
afterAll(() => bank.stop());

/** The control API as the Flows screen of a --tls app calls it: over HTTPS with the QWAC. */
async function control(method: string, path: string, body?: unknown): Promise<FlowRunState> {
  const res = await tlsCall(
    bank,
    demoQwac(bank),
    method,
    `/simulator/v1${path}`,
    body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );
  if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
  return res.body as FlowRunState;
}

describe('flows under --tls', () => {
  it('a run of the Flows screen (control API, approving itself) goes to its end and is met', async () => {
    let run = await control('POST', '/runs', { flow: 'sepa-two-authorisations', autoApprove: true });
    run = await control('POST', `/runs/${run.runId}/prepare`, {});
    for (let i = 0; i < 50 && run.phase !== 'finished'; i++) run = await control('POST', `/runs/${run.runId}/send`, { edit: null, until: 'end' });
    const exchanges = run.steps.flatMap((s) => s.exchanges);
    expect(run.steps.filter((s) => !s.met).map((s) => `${s.step.id}: ${s.error ?? JSON.stringify(s.unmet)}`)).toEqual([]);
    expect(run).toMatchObject({ phase: 'finished', met: true });
    // The PSU's browser opened the link on the PSU pages' origin; the TPP's requests went to the bank.
    expect(exchanges.filter((e) => e.actor === 'psuBrowser' && e.url.startsWith('/sca/')).map((e) => e.status)).toContain(200);
    expect(exchanges.find((e) => e.method === 'POST' && e.url.endsWith('/payments/pain.001-sepa-credit-transfers'))?.status).toBe(201);

    // Its HAR puts each request at the origin it went to: the SCA page on the PSU pages' origin, the rest on the bank's.
    const links = exchanges.map((e) => /"scaRedirect":\{"href":"([^"]+)"/.exec(e.responseBody)?.[1]).filter((href) => href !== undefined);
    const psuPages = new URL(links[0] as string).origin;
    expect(psuPages).not.toBe(new URL(bank.url).origin);
    const har = await tlsCall(bank, demoQwac(bank), 'GET', `/simulator/v1/runs/${run.runId}/har`);
    const urls = (JSON.parse(har.text) as { log: { entries: { request: { url: string } }[] } }).log.entries.map((e) => new URL(e.request.url));
    expect(urls.filter((u) => u.pathname.startsWith('/sca/')).map((u) => u.origin)).toEqual(expect.arrayContaining([psuPages]));
    expect(new Set(urls.filter((u) => u.pathname.startsWith('/sca/')).map((u) => u.origin))).toEqual(new Set([psuPages]));
    expect(new Set(urls.filter((u) => !u.pathname.startsWith('/sca/')).map((u) => u.origin))).toEqual(new Set([new URL(bank.url).origin]));
  });

  it("runFlow against the https origin with the data folder's QWAC and CA meets every step (ais-consent, sepa-two-authorisations)", async () => {
    const tls = loadTppTls(bank.dataDir);
    for (const name of ['ais-consent', 'sepa-two-authorisations']) {
      const run = await runFlow(flow(name), { origin: bank.url, tls, credentials: bank.client });
      expect(run.met, printed(run)).toBe(true);
    }
  });

  it('at London the TPP presents its UK open-banking QWAC (London refuses the eIDAS one)', async () => {
    const run = await runFlow(flow('london-faster-payment'), {
      origin: bank.url,
      tls: loadTppTls(bank.dataDir),
      credentials: bank.client,
      institution: 'london',
    });
    expect(run.met, printed(run)).toBe(true);
  });

  it("npm run flow -- NAME --base https://… --data DIR runs with the data folder's QWAC and CA", async () => {
    const { code, output } = await flowCommand(['ais-consent', '--base', bank.url, '--data', bank.dataDir]);
    expect(output).toMatch(/All \d+ steps met their expectations\./);
    expect(code).toBe(0);
  }, 60_000);

  it('without the QWAC the bank closes the connection: the run cannot start', async () => {
    const tls = { ...loadTppTls(bank.dataDir), qwac: null, ukQwac: null };
    await expect(runFlow(flow('ais-consent'), { origin: bank.url, tls, credentials: bank.client })).rejects.toThrow();
  });
});
