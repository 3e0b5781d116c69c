/**
 * `npm run fuzz -- [--requests N] [--seed S]`: malformed requests over every route of a simulator started as
 * `npm run serve` starts it, bank and control API alike, over raw sockets (so anything goes on the wire).
 * Reports how many answers were 5xx, how many took over 5 s (a hang), connections closed without an answer,
 * and the server's resident memory before and after. Not a test: a run of 100,000 takes a minute or two.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { seededRandom } from '../main/domain/random';
import { rssBytes, startServe } from './processes';

const HANG_MS = 5_000;
const CONCURRENCY = 32;
const INSTITUTIONS = ['frankfurt', 'london', 'paris', 'dusseldorf', 'brussels', 'atlantis', '', '%00', '..'];
const PRODUCTS = ['pain.001-sepa-credit-transfers', 'pain.001-faster-payments', 'sepa-credit-transfers', 'x'];
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'BREW', 'get'];

function generator(seed: number, host: string) {
  // Seeded, so a run can be repeated with --seed.
  const next = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const junk = (length: number): string => Array.from({ length }, () => String.fromCharCode(Math.floor(next() * 0x7e) + 1)).join('');
  const id = (): string =>
    pick(['', 'x', 'a'.repeat(300), '00000000-0000-0000-0000-000000000000', '%2e%2e', junk(12), 'SANDBOX-SEPA-0001', '../../etc/passwd']);
  const paths = (): string => {
    const i = pick(INSTITUTIONS);
    return pick([
      `/${i}/berlingroup/v1/consents`,
      `/${i}/berlingroup/v1/consents/${id()}`,
      `/${i}/berlingroup/v1/consents/${id()}/status`,
      `/${i}/berlingroup/v1/accounts`,
      `/${i}/berlingroup/v1/accounts/${id()}/transactions?bookingStatus=${pick(['booked', 'x', ''])}&dateFrom=${pick(['2026-01-01', '2026-02-30', 'x'])}`,
      `/${i}/berlingroup/v1/payments/${pick(PRODUCTS)}`,
      `/${i}/berlingroup/v1/payments/${pick(PRODUCTS)}/${id()}/status`,
      `/${i}/berlingroup/v1/payments/${pick(PRODUCTS)}/${id()}/authorisations`,
      `/${i}/berlingroup/v1/signing-baskets`,
      `/${i}/berlingroup/v1/signing-baskets/${id()}`,
      `/${i}/berlingroup/v1/funds-confirmations`,
      `/${i}/oauth/v1/token`,
      `/${i}/oauth/v1/register`,
      `/${i}/sandboxauth/v1/authorize?client_id=${id()}&redirect_uri=${pick(['https://x', junk(5)])}`,
      `/sca/${id()}`,
      `/sca/${id()}/status`,
      `/simulator/v1/${pick(['clock', 'reset', 'mode', 'exchanges', 'exchanges/1/pin', 'exchanges/1/resend', 'diagnose', 'runs', 'runs/import', 'service-blocks', 'rate-limit', 'tpps', 'consents', 'payments', 'baskets', 'sca', 'events', 'openapi.json'])}${pick(['', '?limit=-1', '?q=' + encodeURIComponent(junk(20)), '?offset=x'])}`,
      `/${junk(Math.floor(next() * 40))}`,
      '/',
    ]);
  };
  const body = (): string =>
    pick([
      '',
      '{',
      '{"advance":"P1D"}',
      '{"paused":true}',
      '{"log":true,"runs":true,"clock":"start"}',
      '{"mode":"sandbox"}',
      '{"mode":"simulation"}',
      JSON.stringify({ access: { balances: [] }, recurringIndicator: true, validUntil: '2026-02-30', frequencyPerDay: 4 }),
      '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><Document>&b;</Document>',
      '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"><CstmrCdtTrfInitn><GrpHdr></GrpHdr></CstmrCdtTrfInitn></Document>',
      `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
      'grant_type=client_credentials',
      'grant_type=authorization_code&code=x&redirect_uri=https://x&code_verifier=y',
      junk(Math.floor(next() * 2_000)),
      JSON.stringify({ paymentIds: Array.from({ length: 101 }, (_, i) => `p${i}`) }),
      JSON.stringify({ kind: 'http', text: junk(500) }),
    ]);
  const headers = (): string[] =>
    [
      `Host: ${pick([host, host, host, 'evil.example', ''])}`,
      pick([
        'Content-Type: application/json',
        'Content-Type: application/xml',
        'Content-Type: text/plain',
        'Content-Type: application/x-www-form-urlencoded',
        '',
      ]),
      pick([`X-Request-ID: ${crypto.randomUUID()}`, 'X-Request-ID: x', '', `X-Request-ID: ${crypto.randomUUID()}\r\nX-Request-ID: ${crypto.randomUUID()}`]),
      pick(['Authorization: Bearer x', 'Authorization: Basic !!', 'Authorization: ' + junk(30), '']),
      pick([
        'Digest: SHA-256=x',
        'Signature: keyId="x",algorithm="rsa-sha256",headers="digest",signature="AA=="',
        'TPP-Signature-Certificate: ' + junk(50),
        '',
      ]),
      pick(['Consent-ID: ' + id(), 'PSU-ID: FRA-CREATOR', 'Origin: https://evil.example', 'Origin: null', '']),
    ].filter((line) => line !== '');
  return (): string => {
    const content = body();
    const lines = [`${pick(METHODS)} ${paths()} HTTP/1.1`, ...headers(), 'Connection: close'];
    const length = Buffer.byteLength(content);
    // Mostly the right length; sometimes a lie in either direction.
    lines.push(
      pick([
        `Content-Length: ${length}`,
        `Content-Length: ${length}`,
        `Content-Length: ${length + 5}`,
        `Content-Length: ${Math.max(0, length - 3)}`,
        'Transfer-Encoding: chunked',
      ]),
    );
    return `${lines.join('\r\n')}\r\n\r\n${content}`;
  };
}

interface Outcome {
  status: number | 'closed' | 'hang';
}

function send(port: number, text: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ status: 'hang' });
    }, HANG_MS);
    const done = (): void => {
      clearTimeout(timer);
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1];
      resolve({ status: status === undefined ? 'closed' : Number(status) });
    };
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      answer += chunk.slice(0, 64);
      if (answer.length >= 12 && /^HTTP\/1\.1 \d{3}/.test(answer)) socket.destroy();
    });
    socket.on('close', done);
    socket.on('error', () => undefined);
    socket.end(text);
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { requests: { type: 'string', default: '10000' }, seed: { type: 'string', default: '1' } } });
  const total = Number(values.requests);
  const seed = Number(values.seed);
  if (!Number.isInteger(total) || total < 1 || !Number.isInteger(seed)) throw new Error('--requests N (a whole number) --seed S');
  const dataDir = mkdtempSync(join(tmpdir(), 'wb-fuzz-'));
  const server = await startServe(dataDir);
  const port = Number(new URL(server.url).port);
  const next = generator(seed, `127.0.0.1:${port}`);
  const rssBefore = rssBytes(server.child.pid);
  const counts = new Map<string, number>();
  let sent = 0;
  const started = performance.now();
  const worker = async (): Promise<void> => {
    while (sent < total) {
      sent++;
      const { status } = await send(port, next());
      const key = typeof status === 'number' ? `${Math.floor(status / 100)}xx` : status;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      if (sent % 10_000 === 0) process.stderr.write(`${sent.toLocaleString('en')} of ${total.toLocaleString('en')} sent\n`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  // Still answering a plain request after all that?
  const alive = await fetch(`${server.url}/simulator/v1/info`).then(
    (r) => r.status,
    () => 0,
  );
  const rssAfter = rssBytes(server.child.pid);
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
  console.log(`fuzz: ${total.toLocaleString('en')} malformed requests (seed ${seed}) in ${seconds.toFixed(1)} s, ${CONCURRENCY} at a time`);
  console.log(
    `answers: ${[...counts.entries()]
      .sort()
      .map(([k, n]) => `${k} ${n.toLocaleString('en')}`)
      .join(', ')}`,
  );
  console.log(
    `5xx: ${counts.get('5xx') ?? 0}; hangs over ${HANG_MS / 1000} s: ${counts.get('hang') ?? 0}; closed without an answer: ${counts.get('closed') ?? 0}`,
  );
  console.log(`server RSS: ${mib(rssBefore)} before, ${mib(rssAfter)} after; afterwards GET /simulator/v1/info answers ${alive}`);
  process.exitCode = (counts.get('5xx') ?? 0) > 0 || (counts.get('hang') ?? 0) > 0 || alive !== 200 ? 1 : 0;
}

await main();
