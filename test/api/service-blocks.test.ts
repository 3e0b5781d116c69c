// Spec "Errors": SERVICE_BLOCKED 403 when the consent service is blocked for the request context.
// The operator blocks it per institution, for one TPP or every TPP: GET/POST/DELETE /simulator/v1/service-blocks.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  basic,
  call,
  consentHeaders,
  createConsent,
  form,
  recurringConsentBody,
  startTestBank,
  tppToken,
  type JsonResponse,
  type TestBank,
} from '../support/simulator';

let bank: TestBank;
let other: { clientId: string; clientSecret: string; organizationId: string };
beforeAll(async () => {
  bank = await startTestBank();
  const reg = await call(bank, 'POST', '/simulator/v1/tpps', { headers: json, body: JSON.stringify({ organizationId: 'PSDDE-BAFIN-880001' }) });
  other = reg.body;
});
afterAll(() => bank.stop());

const json = { 'content-type': 'application/json' };
const blocks = (method: 'GET' | 'POST' | 'DELETE', body?: unknown): Promise<JsonResponse> =>
  call(bank, method, '/simulator/v1/service-blocks', body === undefined ? {} : { headers: json, body: JSON.stringify(body) });

async function otherToken(institution: string): Promise<string> {
  const f = form({ grant_type: 'client_credentials' });
  const res = await call(bank, 'POST', `/${institution}/oauth/v1/token`, { headers: { ...f.headers, authorization: basic(other) }, body: f.body });
  return res.body.access_token;
}

const newConsent = async (institution: string, psuId: string, token: string): Promise<JsonResponse> =>
  call(bank, 'POST', `/${institution}/berlingroup/v1/consents`, { headers: consentHeaders(token, psuId), body: recurringConsentBody() });

function expectBlocked(res: JsonResponse): void {
  expect(res.status, res.text).toBe(403);
  expect(res.body.tppMessages[0].code).toBe('SERVICE_BLOCKED');
}

beforeEach(async () => {
  for (const b of (await blocks('GET')).body as { institution: string; tppId: string | null }[])
    await blocks('DELETE', b.tppId === null ? { institution: b.institution } : b);
});

describe('SERVICE_BLOCKED', () => {
  it('a block for one TPP at one institution refuses its consent operations there, and only there', async () => {
    const existing = await createConsent(bank, 'frankfurt', 'FRA-CREATOR');
    const created = await blocks('POST', { institution: 'frankfurt', tppId: bank.client.organizationId });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ institution: 'frankfurt', tppId: bank.client.organizationId });

    const own = await tppToken(bank, 'frankfurt');
    expectBlocked(await newConsent('frankfurt', 'FRA-CREATOR', own));
    expectBlocked(
      await call(bank, 'GET', `/frankfurt/berlingroup/v1/consents/${existing.consentId}/status`, {
        headers: { authorization: `Bearer ${own}`, 'x-request-id': crypto.randomUUID() },
      }),
    );

    expect((await newConsent('paris', 'PAR-CREATOR', await tppToken(bank, 'paris'))).status).toBe(201);
    expect((await newConsent('frankfurt', 'FRA-CREATOR', await otherToken('frankfurt'))).status).toBe(201);
  });

  it('a block without tppId refuses every TPP at the institution', async () => {
    expect((await blocks('POST', { institution: 'frankfurt' })).body).toMatchObject({ institution: 'frankfurt', tppId: null });
    expectBlocked(await newConsent('frankfurt', 'FRA-CREATOR', await tppToken(bank, 'frankfurt')));
    expectBlocked(await newConsent('frankfurt', 'FRA-CREATOR', await otherToken('frankfurt')));
  });

  it('lists the blocks, and DELETE with the same body lifts one', async () => {
    await blocks('POST', { institution: 'frankfurt', tppId: bank.client.organizationId });
    expect((await blocks('POST', { institution: 'frankfurt', tppId: bank.client.organizationId })).status).toBe(200);
    await blocks('POST', { institution: 'london' });
    const listed = (await blocks('GET')).body as { institution: string; tppId: string | null }[];
    expect(listed.map((b) => [b.institution, b.tppId])).toEqual([
      ['frankfurt', bank.client.organizationId],
      ['london', null],
    ]);
    expect((await blocks('DELETE', { institution: 'frankfurt', tppId: bank.client.organizationId })).status).toBe(204);
    expect((await newConsent('frankfurt', 'FRA-CREATOR', await tppToken(bank, 'frankfurt'))).status).toBe(201);
    const again = await blocks('DELETE', { institution: 'frankfurt', tppId: bank.client.organizationId });
    expect(again.status).toBe(404);
    expect(again.body.tppMessages[0].code).toBe('RESOURCE_UNKNOWN');
  });

  it('a reset lifts every block, as bank state', async () => {
    await blocks('POST', { institution: 'frankfurt' });
    await call(bank, 'POST', '/simulator/v1/reset', { headers: json, body: '{}' });
    expect((await blocks('GET')).body).toEqual([]);
  });

  it('refuses a body that names no institution of the bank, or more than it knows', async () => {
    for (const bad of [
      {},
      { institution: 'berlin' },
      { institution: 'frankfurt', tppId: 7 },
      { institution: 'frankfurt', tppId: '*' },
      { institution: 'frankfurt', extra: 1 },
      [],
    ]) {
      const res = await blocks('POST', bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.tppMessages[0].code).toBe('FORMAT_ERROR');
    }
  });
});
