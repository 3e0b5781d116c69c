/**
 * `npm run bench`: throughput and latency of the simulator's main operations over real HTTP on
 * loopback, and the process's memory. Bounded in count; prints a Markdown table for the README.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator } from '../main/simulator';

interface Row {
  operation: string;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
}

const CONCURRENCY = 8;

async function measure(operation: string, total: number, one: (i: number) => Promise<void>): Promise<Row> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < total) {
        const i = next++;
        const t = performance.now();
        await one(i);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number): number => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { operation, requests: total, perSecond: total / elapsed, p50: at(0.5), p99: at(0.99) };
}

async function expectStatus(res: Response, status: number): Promise<unknown> {
  const text = await res.text();
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${text}`);
  return text ? (JSON.parse(text) as unknown) : null;
}

const dataDir = mkdtempSync(join(tmpdir(), 'wb-bench-'));
const sim = await startSimulator({ port: 0, host: '127.0.0.1', dataDir, mode: 'simulation', tls: false });
const client = JSON.parse(readFileSync(join(dataDir, 'tpp', 'client.json'), 'utf8')) as { clientId: string; clientSecret: string };
const basic = `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`;
const base = `${sim.url}/frankfurt`;
const rssBefore = process.memoryUsage().rss;

const tokenRequest = (): Promise<Response> =>
  fetch(`${base}/oauth/v1/token`, { method: 'POST', headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials' });
const tppToken = ((await expectStatus(await tokenRequest(), 200)) as { access_token: string }).access_token;
const validUntil = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
const createConsent = async (): Promise<{ consentId: string; _links: { scaRedirect: { href: string } } }> =>
  (await expectStatus(
    await fetch(`${base}/berlingroup/v1/consents`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${tppToken}`, 'content-type': 'application/json', 'x-request-id': randomUUID(), 'psu-id': 'FRA-CREATOR',
        'tpp-redirect-uri': 'https://tpp.example/cb', 'psu-ip-address': '192.0.2.1', 'psu-device-id': randomUUID(),
      },
      body: JSON.stringify({ access: {}, recurringIndicator: true, validUntil, frequencyPerDay: 4, combinedServiceIndicator: true }),
    }),
    201,
  )) as { consentId: string; _links: { scaRedirect: { href: string } } };

const rows: Row[] = [];
rows.push(await measure('POST /token (client_credentials)', 2000, async () => void (await expectStatus(await tokenRequest(), 200))));
const created: string[] = [];
rows.push(await measure('POST /consents', 2000, async () => void created.push((await createConsent()).consentId)));
rows.push(
  await measure('GET /consents/{id}/status', 4000, async (i) => {
    await expectStatus(await fetch(`${base}/berlingroup/v1/consents/${created[i % created.length]}/status`, { headers: { authorization: `Bearer ${tppToken}` } }), 200);
  }),
);
rows.push(
  await measure('consent + SCA open + approve (3 requests)', 500, async () => {
    const consent = await createConsent();
    await (await fetch(consent._links.scaRedirect.href)).text();
    const journeyId = consent._links.scaRedirect.href.split('/').pop() as string;
    await expectStatus(await fetch(`${sim.url}/simulator/v1/sca/${journeyId}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"action":"approve"}' }), 200);
  }),
);
const rssAfter = process.memoryUsage().rss;
await sim.close();
rmSync(dataDir, { recursive: true, force: true });

const fmt = (n: number, d = 1): string => n.toFixed(d);
console.log(`Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; client and simulator in one process, ${CONCURRENCY} concurrent requests over loopback HTTP.\n`);
console.log('| operation | requests | per second | p50 ms | p99 ms |');
console.log('|---|---:|---:|---:|---:|');
for (const r of rows) console.log(`| ${r.operation} | ${r.requests} | ${fmt(r.perSecond, 0)} | ${fmt(r.p50, 2)} | ${fmt(r.p99, 2)} |`);
console.log(`\nResident memory: ${fmt(rssBefore / 2 ** 20)} MiB after start, ${fmt(rssAfter / 2 ** 20)} MiB after ${rows.reduce((s, r) => s + r.requests, 0)} operations (exchange log included).`);
