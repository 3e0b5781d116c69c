// The built-in TPP's HTTPS transport (--tls): the request reaches the bank as the TPP built it (the
// body's exact bytes, the headers in order), and a whole journey works through bank.tpp and bank.control.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBank, type TestBank } from '../support/simulator';

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank({ tls: true });
});
afterAll(() => bank.stop());

interface Logged {
  url: string;
  request: { headers: Record<string, string>; body: string | null };
}

describe('the built-in TPP over HTTPS with its QWAC', () => {
  it('sends the body as built and the headers in the order built; the bank logs them so', async () => {
    const body = '{ "access" : {},\n  "recurringIndicator": true, "validUntil": "2026-12-01",\t"frequencyPerDay": 4, "combinedServiceIndicator": true }';
    const created = await bank.tpp.createConsent('frankfurt', 'FRA-CREATOR', { body });
    expect(created.status, created.text).toBe(201);
    const log = (await bank.tpp.send({ method: 'GET', path: '/simulator/v1/exchanges?limit=5', headers: {}, body: null })).body as Logged[];
    const logged = log.find((e) => e.url === '/frankfurt/berlingroup/v1/consents');
    expect(logged?.request.body).toBe(body);
    const names = Object.keys(logged?.request.headers ?? {});
    expect(names.slice(0, 7)).toEqual(['x-request-id', 'authorization', 'psu-id', 'tpp-redirect-uri', 'psu-ip-address', 'psu-device-id', 'content-type']);
    expect(logged?.request.headers['content-length']).toBe(String(Buffer.byteLength(body)));
  });

  it("sends bytes that are not ASCII unchanged: the bank's Digest is over the same bytes", async () => {
    const bytes = Buffer.from('<Nm>Zürich Köln €</Nm>\r\n', 'utf8');
    const headers = {
      'x-request-id': crypto.randomUUID(),
      'psu-id': 'FRA-CREATOR',
      'content-type': 'application/xml',
      'bank-headers': 'digest x-request-id psu-id',
    };
    const res = (await bank.tpp.send({ method: 'POST', path: '/frankfurt/sandbox/v1/signature', headers, body: bytes })) as {
      status: number;
      body: { digest: string };
    };
    expect(res.status).toBe(200);
    expect(res.body.digest).toBe(`SHA-256=${createHash('sha256').update(bytes).digest('base64')}`);
  });

  it("a consent journey: the TPP with its QWAC, the PSU's browser on the PSU pages' origin with none, then the accounts", async () => {
    const consent = await bank.tpp.startConsent('frankfurt', 'FRA-CREATOR');
    expect((await bank.tpp.openScaLink(consent.scaRedirect)).status).toBe(200);
    expect((await bank.control.decideSca(consent.journeyId)).status).toBe(200);
    const session = await bank.tpp.psuTokens('frankfurt', consent.consentId, 'FRA-CREATOR');
    expect((await bank.tpp.accounts(session)).status).toBe(200);
  });
});
