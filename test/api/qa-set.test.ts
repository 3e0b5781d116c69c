// The QA set (test/support/qa-set.ts): every broken signed request gets the bank's status, code and failing check,
// live over a raw socket (exact bytes, repeated lines), and the same verdict, word for word, when the
// same request is pasted into Diagnose as raw HTTP, as a cURL command and as a HAR entry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exchange, PastedDiagnosis } from '../../preload/api/workbench-api';
import type { PsuSession } from '../../main/tpp/session';
import { QA_CASES, qaBaseRequest } from '../support/qa-set';
import { type QaCase, type QaKeys, type QaRequest } from '../support/qa-request';
import { PASTE_FORMS, sendRaw } from '../support/qa-forms';
import { startQaBank } from '../support/qa-bank';
import type { TestBank } from '../support/simulator';

let bank: TestBank;
let psu: PsuSession;
let keys: QaKeys;

beforeAll(async () => {
  ({ bank, psu, keys } = await startQaBank());
});
afterAll(async () => {
  await bank?.stop();
});

interface Verdict {
  status: number;
  code: string | undefined;
  checkId: string | undefined;
  text: string | undefined;
}

/** Each case's request, built once, and its live verdict: what every paste form must repeat. */
const built = new Map<string, QaRequest>();
const live = new Map<string, Verdict>();

const requestIdOf = (request: QaRequest): string => request.headers.find(([n]) => n.toLowerCase() === 'x-request-id')?.[1] ?? '';

async function loggedExchange(requestId: string): Promise<Exchange | undefined> {
  const res = await fetch(`${bank.url}/simulator/v1/exchanges?limit=10`);
  const exchanges = (await res.json()) as Exchange[];
  return exchanges.find((e) => JSON.stringify(e.request.headers).includes(requestId));
}

/** The cases whose signature verifies over a variant of the bank's signing string (bad-signature.ts). */
const LIKELY_SIGNED_FOUND = [
  'names-original-case',
  'request-target-unlisted',
  'order-as-sent',
  'order-as-sent-trailing-newline',
  'order-reversed',
  'trailing-newline',
  'crlf-lines',
  'x-request-id-twice',
  'x-request-id-same-twice',
  'digest-twice',
  'psu-id-twice',
  'psu-id-trailing-space',
];

const expected = (c: QaCase) => ({ status: c.expect.status, code: c.expect.code, checkId: c.expect.checkId });

it('has at least 30 cases, each with its own id', () => {
  expect(QA_CASES.length).toBeGreaterThanOrEqual(30);
  expect(new Set(QA_CASES.map((c) => c.id)).size).toBe(QA_CASES.length);
});

describe('live: the bank answers each broken request over a raw socket', () => {
  it.each(QA_CASES.map((c) => [c.id, c] as const))('%s', async (_id, c) => {
    const request = c.build(qaBaseRequest(psu, bank.tpp.psu), keys);
    built.set(c.id, request);
    const res = await sendRaw(bank.url, request);
    const message = (JSON.parse(res.body) as { tppMessages?: { code: string; text: string }[] }).tppMessages?.[0];
    const logged = await loggedExchange(requestIdOf(request));
    const verdict = logged?.signature?.verdict;
    // A request the HTTP parser refused reached no route: its verdict is the logged refusal, which Diagnose gives
    // as its first check (request-readable).
    const refusal = logged?.refusal;
    const checkId = refusal ? 'request-readable' : verdict && !verdict.valid ? verdict.checkId : undefined;
    const verdictText = refusal ? refusal.text : verdict && !verdict.valid ? verdict.text : undefined;
    const result: Verdict = { status: res.status, code: message?.code, checkId, text: verdictText };
    live.set(c.id, result);
    expect({ status: result.status, code: result.code, checkId }, `${c.what}: ${message?.text ?? res.body}`).toEqual(expected(c));
    if (c.expect.text) expect(verdictText).toMatch(c.expect.text);
    // Every text within the Berlin Group's Max500Text; the answer is the diagnosis' own verdict, word for
    // word, or where that is longer its beginning and where the whole of it is.
    const texts = (JSON.parse(res.body) as { tppMessages: { text: string }[] }).tppMessages.map((m) => m.text);
    for (const text of texts) expect(text.length, text).toBeLessThanOrEqual(500);
    if ((verdictText ?? '').length <= 500) expect(message?.text).toBe(verdictText);
    else {
      const where = ` … full diagnosis: GET /simulator/v1/exchanges/${logged?.id}`;
      expect(message?.text.endsWith(where), message?.text).toBe(true);
      expect(verdictText?.startsWith(message?.text.slice(0, -where.length) ?? '-')).toBe(true);
      expect(refusal, 'a parser refusal is answered whole').toBeUndefined();
      const whole = ((await (await fetch(`${bank.url}/simulator/v1/exchanges/${logged?.id}`)).json()) as Exchange).signature?.verdict;
      expect(whole && !whole.valid ? whole.text : undefined).toBe(verdictText);
    }
    // The TPP is named in the log however early the request was refused (by its token: none when the bank does not know it).
    expect(logged?.tppId ?? null).toBe(c.expect.loggedTpp === undefined ? bank.client.organizationId : c.expect.loggedTpp);
    // Where the signature verifies over another string than the bank's, the diagnosis gives that string:
    // exactly the one the client signed.
    const likely = logged?.signature?.likelySigned;
    if (LIKELY_SIGNED_FOUND.includes(c.id)) expect(likely?.text, 'the string the TPP most likely signed').toBe(request.signedText);
    else expect(likely, 'no other string verifies').toBeUndefined();
    // A repeated header is never read as one joined value ("a, b").
    const said = [message?.text ?? '', ...(logged?.signature?.checks.map((check) => check.text) ?? [])].join('\n');
    expect(said).not.toMatch(/comma-separated digests|must be a UUID/);
  });
});

describe.each(['http', 'curl', 'har'] as const)('Diagnose, pasted as %s: the live verdict', (kind) => {
  it.each(QA_CASES.map((c) => [c.id, c] as const))('%s', async (_id, c) => {
    const request = built.get(c.id) ?? c.build(qaBaseRequest(psu, bank.tpp.psu), keys);
    const res = await fetch(`${bank.url}/simulator/v1/diagnose`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind, text: PASTE_FORMS[kind](request, bank.url) }),
    });
    const json = (await res.json()) as PastedDiagnosis & { tppMessages?: { text: string }[] };
    expect(res.status, json.tppMessages?.[0]?.text).toBe(200);
    const verdict = json.signature.verdict;
    const seen = live.get(c.id);
    // A refusal before the signature check, or the calling TPP not identified, comes first, in the live answer's words.
    const first = c.expect.firstFinding;
    if (first) {
      expect(json.findings[0], c.what).toMatchObject({ severity: first.severity, text: first.text });
      expect(verdict.valid, 'the signature verdict').toBe(first.signatureValid);
      if (first.severity === 'error') expect(json.findings[0]).toMatchObject({ code: c.expect.code, status: c.expect.status });
      if (seen?.text) expect(json.findings[0]?.text).toContain(first.severity === 'error' ? seen.text : `${seen.status} ${seen.code}`);
      return;
    }
    if (verdict.valid) throw new Error(`${c.id}: Diagnose found the request valid`);
    expect({ status: verdict.status, code: verdict.code, checkId: verdict.checkId }, `${c.what}: ${verdict.text}`).toEqual(expected(c));
    if (c.expect.text) expect(verdict.text).toMatch(c.expect.text);
    if (seen) expect(verdict.text).toBe(seen.text);
    // The first finding is the verdict, word for word.
    expect(json.findings[0], 'the first finding').toEqual({ severity: 'error', code: verdict.code, status: verdict.status, text: verdict.text });
  });
});

describe('a repeated header on an operation the bank does not sign', () => {
  it('gets the same words: FORMAT_ERROR "X-Request-ID is sent more than once", not "must be a UUID"', async () => {
    const headers: [string, string][] = [
      ['X-Request-ID', '3f7c1e9a-5b2d-4c8e-9a1f-6d0b2c4e8a10'],
      ['X-Request-ID', '3f7c1e9a-5b2d-4c8e-9a1f-6d0b2c4e8a11'],
      ['Consent-ID', 'any'],
    ];
    const res = await sendRaw(bank.url, { method: 'GET', path: '/frankfurt/berlingroup/v1/accounts', headers, body: Buffer.alloc(0) });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({
      tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR', text: 'X-Request-ID is sent more than once; send it once' }],
    });
  });
});
