// Bytes, whatever they are. Each byte-level case of the QA set (a Latin-1 body, a BOM, a NUL,
// bytes that are not UTF-8) is sent live over a raw socket, then taken elsewhere the three ways the Inspector
// offers: the cURL command (GET /simulator/v1/exchanges/{id}/curl) run by bash and the real curl binary, the
// HAR (GET /simulator/v1/exchanges/har) sent again by a small HAR player, and Resend "as logged". Each must
// reach the bank with the logged bytes (SHA-256 equal) and get the logged verdict, word for word.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exchange, ExchangeMessage } from '../../preload/api/workbench-api';
import type { PsuSession } from '../../main/tpp/session';
import type { Har } from '../../shared/har';
import { playHarEntry } from '../support/har-player';
import { BYTE_CASES, QA_CASES, qaBaseRequest } from '../support/qa-set';
import { type QaKeys, type QaRequest } from '../support/qa-request';
import { sendRaw } from '../support/qa-forms';
import { startQaBank } from '../support/qa-bank';
import type { TestBank } from '../support/simulator';

const run = promisify(execFile);

let bank: TestBank;
let psu: PsuSession;
let keys: QaKeys;

beforeAll(async () => {
  ({ bank, psu, keys } = await startQaBank());
});
afterAll(async () => {
  await bank?.stop();
});

const bytesOf = (message: ExchangeMessage): Buffer =>
  message.bodyBase64 !== undefined ? Buffer.from(message.bodyBase64, 'base64') : Buffer.from(message.body ?? '', 'utf8');
const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');
const requestIdOf = (request: QaRequest): string => request.headers.find(([n]) => n.toLowerCase() === 'x-request-id')?.[1] ?? '';

/** What the bank answered and found: status, code, the failing check and its words. */
function verdictOf(exchange: Exchange): { status: number; code: string | undefined; checkId: string | undefined; text: string | undefined } {
  const verdict = exchange.signature?.verdict;
  const code = (JSON.parse(exchange.response.body ?? '{}') as { tppMessages?: { code: string }[] }).tppMessages?.[0]?.code;
  return {
    status: exchange.response.status,
    code,
    checkId: verdict && !verdict.valid ? verdict.checkId : undefined,
    text: verdict && !verdict.valid ? verdict.text : undefined,
  };
}

/** The newest exchange carrying this X-Request-ID logged after `after`: what a replay made. */
async function loggedAfter(after: number, requestId: string): Promise<Exchange> {
  const exchanges = (await (await fetch(`${bank.url}/simulator/v1/exchanges?limit=50`)).json()) as Exchange[];
  const found = exchanges.find((e) => e.id > after && e.request.rawHeaders?.some(([n, v]) => n.toLowerCase() === 'x-request-id' && v === requestId));
  if (found === undefined) throw new Error(`no exchange with X-Request-ID ${requestId} after ${after}`);
  return found;
}

describe.each(BYTE_CASES)('%s', (id) => {
  const c = QA_CASES.find((q) => q.id === id);
  if (c === undefined) throw new Error(`no QA case ${id}`);
  let request: QaRequest;
  let original: Exchange;

  beforeAll(async () => {
    request = c.build(qaBaseRequest(psu, bank.tpp.psu), keys);
    await sendRaw(bank.url, request);
    original = await loggedAfter(0, requestIdOf(request));
  });

  it('is logged with the bytes sent and its expected verdict', () => {
    expect(sha256(bytesOf(original.request))).toBe(sha256(request.body));
    expect(verdictOf(original)).toMatchObject({ status: c.expect.status, code: c.expect.code, checkId: c.expect.checkId });
    if (c.expect.text) expect(verdictOf(original).text).toMatch(c.expect.text);
  });

  it('its cURL command, run by bash and the real curl binary, sends the logged bytes and gets the logged verdict', async () => {
    const res = await fetch(`${bank.url}/simulator/v1/exchanges/${original.id}/curl`);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const command = await res.text();
    await run('bash', ['-c', command]);
    const replayed = await loggedAfter(original.id, requestIdOf(request));
    expect(sha256(bytesOf(replayed.request)), command).toBe(sha256(request.body));
    expect(verdictOf(replayed)).toEqual(verdictOf(original));
  });

  it('its HAR entry, sent again by a HAR player, sends the logged bytes and gets the logged verdict', async () => {
    const query = new URLSearchParams({ q: requestIdOf(request), before: String(original.id + 1) });
    const har = (await (await fetch(`${bank.url}/simulator/v1/exchanges/har?${query.toString()}`)).json()) as Har;
    const entry = har.log.entries.at(-1);
    if (entry === undefined) throw new Error('the HAR holds no entry');
    expect(entry.request.postData?.encoding === 'base64', 'base64 exactly when the bytes are not UTF-8').toBe(original.request.bodyBase64 !== undefined);
    await playHarEntry(entry, bank.url);
    const replayed = await loggedAfter(original.id, requestIdOf(request));
    expect(sha256(bytesOf(replayed.request))).toBe(sha256(request.body));
    expect(verdictOf(replayed)).toEqual(verdictOf(original));
  });

  it('Resend "as logged" sends the logged bytes and gets the logged verdict', async () => {
    const res = await fetch(`${bank.url}/simulator/v1/exchanges/${original.id}/resend`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        method: original.method,
        url: original.url,
        headers: original.request.rawHeaders,
        body: original.request.body,
        ...(original.request.bodyBase64 === undefined ? {} : { bodyBase64: original.request.bodyBase64 }),
        signature: 'keep',
        newRequestId: false,
        freshToken: false,
      }),
    });
    const resent = (await res.json()) as Exchange;
    expect(res.status, JSON.stringify(resent)).toBe(200);
    expect(resent.id).toBeGreaterThan(original.id);
    expect(sha256(bytesOf(resent.request))).toBe(sha256(request.body));
    expect(verdictOf(resent)).toEqual(verdictOf(original));
  });
});
