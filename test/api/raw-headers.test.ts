// The log keeps a request's header lines as they came over the wire (names as sent, a header sent twice
// as two lines, in order), and the Inspector's resend sends such lines as they were.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exchange, HeaderLine } from '../../preload/api/workbench-api';
import { psuSession } from '../../main/tpp/journeys';
import { sendRawRequest } from '../support/raw-request';
import { call, startTestBank, tppToken, type TestBank } from '../support/simulator';

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(() => bank.stop());

/** The control API's answer to one call, its JSON parsed. */
async function control<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: T }> {
  const json = body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  const res = await call<T>(bank, method, `/simulator/v1${path}`, json);
  return { status: res.status, json: res.body };
}

/** The newest logged exchange, whole (GET exchanges/{id}). */
async function newest(): Promise<Exchange> {
  const list = (await control<Exchange[]>('GET', '/exchanges?limit=1')).json;
  return (await control<Exchange>('GET', `/exchanges/${list[0]?.id}`)).json;
}

const FIRST_ID = '3f0f6b1e-8c1a-4a55-9d2e-1f0c7a9b2c31';
const SECOND_ID = '9a7c2d4e-5b6f-4c1d-8e3f-2a1b0c9d8e7f';
/** Only the lines the test sent (Host, Content-Length and Connection are the client's). */
const sentLines = (lines: readonly HeaderLine[] | undefined): HeaderLine[] =>
  (lines ?? []).filter(([name]) => !/^(host|content-length|connection)$/i.test(name));

describe('request.rawHeaders', () => {
  let logged: Exchange;
  let lines: HeaderLine[];
  beforeAll(async () => {
    const token = await tppToken(bank);
    lines = [
      ['X-Request-ID', FIRST_ID],
      ['Authorization', `Bearer ${token}`],
      ['X-Trace', 'one'],
      ['x-request-id', SECOND_ID],
      ['x-TRACE', 'two'],
    ];
    const answer = await sendRawRequest(bank.url, { method: 'GET', path: '/frankfurt/berlingroup/v1/accounts?duplicates=1', lines });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    logged = await newest();
    expect(logged.url).toBe('/frankfurt/berlingroup/v1/accounts?duplicates=1');
  });

  it('lists every header line as received: names as sent, both lines of a header sent twice, in order', () => {
    expect(sentLines(logged.request.rawHeaders)).toEqual(lines);
    expect(logged.request.rawHeaders?.[0]?.[0]).toBe('Host');
  });

  it('keeps the object form beside it for compatibility (lower-case names, repeats merged as Node reads them)', () => {
    expect(logged.request.headers['x-request-id']).toBe(`${FIRST_ID}, ${SECOND_ID}`);
    expect(logged.request.headers['x-trace']).toBe('one, two');
  });

  it('is in the list of the log too, and only for requests (a response keeps its object)', async () => {
    const listed = (await control<Exchange[]>('GET', `/exchanges?limit=5`)).json.find((e) => e.id === logged.id);
    expect(sentLines(listed?.request.rawHeaders)).toEqual(lines);
    expect(logged.response.rawHeaders).toBeUndefined();
  });

  it('the resend sends the lines as they were: both lines of each header, names as given, seen in the log', async () => {
    const { status, json } = await control<Exchange>('POST', `/exchanges/${logged.id}/resend`, {
      method: logged.method,
      url: logged.url,
      headers: logged.request.rawHeaders,
      body: null,
      signature: 'keep',
      newRequestId: false,
      freshToken: false,
    });
    expect(status).toBe(200);
    expect(json.id).toBeGreaterThan(logged.id);
    const again = (await control<Exchange>('GET', `/exchanges/${json.id}`)).json;
    expect(sentLines(again.request.rawHeaders)).toEqual(lines);
    expect(again.request.rawHeaders?.filter(([name]) => /^host$/i.test(name))).toHaveLength(1);
  });

  it('a new X-Request-ID asked for at resend replaces both lines with one; the other repeated header stays twice', async () => {
    const { json } = await control<Exchange>('POST', `/exchanges/${logged.id}/resend`, {
      method: logged.method,
      url: logged.url,
      headers: logged.request.rawHeaders,
      body: null,
      signature: 'keep',
      newRequestId: true,
      freshToken: false,
    });
    const again = (await control<Exchange>('GET', `/exchanges/${json.id}`)).json;
    const requestIds = sentLines(again.request.rawHeaders).filter(([name]) => /^x-request-id$/i.test(name));
    expect(requestIds).toHaveLength(1);
    expect(requestIds[0]?.[0]).toBe('X-Request-ID');
    expect([FIRST_ID, SECOND_ID]).not.toContain(requestIds[0]?.[1]);
    expect(sentLines(again.request.rawHeaders).filter(([name]) => /^x-trace$/i.test(name))).toEqual([
      ['X-Trace', 'one'],
      ['x-TRACE', 'two'],
    ]);
  });
});

describe('re-signed at resend', () => {
  it('the signer replaces Digest, Signature and the certificate in their lines; every other line goes as given, a repeated one twice', async () => {
    const psu = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
    const res = await bank.tpp.createPaymentFromTemplate(psu, 'sepa-single.xml', { faults: { bodyChangedAfterDigest: true } });
    expect(res.status).toBe(401);
    const broken = await newest();
    const given: HeaderLine[] = [
      ...sentLines(broken.request.rawHeaders).map(([name, value]): HeaderLine => [name === 'digest' ? 'Digest' : name, value]),
      ['X-Trace', 'one'],
      ['x-trace', 'two'],
    ];
    const { status, json } = await control<Exchange>('POST', `/exchanges/${broken.id}/resend`, {
      method: broken.method,
      url: broken.url,
      headers: given,
      body: broken.request.body,
      signature: 'resign',
      newRequestId: false,
      freshToken: false,
    });
    expect(status).toBe(200);
    expect(json.signature?.verdict).toEqual({ valid: true });
    const again = sentLines((await control<Exchange>('GET', `/exchanges/${json.id}`)).json.request.rawHeaders);
    const named = (name: string) => again.filter(([n]) => n.toLowerCase() === name);
    expect(named('digest')).toHaveLength(1);
    expect(named('digest')[0]?.[0]).toBe('Digest');
    expect(named('digest')[0]?.[1]).not.toBe(given.find(([n]) => n === 'Digest')?.[1]);
    expect(named('signature')).toHaveLength(1);
    expect(named('x-trace')).toEqual([
      ['X-Trace', 'one'],
      ['x-trace', 'two'],
    ]);
    expect(again.map(([name]) => name.toLowerCase())).toEqual(given.map(([name]) => name.toLowerCase()));
  });
});

describe('header lines over HTTPS (--tls), as the resend sends them', () => {
  let tlsBank: TestBank;
  beforeAll(async () => {
    tlsBank = await startTestBank({ tls: true });
  });
  afterAll(() => tlsBank.stop());

  it('go on the wire as given, with the QWAC: the bank logs both lines of a header given twice', async () => {
    const lines: HeaderLine[] = [
      ['X-Request-ID', FIRST_ID],
      ['X-Trace', 'one'],
      ['x-request-id', SECOND_ID],
    ];
    const res = await tlsBank.tpp.send({ method: 'GET', path: '/frankfurt/berlingroup/v1/accounts', headers: {}, headerLines: lines, body: null });
    expect(res.status).toBeGreaterThanOrEqual(400);
    const [listed] = (await tlsBank.tpp.send({ method: 'GET', path: '/simulator/v1/exchanges?limit=1', headers: {}, body: null })).body as Exchange[];
    expect(sentLines(listed?.request.rawHeaders)).toEqual(lines);
  });
});
