/**
 * The load generator of `npm run bench`, in a process of its own so the simulator's measured cost is the
 * simulator's alone: autocannon drives one scenario and the result is printed as one JSON line (with
 * `--serve`, one scenario per spec file named on stdin, the process kept warm between them).
 * Signed scenarios sign every request afresh (its own X-Request-ID, Digest and Signature) with the demo
 * TPP's QSEAL from the data folder, before the clock starts, so the signer's RSA work does not compete with
 * the bank's for the machine's cores during the measurement.
 */
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { signingKeyOf } from '../main/tpp/credentials';
import { loadTppCredentials } from '../main/tpp/data-folder';
import { clientCredentialsToken } from '../main/tpp/requests/oauth';
import { consentStatus } from '../main/tpp/requests/consents';
import { createPayment, paymentStatus, startAuthorisation } from '../main/tpp/requests/payments';
import { requestId } from '../main/tpp/requests/request';
import { signPrepared } from '../main/tpp/sign';
import type { PreparedRequest } from '../main/tpp/types';
import type { LoadResult, LoadSpec, Scenario } from './load-spec';

const PSU = { ipAddress: '192.0.2.10', deviceId: '3f8f2a57-2a3e-4c55-9d1b-2b8f6f0c9a11' };

interface Wire {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer | string;
}

const wire = (r: PreparedRequest): Wire => ({ method: r.method, path: r.path, headers: r.headers, ...(r.body === null ? {} : { body: r.body }) });

/** A builder for the request with number `i`: fresh X-Request-ID each; signed ones come from a pool signed beforehand. */
function builder(scenario: Scenario, spec: LoadSpec): (i: number) => Wire {
  const credentials = spec.dataDir ? loadTppCredentials(spec.dataDir) : null;
  const need = <T>(value: T | null | undefined, what: string): T => {
    if (value === undefined || value === null) throw new Error(`scenario ${scenario.kind} needs ${what}`);
    return value;
  };
  const rotate = <T>(items: readonly T[], i: number): T => items[i % items.length] as T;
  switch (scenario.kind) {
    case 'fixed':
      return () => ({ method: scenario.method, path: scenario.path, headers: scenario.headers ?? {} });
    case 'token': {
      const c = need(credentials, 'a data folder');
      return () => wire(clientCredentialsToken(c, scenario.institution));
    }
    case 'consent-status':
      return (i) => wire(consentStatus(scenario.institution, scenario.tppToken, rotate(scenario.consentIds, i)));
    case 'payment-status':
      return (i) => wire(paymentStatus(scenario.access, scenario.product, rotate(scenario.paymentIds, i)));
    case 'payment-create':
    case 'authorisation-start': {
      const key = signingKeyOf(need(credentials, 'a data folder'));
      const body = scenario.kind === 'payment-create' ? readFileSync(scenario.pain001File) : null;
      const make = (i: number): PreparedRequest =>
        scenario.kind === 'payment-create'
          ? createPayment(scenario.access, scenario.product, body as Buffer, PSU)
          : startAuthorisation(scenario.access, scenario.product, rotate(scenario.paymentIds, i), PSU, scenario.tppRedirectUri);
      const pool = Array.from({ length: scenario.pool }, (_, i) => wire(signPrepared(make(i), { own: key })));
      return (i) => rotate(pool, i);
    }
    case 'mixed': {
      const parts = scenario.parts.map((part) => builder(part, spec));
      return (i) => (rotate(parts, i) as (n: number) => Wire)(Math.floor(i / parts.length));
    }
  }
}

/** The X-Request-ID of unsigned requests is made per request; signed ones carry their own, under the signature. */
const withFreshRequestId = (scenario: Scenario, w: Wire): Wire =>
  scenario.kind === 'consent-status' || scenario.kind === 'payment-status' ? { ...w, headers: { ...w.headers, 'x-request-id': requestId() } } : w;

async function run(spec: LoadSpec): Promise<LoadResult> {
  const build = builder(spec.scenario, spec);
  let next = 0;
  const created: string[] = [];
  const statuses: Record<string, number> = {};
  // From the first request to the last answer, timed here: autocannon notices a finished fixed count only at
  // its next one-second tick, which would make short runs look slower than they were.
  let firstAt = 0;
  let lastAt = 0;
  const result = await autocannon({
    url: spec.url,
    connections: spec.connections,
    ...(spec.amount ? { amount: spec.amount } : { duration: spec.seconds ?? 5 }),
    ...(spec.overallRate ? { overallRate: spec.overallRate } : {}),
    timeout: 30,
    requests: [
      {
        setupRequest: (req) => {
          if (firstAt === 0) firstAt = performance.now();
          const w = withFreshRequestId(spec.scenario, build(next++));
          return { ...req, method: w.method as autocannon.Request['method'], path: w.path, headers: w.headers, body: w.body };
        },
        onResponse: (status: number, body: string) => {
          lastAt = performance.now();
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (spec.collectPaymentIds && status === 201) {
            const id = /"paymentId":"([^"]+)"/.exec(body)?.[1];
            if (id) created.push(id);
          }
        },
      },
    ],
  });
  const seconds = lastAt > firstAt ? (lastAt - firstAt) / 1000 : result.duration;
  return {
    requests: result.requests.total,
    seconds,
    perSecond: result.requests.total / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    statuses,
    createdPaymentIds: created,
  };
}

const runFile = async (file: string): Promise<string> => `${JSON.stringify(await run(JSON.parse(readFileSync(file, 'utf8')) as LoadSpec))}\n`;

if (process.argv[2] === '--serve') {
  // Kept running across the bench's runs, one spec file named per line of stdin and one result line each:
  // a fresh process per run spent its first half second warming up, which held every short run back.
  for await (const file of createInterface({ input: process.stdin })) process.stdout.write(await runFile(file));
} else {
  process.stdout.write(await runFile(process.argv[2] as string));
}
