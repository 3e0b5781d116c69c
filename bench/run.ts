/**
 * `npm run bench`: throughput and latency of the simulator's main operations over real HTTP on
 * loopback, and the process's memory. Bounded in count; prints a Markdown table for the README.
 */
import { createPublicKey, randomUUID, verify } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator } from '../main/simulator';
import { sepaBulk } from '../main/tpp/bulk';
import { TppClient } from '../main/tpp/client';
import { BankControl } from '../main/tpp/control';
import { signingKeyOf } from '../main/tpp/credentials';
import { loadTppCredentials } from '../main/tpp/data-folder';
import { psuSession } from '../main/tpp/journeys';
import { prepared } from '../main/tpp/requests/request';
import { signPrepared } from '../main/tpp/sign';
import type { PreparedRequest, TppResponse } from '../main/tpp/types';
import { verifySignedRequest } from '../main/domain/signing/verify';
import { CertificateCache } from '../main/pki/certificate-cache';
import { ensureDataFolderPki } from '../main/pki/data-folder';
import { signingCertificateInspector } from '../main/services/signatures';
import { controlClient } from '../shared/control-client';
import { editorContext } from '../renderer/src/screens/editor/language/context';
import { bulkFromTemplate } from '../renderer/src/screens/editor/language/generate-bulk';
import { diagnose } from '../renderer/src/screens/editor/language/validation';

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

function expectStatus(res: TppResponse, status: number): unknown {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${res.text}`);
  return res.body;
}

const dataDir = mkdtempSync(join(tmpdir(), 'wb-bench-'));
const sim = await startSimulator({ port: 0, host: '127.0.0.1', dataDir, mode: 'simulation', tls: false });
const credentials = loadTppCredentials(dataDir);
const tpp = new TppClient({ origin: sim.url, credentials });
const control = new BankControl(sim.url);
const cleanup = (): void => rmSync(dataDir, { recursive: true, force: true });
const rssBefore = process.memoryUsage().rss;

const createConsent = async (): Promise<string> => (await tpp.startConsent('frankfurt', 'FRA-CREATOR')).consentId;

const rows: Row[] = [];
rows.push(await measure('POST /token (client_credentials)', 2000, async () => void (await tpp.tppToken('frankfurt', { renew: true }))));
const created: string[] = [];
rows.push(await measure('POST /consents', 2000, async () => void created.push(await createConsent())));
rows.push(
  await measure('GET /consents/{id}/status', 4000, async (i) => {
    expectStatus(await tpp.consentStatus('frankfurt', created[i % created.length] as string), 200);
  }),
);
rows.push(
  await measure('consent + SCA open + approve (3 requests)', 500, async () => {
    const consent = await tpp.startConsent('frankfurt', 'FRA-CREATOR');
    await tpp.openScaLink(consent.scaRedirect);
    expectStatus(await control.decideSca(consent.journeyId), 200);
  }),
);
rows.push(...(await signatureRows()));
const bulkRows = await bulkPayment(10_000);
const editorRows = await editorMarkerRows([1_000, 10_000]);
const rssAfter = process.memoryUsage().rss;
await sim.close();
cleanup();

/** Validating and storing a large bulk pain.001 over HTTP, then producing its pain.002. */
async function bulkPayment(count: number): Promise<string[]> {
  const session = await psuSession(tpp, control, 'frankfurt', 'FRA-CLERK');
  const xml = Buffer.from(sepaBulk(count));
  const sent = await tpp.createPayment(session, 'pain.001-sepa-credit-transfers', xml);
  const { paymentId } = expectStatus(sent, 201) as { paymentId: string };
  const status = await tpp.paymentStatus(session, 'pain.001-sepa-credit-transfers', paymentId);
  if (status.status !== 200) throw new Error(`expected 200, got ${status.status}: ${status.text}`);
  return [
    `| POST a ${count.toLocaleString('en')}-transaction SEPA bulk (${(xml.length / 2 ** 20).toFixed(1)} MiB): verify signature, validate, store | ${fmt(sent.durationMs, 0)} ms |`,
    `| GET its pain.002 (${(status.text.length / 2 ** 20).toFixed(1)} MiB, ${count.toLocaleString('en')} TxInfAndSts) | ${fmt(status.durationMs, 0)} ms |`,
  ];
}

/**
 * The payment editor's marker latency: from the text to the markers (validation and placing each
 * issue at its line), the code its worker runs, here in Node. The context comes from the workbench
 * contract as the editor builds it; each bulk is timed valid and with one wrong IBAN check digit
 * near its end; the median of 5 runs after one warm-up.
 */
async function editorMarkerRows(counts: number[]): Promise<string[]> {
  const api = controlClient(sim.url);
  const [info, psus, templates] = await Promise.all([api.getInfo(), api.listPsus(), api.listTemplates('frankfurt')]);
  const product = 'pain.001-sepa-credit-transfers';
  const context = editorContext({ institution: 'frankfurt', product, templates, psus, psuId: 'FRA-CREATOR', now: info.now });
  const template = templates.find((t) => t.product === product && t.kind === 'bulk')?.pain001;
  if (template === undefined) throw new Error('no SEPA bulk template at Frankfurt');
  const median = (text: string, problems: number): number => {
    const times: number[] = [];
    for (let run = 0; run < 6; run++) {
      const started = performance.now();
      const found = diagnose(text, context).diagnostics.length;
      if (found !== problems) throw new Error(`expected ${problems} markers, got ${found}`);
      if (run > 0) times.push(performance.now() - started);
    }
    return times.sort((a, b) => a - b)[2] ?? Number.NaN;
  };
  return counts.flatMap((count) => {
    const valid = bulkFromTemplate(template, count);
    const at = valid.lastIndexOf('<IBAN>FR76');
    const broken = `${valid.slice(0, at)}<IBAN>FR77${valid.slice(at + 10)}`;
    const size = `${(valid.length / 2 ** 20).toFixed(1)} MiB`;
    return [
      `| editor markers: ${count.toLocaleString('en')}-transaction bulk (${size}), valid | ${fmt(median(valid, 0), 0)} ms |`,
      `| editor markers: ${count.toLocaleString('en')}-transaction bulk (${size}), one wrong IBAN check digit | ${fmt(median(broken, 1), 0)} ms |`,
    ];
  });
}

/**
 * Signed-request verification in the verifier itself and over HTTP, beside node:crypto's raw RSA verify.
 * Every verification gets a request of its own (its own X-Request-ID, so its own signature), signed
 * outside the timed part: only what the bank does per request is timed, the certificate cache included.
 */
async function signatureRows(): Promise<Row[]> {
  const key = signingKeyOf(credentials);
  const trust = ensureDataFolderPki(dataDir, new Date()).trust;
  const cache = new CertificateCache();
  const body = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03">${'<x>Müller Logistik GmbH</x>'.repeat(60)}</Document>\n`);
  // A payment initiation as the TPP signs it, with TPP-Redirect-URI so all four profile headers are signed.
  const signedRequest = (): PreparedRequest => {
    const headers = { 'x-request-id': randomUUID(), 'psu-id': 'FRA-CREATOR', 'tpp-redirect-uri': 'https://tpp.example/cb' };
    return signPrepared(prepared('payment-create', 'frankfurt', 'POST', '/frankfurt/berlingroup/v1/payments/pain.001-sepa-credit-transfers', headers, body), { own: key });
  };
  const now = new Date();
  const inProcessRow = (operation: string, total: number, elapsedMs: number): Row =>
    ({ operation, requests: total, perSecond: total / (elapsedMs / 1000), p50: elapsedMs / total, p99: Number.NaN });

  const signed = signedRequest();
  const rawKey = createPublicKey(key.certificatePem);
  const rawSignature = Buffer.from(/signature="([^"]+)"/.exec(signed.headers.signature ?? '')?.[1] ?? '', 'base64');
  const rawData = Buffer.from(signed.signingString ?? '', 'latin1');
  let started = performance.now();
  for (let i = 0; i < 5000; i++) if (!verify('sha256', rawData, rawKey, rawSignature)) throw new Error('raw verify failed');
  const raw = inProcessRow('node:crypto RSA-SHA256 verify alone', 5000, performance.now() - started);

  // Signed in batches, so the requests waiting for their turn stay few and do not weigh on the memory figure.
  let elapsedMs = 0;
  for (let batch = 0; batch < 10; batch++) {
    const requests = Array.from({ length: 500 }, () => signedRequest().headers);
    started = performance.now();
    for (const headers of requests) {
      const d = verifySignedRequest({ operation: 'payment-initiation', headers, body, inspectCertificate: signingCertificateInspector(trust, cache, now) });
      if (!d.verdict.valid) throw new Error(JSON.stringify(d.verdict));
    }
    elapsedMs += performance.now() - started;
  }
  const full = inProcessRow('signed-request verification (all checks, in process)', 5000, elapsedMs);

  const requests = Array.from({ length: 2000 }, () => signedRequest().headers);
  const http = await measure('POST /sandbox/v1/signature/validation (HTTP)', requests.length, async (i) => {
    const res = await tpp.validateSignature('frankfurt', requests[i] as Record<string, string>, body, undefined, ['digest', 'x-request-id', 'psu-id', 'tpp-redirect-uri']);
    const result = expectStatus(res, 200) as { valid: boolean };
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
console.log('\n| payment editor: text to markers (its worker\'s code, in Node) | time |');
console.log('|---|---:|');
for (const line of editorRows) console.log(line);
console.log(`\nResident memory: ${fmt(rssBefore / 2 ** 20)} MiB after start, ${fmt(rssAfter / 2 ** 20)} MiB after ${rows.reduce((s, r) => s + r.requests, 0)} operations (exchange log included).`);
