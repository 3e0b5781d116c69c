// Diagnose and a refusal before the signature, over real HTTP. Diagnose says what it could not check: a pasted request whose bearer
// token this bank does not know (QA pastes from other banks' logs) is never "every check passed", and can be
// checked as the registered TPP its certificate names. A signed operation refused before its signature was
// checked is logged with that answer as its verdict, counted as signed and refused, and Diagnose answers the
// same words for each header a signed route requires first.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exchange, PastedDiagnosis } from '../../preload/api/workbench-api';
import type { PsuSession } from '../../main/tpp/session';
import { signingKeyOf } from '../../main/tpp/credentials';
import { qaBaseRequest } from '../support/qa-set';
import { replaced, signAsClient, type QaKeys, type QaRequest } from '../support/qa-request';
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

async function diagnose(request: QaRequest, tpp?: 'token' | 'certificate'): Promise<PastedDiagnosis> {
  const res = await fetch(`${bank.url}/simulator/v1/diagnose`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'http', text: PASTE_FORMS.http(request, bank.url), ...(tpp ? { tpp } : {}) }),
  });
  const json = (await res.json()) as PastedDiagnosis & { tppMessages?: { text: string }[] };
  expect(res.status, json.tppMessages?.[0]?.text).toBe(200);
  return json;
}

const base = (): QaRequest => qaBaseRequest(psu, bank.tpp.psu);
const foreign = (request: QaRequest): QaRequest => replaced(request, 'authorization', `Bearer ${randomUUID()}`);
const withoutHeader = (request: QaRequest, name: string): QaRequest => ({ ...request, headers: request.headers.filter(([n]) => n.toLowerCase() !== name) });
const check = (d: PastedDiagnosis, id: string) => d.signature.checks.find((c) => c.id === id);

const NOT_IDENTIFIED = "calling TPP not identified: the certificate's organisation and the token were not checked";

describe('Diagnose with a token this bank does not know', () => {
  it('finds nothing wrong only when the token is this bank’s: then no finding at all', async () => {
    const d = await diagnose(signAsClient(base(), keys));
    expect(d.signature.verdict).toEqual({ valid: true });
    expect(d.findings).toEqual([]);
    expect(d.caller).toEqual({ tppId: bank.client.organizationId, by: 'token', token: 'known', certificateTpp: bank.client.organizationId });
    expect(check(d, 'certificate-organization')?.passed).toBe(true);
  });

  it('says the calling TPP was not identified, the organisation unchecked, and what the bank answers live', async () => {
    const d = await diagnose(foreign(signAsClient(base(), keys, { certificateOf: keys.other })));
    expect(d.signature.verdict).toEqual({ valid: true });
    expect(check(d, 'certificate-organization')).toBeUndefined();
    expect(d.findings).toEqual([
      {
        severity: 'warning',
        text: `${NOT_IDENTIFIED}; this bank does not know the bearer token (sent here, the request is refused 401 TOKEN_INVALID)`,
      },
    ]);
    expect(d.caller).toEqual({ tppId: null, by: null, token: 'unknown', certificateTpp: 'PSDDE-BAFIN-654321' });
  });

  it('checks as the TPP its certificate names when asked, and still says the token was not checked', async () => {
    const request = foreign(signAsClient(base(), keys, { certificateOf: keys.other }));
    const d = await diagnose(request, 'certificate');
    expect(d.caller).toEqual({ tppId: 'PSDDE-BAFIN-654321', by: 'certificate', token: 'unknown', certificateTpp: 'PSDDE-BAFIN-654321' });
    expect(check(d, 'certificate-organization')).toMatchObject({ passed: true, text: 'the QSEAL belongs to the calling TPP PSDDE-BAFIN-654321' });
    expect(d.findings).toEqual([
      {
        severity: 'warning',
        text: "the token was not checked: this bank does not know the bearer token (sent here, the request is refused 401 TOKEN_INVALID); the certificate's organisation was checked as TPP PSDDE-BAFIN-654321, picked by its certificate",
      },
    ]);
    // With the token this bank issued, the token decides, as live: the other TPP's QSEAL is refused.
    const own = await diagnose(signAsClient(base(), keys, { certificateOf: keys.other }), 'certificate');
    expect(own.caller.by).toBe('token');
    expect(own.findings[0]).toMatchObject({ severity: 'error', code: 'CERTIFICATE_INVALID', status: 401 });
  });

  it('says so of a request with no bearer token', async () => {
    const d = await diagnose(withoutHeader(signAsClient(base(), keys), 'authorization'));
    expect(d.caller).toMatchObject({ tppId: null, by: null, token: 'absent' });
    expect(d.findings).toEqual([
      { severity: 'warning', text: `${NOT_IDENTIFIED}; the request carries no bearer token (sent here, the request is refused 401 TOKEN_INVALID)` },
    ]);
  });

  it('names no TPP by a certificate the bank does not trust: the certificate is refused and the TPP still unidentified', async () => {
    const untrusted = signingKeyOf(await bank.control.registerTpp({ organizationId: 'PSDDE-BAFIN-777003', faults: { untrusted: true } }));
    const request = foreign(signAsClient(base(), { ...keys, own: untrusted }));
    for (const tpp of ['token', 'certificate'] as const) {
      const d = await diagnose(request, tpp);
      expect(d.caller, tpp).toMatchObject({ tppId: null, by: null, token: 'unknown', certificateTpp: null });
      expect(d.findings.map((f) => f.severity)).toEqual(['error', 'warning']);
      expect(d.findings[0]).toMatchObject({ code: 'CERTIFICATE_INVALID', status: 401 });
      expect(d.signature.verdict).toMatchObject({ valid: false, checkId: 'certificate-trusted' });
      expect(d.findings[1]?.text).toMatch(new RegExp(`^${NOT_IDENTIFIED}`));
    }
  });

  it('refuses a tpp other than token or certificate', async () => {
    const res = await fetch(`${bank.url}/simulator/v1/diagnose`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'http', text: PASTE_FORMS.http(signAsClient(base(), keys), bank.url), tpp: 'PSDDE-BAFIN-654321' }),
    });
    expect(res.status).toBe(400);
  });
});

/** Every signed Berlin Group operation with the headers its route reads before the signature, all present and valid. */
function signedOperations(): { name: string; method: string; path: string; required: string[] }[] {
  const payments = '/frankfurt/berlingroup/v1/payments/sepa-credit-transfers';
  return [
    { name: 'payment initiation', method: 'POST', path: payments, required: ['x-request-id', 'psu-id', 'consent-id'] },
    { name: 'payment cancellation', method: 'DELETE', path: `${payments}/PAY-0`, required: ['x-request-id', 'consent-id'] },
    {
      name: 'start of an authorisation',
      method: 'POST',
      path: `${payments}/PAY-0/authorisations`,
      required: ['x-request-id', 'psu-id', 'psu-device-id', 'psu-ip-address', 'tpp-redirect-uri', 'consent-id'],
    },
    {
      name: 'signing basket',
      method: 'POST',
      path: '/frankfurt/berlingroup/v1/signing-baskets',
      required: ['consent-id', 'x-request-id', 'psu-id', 'tpp-redirect-uri'],
    },
    { name: 'funds confirmation', method: 'POST', path: '/frankfurt/berlingroup/v1/funds-confirmations', required: ['consent-id', 'x-request-id'] },
  ];
}

function requestOf(method: string, path: string): QaRequest {
  const headers: [string, string][] = [
    ['X-Request-ID', randomUUID()],
    ['Authorization', `Bearer ${psu.accessToken}`],
    ['Consent-ID', psu.consentId],
    ['PSU-ID', 'FRA-CREATOR'],
    ['PSU-Device-ID', randomUUID()],
    ['PSU-IP-Address', '192.0.2.10'],
    ['TPP-Redirect-URI', 'https://tpp.example/callback'],
    ['Content-Type', 'application/json'],
  ];
  return { method, path, headers, body: method === 'POST' && !path.endsWith('/authorisations') ? Buffer.from('{}') : Buffer.alloc(0) };
}

async function logged(requestId: string | undefined, path: string): Promise<Exchange> {
  const exchanges = (await (await fetch(`${bank.url}/simulator/v1/exchanges?limit=5`)).json()) as Exchange[];
  const found = exchanges.find((e) => e.url === path && (requestId === undefined || e.request.headers['x-request-id'] === requestId));
  if (!found) throw new Error(`no exchange for ${path}`);
  return found;
}

describe('a signed operation refused before its signature was checked', () => {
  it.each(signedOperations().map((op) => [op.name, op] as const))(
    '%s: each header its route requires first gets the same words live and in Diagnose',
    async (_name, op) => {
      for (const missing of op.required) {
        const names = ['digest', 'x-request-id', 'psu-id', 'tpp-redirect-uri'].filter((n) => n !== missing);
        const request = withoutHeader(signAsClient(requestOf(op.method, op.path), keys, { names }), missing);
        const answer = await sendRaw(bank.url, request);
        const message = (JSON.parse(answer.body) as { tppMessages: { code: string; text: string }[] }).tppMessages[0];
        expect(message?.text, `${op.name} without ${missing}`).toMatch(/^header [A-Za-z-]+ is missing$/);

        const requestId = request.headers.find(([n]) => n.toLowerCase() === 'x-request-id')?.[1];
        const exchange = await logged(requestId, op.path);
        expect(exchange.signature?.verdict, `${op.name} without ${missing}`).toEqual({
          valid: false,
          code: message?.code,
          status: answer.status,
          text: message?.text,
          checkId: 'refused-before-signature',
        });
        expect(exchange.signature?.checks).toEqual([]);
        expect(exchange.tppId).toBe(bank.client.organizationId);

        const d = await diagnose(request);
        expect(d.findings[0], `${op.name} without ${missing}`).toEqual({
          severity: 'error',
          code: message?.code,
          status: answer.status,
          text: `refused before the signature was checked: ${message?.text}`,
        });
      }
    },
  );

  it('is listed under signature=invalid, not under none, and keeps what was sent for its signature', async () => {
    const request = withoutHeader(signAsClient(base(), keys), 'psu-id');
    const answer = await sendRaw(bank.url, request);
    expect(answer.status).toBe(400);
    const requestId = request.headers.find(([n]) => n.toLowerCase() === 'x-request-id')?.[1] ?? '';
    const ids = async (query: string): Promise<number[]> =>
      ((await (await fetch(`${bank.url}/simulator/v1/exchanges?limit=50&${query}`)).json()) as Exchange[]).map((e) => e.id);
    const exchange = await logged(requestId, request.path);
    expect(await ids('signature=invalid')).toContain(exchange.id);
    expect(await ids('signature=none')).not.toContain(exchange.id);
    expect(exchange.signature?.headersParameter).toEqual(['digest', 'x-request-id', 'psu-id', 'tpp-redirect-uri']);
    expect(exchange.signature?.certificate?.organizationId).toBe(bank.client.organizationId);
    // An unsigned operation refused the same way stays unsigned.
    const consents = await sendRaw(bank.url, { method: 'GET', path: '/frankfurt/berlingroup/v1/accounts', headers: [], body: Buffer.alloc(0) });
    expect(consents.status).toBe(400);
    const unsigned = await logged(undefined, '/frankfurt/berlingroup/v1/accounts');
    expect(unsigned.signature).toBeNull();
    expect(await ids('signature=none')).toContain(unsigned.id);
  });
});
