/**
 * `npm run bench`: throughput and latency of the simulator's main operations over real HTTP on
 * loopback, and the process's memory. Bounded in count; prints a Markdown table for the README.
 */
import { createHash, createPublicKey, randomUUID, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator } from '../main/simulator';
import { sepaBulk } from './bulk';
import { signRequest, type SignedHeaders, type SigningKey } from '../main/domain/signing/sign';
import { verifySignedRequest } from '../main/domain/signing/verify';
import { CertificateCache } from '../main/pki/certificate-cache';
import { ensureDataFolderPki } from '../main/pki/data-folder';
import { signingCertificateInspector } from '../main/services/signatures';

interface Row {
  operation: string;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
}

const CONCURRENCY = 8;
const fmt = (n: number, d = 1): string => (Number.isNaN(n) ? '–' : n.toFixed(d));

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
const cleanup = (): void => rmSync(dataDir, { recursive: true, force: true });
const rssBefore = process.memoryUsage().rss;

const tokenRequest = (): Promise<Response> =>
  fetch(`${base}/oauth/v1/token`, { method: 'POST', headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials' });
const tppToken = ((await expectStatus(await tokenRequest(), 200)) as { access_token: string }).access_token;
const validUntil = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
const createConsent = (): Promise<{ consentId: string; _links: { scaRedirect: { href: string } } }> => createConsentAs('FRA-CREATOR');
const createConsentAs = async (psuId: string): Promise<{ consentId: string; _links: { scaRedirect: { href: string } } }> =>
  (await expectStatus(
    await fetch(`${base}/berlingroup/v1/consents`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${tppToken}`, 'content-type': 'application/json', 'x-request-id': randomUUID(), 'psu-id': psuId,
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
rows.push(...(await signatureRows()));
const bulkRows = await bulkPayment(10_000);
const rssAfter = process.memoryUsage().rss;
await sim.close();
cleanup();

/** The demo TPP's QSEAL from the data folder. */
function demoKey(): SigningKey {
  return {
    keyId: (JSON.parse(readFileSync(join(dataDir, 'tpp', 'client.json'), 'utf8')) as { keyId: string }).keyId,
    certificatePem: readFileSync(join(dataDir, 'tpp', 'qseal.crt.pem'), 'utf8'),
    privateKeyPem: readFileSync(join(dataDir, 'tpp', 'qseal.key.pem'), 'utf8'),
  };
}

/** A PSU token of FRA-CLERK through consent, SCA, authorize and token, as a TPP gets one. */
async function clerkSession(): Promise<{ token: string; consentId: string }> {
  const consent = await createConsentAs('FRA-CLERK');
  await (await fetch(consent._links.scaRedirect.href)).text();
  const journeyId = consent._links.scaRedirect.href.split('/').pop() as string;
  await expectStatus(await fetch(`${sim.url}/simulator/v1/sca/${journeyId}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"action":"approve"}' }), 200);
  const verifier = randomUUID() + randomUUID();
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const redirect = 'https://tpp.example/callback';
  const auth = await fetch(`${base}/sandboxauth/v1/authorize?${new URLSearchParams({ client_id: client.clientId, response_type: 'code', scope: consent.consentId, state: 's', redirect_uri: redirect, code_challenge: challenge })}`);
  const code = new URL(auth.headers.get('location') as string).searchParams.get('code') as string;
  const tokens = (await expectStatus(
    await fetch(`${base}/oauth/v1/token`, { method: 'POST', headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirect, client_id: client.clientId, code_verifier: verifier }).toString() }),
    200,
  )) as { access_token: string };
  return { token: tokens.access_token, consentId: consent.consentId };
}

/** Validating and storing a large bulk pain.001 over HTTP, then producing its pain.002. */
async function bulkPayment(count: number): Promise<string[]> {
  const session = await clerkSession();
  const xml = Buffer.from(sepaBulk(count));
  const key = demoKey();
  const headers = { 'x-request-id': randomUUID(), 'psu-id': 'FRA-CLERK' };
  const signed = signRequest(['digest', 'x-request-id', 'psu-id'], (n) => headers[n as keyof typeof headers], xml, key);
  let started = performance.now();
  const created = (await expectStatus(
    await fetch(`${base}/berlingroup/v1/payments/pain.001-sepa-credit-transfers`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${session.token}`, 'consent-id': session.consentId, 'content-type': 'application/xml', digest: signed.digest, signature: signed.signature, 'tpp-signature-certificate': signed.tppSignatureCertificate },
      body: xml,
    }),
    201,
  )) as { paymentId: string };
  const createMs = performance.now() - started;
  started = performance.now();
  const report = await fetch(`${base}/berlingroup/v1/payments/pain.001-sepa-credit-transfers/${created.paymentId}/status`, { headers: { authorization: `Bearer ${session.token}`, 'consent-id': session.consentId, accept: 'application/xml' } });
  const reportText = await report.text();
  const reportMs = performance.now() - started;
  return [
    `| POST a ${count.toLocaleString('en')}-transaction SEPA bulk (${(xml.length / 2 ** 20).toFixed(1)} MiB): verify signature, validate, store | ${fmt(createMs, 0)} ms |`,
    `| GET its pain.002 (${(reportText.length / 2 ** 20).toFixed(1)} MiB, ${count.toLocaleString('en')} TxInfAndSts) | ${fmt(reportMs, 0)} ms |`,
  ];
}

/**
 * Signed-request verification in the verifier itself and over HTTP, beside node:crypto's raw RSA verify.
 * Every verification gets a request of its own (its own X-Request-ID, so its own signature), signed
 * outside the timed part: only what the bank does per request is timed, the certificate cache included.
 */
async function signatureRows(): Promise<Row[]> {
  const key = demoKey();
  const trust = ensureDataFolderPki(dataDir, new Date()).trust;
  const cache = new CertificateCache();
  const body = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03">${'<x>Müller Logistik GmbH</x>'.repeat(60)}</Document>\n`);
  const signedRequest = (): { request: Record<string, string>; signed: SignedHeaders } => {
    const headers = { 'x-request-id': randomUUID(), 'psu-id': 'FRA-CREATOR', 'tpp-redirect-uri': 'https://tpp.example/cb' };
    const signed = signRequest(['digest', 'x-request-id', 'psu-id', 'tpp-redirect-uri'], (n) => headers[n as keyof typeof headers], body, key);
    return { request: { ...headers, digest: signed.digest, signature: signed.signature, 'tpp-signature-certificate': signed.tppSignatureCertificate }, signed };
  };
  const now = new Date();
  const inProcessRow = (operation: string, total: number, elapsedMs: number): Row =>
    ({ operation, requests: total, perSecond: total / (elapsedMs / 1000), p50: elapsedMs / total, p99: Number.NaN });

  const { signed } = signedRequest();
  const rawKey = createPublicKey(key.certificatePem);
  const rawSignature = Buffer.from(/signature="([^"]+)"/.exec(signed.signature)?.[1] ?? '', 'base64');
  const rawData = Buffer.from(signed.signingString.text, 'latin1');
  let started = performance.now();
  for (let i = 0; i < 5000; i++) if (!verify('sha256', rawData, rawKey, rawSignature)) throw new Error('raw verify failed');
  const raw = inProcessRow('node:crypto RSA-SHA256 verify alone', 5000, performance.now() - started);

  // Signed in batches, so the requests waiting for their turn stay few and do not weigh on the memory figure.
  let elapsedMs = 0;
  for (let batch = 0; batch < 10; batch++) {
    const requests = Array.from({ length: 500 }, () => signedRequest().request);
    started = performance.now();
    for (const headers of requests) {
      const d = verifySignedRequest({ operation: 'payment-initiation', headers, body, inspectCertificate: signingCertificateInspector(trust, cache, now) });
      if (!d.verdict.valid) throw new Error(JSON.stringify(d.verdict));
    }
    elapsedMs += performance.now() - started;
  }
  const full = inProcessRow('signed-request verification (all checks, in process)', 5000, elapsedMs);

  const requests = Array.from({ length: 2000 }, () => signedRequest().request);
  const http = await measure('POST /sandbox/v1/signature/validation (HTTP)', requests.length, async (i) => {
    const res = await fetch(`${base}/sandbox/v1/signature/validation`, { method: 'POST', headers: { ...requests[i], 'bank-headers': 'digest x-request-id psu-id tpp-redirect-uri' }, body });
    const result = (await expectStatus(res, 200)) as { valid: boolean };
    if (!result.valid) throw new Error('validation failed');
  });
  return [raw, full, http];
}

console.log(`Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; client and simulator in one process, ${CONCURRENCY} concurrent requests over loopback HTTP.\n`);
console.log('| operation | requests | per second | p50 ms (mean for in-process loops) | p99 ms |');
console.log('|---|---:|---:|---:|---:|');
for (const r of rows) console.log(`| ${r.operation} | ${r.requests} | ${fmt(r.perSecond, 0)} | ${fmt(r.p50, 2)} | ${fmt(r.p99, 2)} |`);
console.log('\n| bulk payment | time |');
console.log('|---|---:|');
for (const line of bulkRows) console.log(line);
console.log(`\nResident memory: ${fmt(rssBefore / 2 ** 20)} MiB after start, ${fmt(rssAfter / 2 ** 20)} MiB after ${rows.reduce((s, r) => s + r.requests, 0)} operations (exchange log included).`);
