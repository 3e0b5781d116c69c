// Refused at the parser, still recorded: a request Node's HTTP parser refuses before any
// route (a bare CR in a header value) is logged as an exchange with the bytes the parser read, its code, the
// offending byte's offset and the header it stands in, and the 400 it was sent; the Inspector's search finds it
// by its X-Request-ID and counts it with the failures; Diagnose on the same bytes gives the same words.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exchange, PastedDiagnosis } from '../../preload/api/workbench-api';
import type { PsuSession } from '../../main/tpp/session';
import { QA_CASES, qaBaseRequest } from '../support/qa-set';
import { replaced, type QaKeys, type QaRequest } from '../support/qa-request';
import { asHar, sendRaw } from '../support/qa-forms';
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

/** The bytes sendRaw writes for a request: what the parser reads. */
function wireBytes(request: QaRequest): Buffer {
  const head = [
    `${request.method} ${request.path} HTTP/1.1`,
    `Host: ${new URL(bank.url).host}`,
    ...request.headers.map(([n, v]) => `${n}: ${v}`),
    `Content-Length: ${request.body.length}`,
    'Connection: close',
  ];
  return Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), request.body]);
}

const requestIdOf = (request: QaRequest): string => request.headers.find(([n]) => n.toLowerCase() === 'x-request-id')?.[1] ?? '';

async function search(query: string): Promise<{ exchanges: Exchange[]; total: string | null }> {
  const res = await fetch(`${bank.url}/simulator/v1/exchanges?${query}`);
  return { exchanges: (await res.json()) as Exchange[], total: res.headers.get('x-total-count') };
}

async function diagnose(kind: 'http' | 'curl' | 'har', text: string): Promise<PastedDiagnosis> {
  const res = await fetch(`${bank.url}/simulator/v1/diagnose`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ kind, text }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as PastedDiagnosis;
}

const bareCr = (): QaRequest => {
  const c = QA_CASES.find((q) => q.id === 'certificate-bare-cr');
  if (!c) throw new Error('no QA case certificate-bare-cr');
  return c.build(qaBaseRequest(psu, bank.tpp.psu), keys);
};

describe('a request the HTTP parser refuses', () => {
  it('is logged with the bytes read, the parser’s code, the offending byte, its header and the 400 sent, found by its X-Request-ID', async () => {
    const request = bareCr();
    const answer = await sendRaw(bank.url, request);
    expect(answer.status).toBe(400);
    const [message] = (JSON.parse(answer.body) as { tppMessages: { category: string; code: string; text: string }[] }).tppMessages;
    expect(message).toMatchObject({ category: 'ERROR', code: 'FORMAT_ERROR' });

    const { exchanges } = await search(`q=${requestIdOf(request)}`);
    expect(exchanges).toHaveLength(1);
    const [logged] = exchanges as [Exchange];
    expect(logged).toMatchObject({ method: 'POST', url: request.path, institution: 'frankfurt', tppId: bank.client.organizationId });
    // A signed operation refused before its signature was checked: the bank's answer is its signature's verdict, no check made.
    expect(logged.signature?.verdict).toEqual({ valid: false, code: 'FORMAT_ERROR', status: 400, text: message?.text, checkId: 'refused-before-signature' });
    expect(logged.signature?.checks).toEqual([]);
    expect(logged.response.status).toBe(400);
    expect(JSON.parse(logged.response.body ?? '')).toEqual({ tppMessages: [message] });

    const refusal = logged.refusal;
    if (!refusal) throw new Error('the exchange has no parser refusal');
    expect(refusal.code).toBe('HPE_LF_EXPECTED');
    expect(refusal.text).toBe(message?.text);
    expect(refusal.header).toBe('TPP-Signature-Certificate');
    // The bytes are the ones sent, from the request line on, as far as the parser read.
    const bytes = Buffer.from(refusal.bytesBase64, 'base64');
    const sent = wireBytes(request);
    expect(bytes.length).toBeGreaterThan(0);
    expect(sent.subarray(0, bytes.length).equals(bytes)).toBe(true);
    // The offset is the bare CR, in the certificate's line, 27 bytes into its value (after "-----BEGIN CERTIFICATE-----").
    const offset = refusal.offset ?? -1;
    expect(bytes[offset]).toBe(0x0d);
    expect(bytes[offset + 1]).not.toBe(0x0a);
    const lineStart = bytes.lastIndexOf(0x0a, offset) + 1;
    expect(bytes.subarray(lineStart, offset).toString('latin1')).toBe('TPP-Signature-Certificate: -----BEGIN CERTIFICATE-----');
    // The header lines as far as they read, the CR kept in the value.
    expect(logged.request.rawHeaders?.find(([n]) => n === 'TPP-Signature-Certificate')?.[1]).toMatch(/^-----BEGIN CERTIFICATE-----\r /);
  });

  it('counts with the failures, and is found by its words and its status', async () => {
    const request = bareCr();
    await sendRaw(bank.url, request);
    const failures = await search('status=4xx&limit=5');
    expect(failures.exchanges.some((e) => e.refusal !== undefined && JSON.stringify(e.request.headers).includes(requestIdOf(request)))).toBe(true);
    const byWords = await search(`q=HPE_LF_EXPECTED ${requestIdOf(request)}`);
    expect(byWords.exchanges.map((e) => e.refusal?.code)).toEqual(['HPE_LF_EXPECTED']);
  });

  it('gets the same words from Diagnose, pasted as the raw bytes sent', async () => {
    const request = bareCr();
    const answer = await sendRaw(bank.url, request);
    const live = (JSON.parse(answer.body) as { tppMessages: { text: string }[] }).tppMessages[0]?.text;
    const pasted = await diagnose('http', wireBytes(request).toString('latin1'));
    expect(pasted.signature.verdict).toEqual({ valid: false, code: 'FORMAT_ERROR', status: 400, text: live, checkId: 'request-readable' });
    expect(pasted.signature.checks[0]).toMatchObject({ id: 'request-readable', passed: false, rule: null });
  });

  it.each([
    ['a bare LF', 'FRA-\nCREATOR', 'HPE_CR_EXPECTED', 'a line feed (LF, 0x0A) without a carriage return before it at byte 4 of the value'],
    ['a NUL byte', 'FRA-\u0000CREATOR', 'HPE_INVALID_HEADER_TOKEN', 'a NUL byte (0x00) at byte 4 of the value'],
  ])('names %s in a header value, live and in Diagnose alike', async (_what, psuId, code, words) => {
    const request = replaced(bareCr(), 'tpp-signature-certificate', 'x');
    const broken = replaced(request, 'psu-id', psuId);
    const answer = await sendRaw(bank.url, broken);
    expect(answer.status).toBe(400);
    const live = (JSON.parse(answer.body) as { tppMessages: { text: string }[] }).tppMessages[0]?.text ?? '';
    expect(live.startsWith(`the request could not be read as HTTP/1.1 (${code}): the value of psu-id holds ${words}; `), live).toBe(true);
    const [logged] = (await search(`q=${requestIdOf(broken)}`)).exchanges;
    expect(logged?.refusal).toMatchObject({ code, header: 'PSU-ID', text: live });
    // A HAR entry carries the value exactly, LF and NUL included.
    const pasted = await diagnose('har', asHar(broken, bank.url));
    expect(pasted.signature.verdict).toMatchObject({ code: 'FORMAT_ERROR', status: 400, checkId: 'request-readable', text: live });
  });

  it('is not logged when its path is not the bank’s (the control API), and is still answered in the bank’s shape', async () => {
    const before = (await search('limit=1')).exchanges[0]?.id ?? 0;
    const answer = await new Promise<string>((resolve, reject) => {
      const url = new URL(bank.url);
      const socket = connect({ host: url.hostname, port: Number(url.port) });
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
      socket.write(`GET /simulator/v1/info HTTP/1.1\r\nHost: ${url.host}\r\nX-Note: a\rb\r\n\r\n`);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('the value of x-note holds a carriage return (CR, 0x0D) without a line feed after it at byte 1 of the value');
    expect((await search('limit=1')).exchanges[0]?.id ?? 0).toBe(before);
  });
});
