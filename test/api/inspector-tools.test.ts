// The Inspector's tools on the control API with real signed traffic from the built-in TPP:
// a pasted request diagnosed without being sent, and an exchange sent again with explicit choices.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exchange, PastedDiagnosis } from '../../preload/api/workbench-api';
import type { PsuSession } from '../../main/tpp/session';
import { readTemplate } from '../../main/tpp/templates';
import { exchangesToHar } from '../../shared/har';
import { buildCurl } from '../../renderer/src/lib/curl';
import { demoSigningKey, signedHeaders } from '../support/signing';
import { startTestBankWithPsu, type TestBank } from '../support/simulator';

let bank: TestBank;
let psu: PsuSession;

beforeAll(async () => {
  ({ bank, psu } = await startTestBankWithPsu('frankfurt', 'FRA-CREATOR'));
});
afterAll(async () => {
  await bank?.stop();
});

async function control<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: T }> {
  const res = await fetch(`${bank.url}/simulator/v1${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as T };
}

/** The exchange the bank logged for the newest request to `path`. */
async function loggedPayment(): Promise<Exchange> {
  const { json } = await control<Exchange[]>('GET', '/exchanges?limit=20');
  const found = json.find((e) => e.method === 'POST' && /^\/frankfurt\/berlingroup\/v1\/payments\/[^/]+$/.test(e.url));
  if (!found) throw new Error('no payment logged');
  return found;
}

/** The exchange's request as a raw HTTP request with CRLF line ends, as a proxy shows it. */
function rawHttp(e: Exchange, body = e.request.body ?? ''): string {
  const lines = Object.entries(e.request.headers).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v) => `${name}: ${v}`));
  return `${e.method} ${e.url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

const diagnose = (kind: string, text: string) =>
  control<PastedDiagnosis & { tppMessages?: { code: string; text: string }[] }>('POST', '/diagnose', { kind, text });
const failing = (d: PastedDiagnosis) => d.signature.checks.filter((c) => !c.passed).map((c) => c.id);

describe('POST /simulator/v1/diagnose', () => {
  let payment: Exchange;
  beforeAll(async () => {
    const res = await bank.tpp.createPaymentFromTemplate(psu, 'sepa-single.xml');
    expect(res.status).toBe(201);
    payment = await loggedPayment();
    expect(payment.signature?.verdict.valid).toBe(true);
  });

  it('finds a correctly signed request valid, pasted as raw HTTP, as cURL and as HAR, and sends nothing', async () => {
    const before = (await control<Exchange[]>('GET', '/exchanges?limit=1')).json[0]?.id;
    for (const [kind, text] of [
      ['http', rawHttp(payment)],
      ['curl', buildCurl({ method: payment.method, url: payment.url, headers: payment.request.headers, body: payment.request.body }, bank.url)],
      ['har', JSON.stringify(exchangesToHar([payment], bank.url, 'test'))],
    ] as const) {
      const { status, json } = await diagnose(kind, text);
      expect(status, kind).toBe(200);
      expect(json.signature.verdict, kind).toEqual({ valid: true });
      expect(json.signature.operation).toBe('payment-initiation');
      expect(json.request.url).toBe(payment.url);
      expect(json.request.body).toBe(payment.request.body);
    }
    // Nothing reached a bank route: the log has no new exchange.
    expect((await control<Exchange[]>('GET', '/exchanges?limit=1')).json[0]?.id).toBe(before);
  });

  it('names the Digest rule when the pasted body differs from the one signed', async () => {
    const { status, json } = await diagnose('http', rawHttp(payment, (payment.request.body ?? '').replace('<InstdAmt', '<InstdAmt ')));
    expect(status).toBe(200);
    expect(json.signature.verdict).toMatchObject({ valid: false, code: 'SIGNATURE_INVALID', checkId: 'digest-matches' });
    expect(failing(json)).toContain('digest-matches');
    expect(json.signature.rules.map((r) => r.rule)).toContain(5);
    expect(json.signature.rules.find((r) => r.rule === 5)?.text).toMatch(/^Digest value: `SHA-256=`/);
  });

  it('names a Digest computed over the XML minified while the body went pretty-printed', async () => {
    const sent = payment.request.body ?? '';
    const minified = sent.replace(/>\s+</g, '><').trim();
    const headers = signedHeaders(
      demoSigningKey(bank),
      ['digest', 'x-request-id', 'psu-id'],
      { 'x-request-id': '8f1d9a34-0e52-4b55-9c5a-1b3c2e5f7a90', 'psu-id': 'FRA-CREATOR' },
      minified,
    );
    const text = `POST ${payment.url} HTTP/1.1\n${Object.entries(headers)
      .map(([n, v]) => `${n}: ${v}`)
      .join('\n')}\n\n${sent}`;
    const { json } = await diagnose('http', text);
    const check = json.signature.checks.find((c) => c.id === 'digest-matches');
    expect(check?.passed).toBe(false);
    expect(check?.rule).toBe(6);
    expect(check?.text).toMatch(/XML minified \(the whitespace between elements removed\)/);
  });

  it('answers 400 saying what was wrong with input it cannot read', async () => {
    const cases: [string, string, RegExp][] = [
      ['http', 'not a request', /request line/],
      ['curl', "curl 'http://x/", /single quote is never closed/],
      ['har', '{"log":', /not JSON/],
      ['xml', 'x', /kind must be one of: http, curl, har/],
      ['http', 'GET /frankfurt/berlingroup/v1/accounts HTTP/1.1\n\n', /GET \/frankfurt\/berlingroup\/v1\/accounts is not a signed operation/],
    ];
    for (const [kind, text, message] of cases) {
      const { status, json } = await diagnose(kind, text);
      expect(status, text).toBe(400);
      expect(json.tppMessages?.[0]?.code).toBe('FORMAT_ERROR');
      expect(json.tppMessages?.[0]?.text).toMatch(message);
    }
  });
});

describe('POST /simulator/v1/diagnose: the bytes of a raw paste', () => {
  const crlfBody = readTemplate('sepa-single.xml').toString().replace(/\r?\n/g, '\r\n');
  let live: Exchange;
  beforeAll(async () => {
    expect((await bank.tpp.createPayment(psu, 'pain.001-sepa-credit-transfers', crlfBody)).status).toBe(201);
    live = await loggedPayment();
    expect(live.signature?.verdict).toEqual({ valid: true });
  });

  it('reads a CRLF body byte for byte: the live verdict, no warning', async () => {
    const { json } = await diagnose('http', rawHttp(live, crlfBody));
    expect(json.signature.verdict).toEqual({ valid: true });
    expect(json.request.bodySize).toBe(Buffer.byteLength(crlfBody));
    expect(json.warnings).toEqual([]);
  });

  it('says Content-Length disagrees when the body lost its carriage returns', async () => {
    const lf = crlfBody.replace(/\r\n/g, '\n');
    const { json } = await diagnose('http', rawHttp(live, lf));
    expect(json.signature.verdict).toMatchObject({ valid: false, checkId: 'digest-matches' });
    expect(json.warnings).toHaveLength(1);
    expect(json.warnings[0]).toMatch(
      new RegExp(`^Content-Length says ${Buffer.byteLength(crlfBody)} bytes, the body pasted has ${Buffer.byteLength(lf)}\\. With CRLF line endings`),
    );
  });
});

describe('POST /simulator/v1/exchanges/{id}/resend', () => {
  let broken: Exchange;
  beforeAll(async () => {
    const res = await bank.tpp.createPaymentFromTemplate(psu, 'sepa-single.xml', { faults: { bodyChangedAfterDigest: true } });
    expect(res.status).toBe(401);
    broken = await loggedPayment();
    expect(broken.signature?.verdict).toMatchObject({ valid: false, checkId: 'digest-matches' });
  });

  const choicesOf = (e: Exchange, overrides: Record<string, unknown> = {}) => ({
    method: e.method,
    url: e.url,
    headers: Object.fromEntries(Object.entries(e.request.headers).map(([n, v]) => [n, Array.isArray(v) ? v.join(', ') : v])),
    body: e.request.body,
    signature: 'keep',
    newRequestId: false,
    freshToken: false,
    ...overrides,
  });
  const header = (e: Exchange, name: string) => e.request.headers[name];

  it('sends it unchanged with the signature kept: a new exchange with the same verdict, byte for byte', async () => {
    const { status, json } = await control<Exchange>('POST', `/exchanges/${broken.id}/resend`, choicesOf(broken));
    expect(status).toBe(200);
    expect(json.id).toBeGreaterThan(broken.id);
    expect(json.request.body).toBe(broken.request.body);
    expect(json.response.status).toBe(broken.response.status);
    expect(json.signature?.verdict).toEqual(broken.signature?.verdict);
    expect(header(json, 'signature')).toBe(header(broken, 'signature'));
  });

  it('re-signed with the demo QSEAL, with a new X-Request-ID and a fresh PSU token, it passes', async () => {
    const { status, json } = await control<Exchange>(
      'POST',
      `/exchanges/${broken.id}/resend`,
      choicesOf(broken, { signature: 'resign', newRequestId: true, freshToken: true }),
    );
    expect(status).toBe(200);
    expect(json.signature?.verdict).toEqual({ valid: true });
    expect(json.response.status).toBe(201);
    expect(header(json, 'x-request-id')).not.toBe(header(broken, 'x-request-id'));
    expect(header(json, 'authorization')).not.toBe(header(broken, 'authorization'));
    expect(json.request.body).toBe(broken.request.body);
  });

  it('refuses what it cannot send, saying why', async () => {
    const bad = await control<{ tppMessages: { text: string }[] }>('POST', `/exchanges/${broken.id}/resend`, choicesOf(broken, { signature: 'maybe' }));
    expect(bad.status).toBe(400);
    expect(bad.json.tppMessages[0]?.text).toMatch(/signature must be one of: keep, resign/);
    const unsigned = await control<{ tppMessages: { text: string }[] }>(
      'POST',
      `/exchanges/${broken.id}/resend`,
      choicesOf(broken, { method: 'GET', url: '/frankfurt/berlingroup/v1/accounts', body: null, signature: 'resign' }),
    );
    expect(unsigned.status).toBe(400);
    expect(unsigned.json.tppMessages[0]?.text).toMatch(/not a signed operation/);
  });
});
