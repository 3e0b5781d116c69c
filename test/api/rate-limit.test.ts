// Spec "Errors": TOO_MANY_REQUESTS 429 when a TPP exceeds its rate limit, per TPP; the token endpoint
// counts against the TPP of the client. The limit is the operator's: --rate-limit N or the control API.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { basic, call, form, startTestBank, type JsonResponse, type TestBank } from '../support/simulator';

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank({ rateLimit: 7 });
});
afterAll(() => bank.stop());

const json = { 'content-type': 'application/json' };
const setLimit = (perSecond: unknown): Promise<JsonResponse> =>
  call(bank, 'POST', '/simulator/v1/rate-limit', { headers: json, body: JSON.stringify({ perSecond }) });

function token(client: { clientId: string; clientSecret: string }): Promise<JsonResponse> {
  const f = form({ grant_type: 'client_credentials' });
  return call(bank, 'POST', '/frankfurt/oauth/v1/token', { headers: { ...f.headers, authorization: basic(client) }, body: f.body });
}

async function otherClient(organizationId: string): Promise<{ clientId: string; clientSecret: string }> {
  const res = await call(bank, 'POST', '/simulator/v1/tpps', { headers: json, body: JSON.stringify({ organizationId }) });
  expect(res.status).toBe(201);
  return res.body;
}

function expectTooMany(res: JsonResponse): void {
  expect(res.status, res.text).toBe(429);
  expect(res.body.tppMessages[0].code).toBe('TOO_MANY_REQUESTS');
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter) && retryAfter >= 1).toBe(true);
}

/** Moves the simulated clock past the current window, so each test starts with none spent. */
beforeEach(async () => {
  await call(bank, 'POST', '/simulator/v1/clock', { headers: json, body: JSON.stringify({ advance: 'PT2S' }) });
});

describe('rate limit per TPP', () => {
  it('--rate-limit sets the limit the control API reports', async () => {
    const res = await call(bank, 'GET', '/simulator/v1/rate-limit');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ perSecond: 7 });
  });

  it('answers 429 TOO_MANY_REQUESTS with Retry-After once a TPP passes N requests in a second, at the token endpoint', async () => {
    expect((await setLimit(3)).body).toEqual({ perSecond: 3 });
    for (let i = 0; i < 3; i++) expect((await token(bank.client)).status).toBe(200);
    expectTooMany(await token(bank.client));
  });

  it('counts bank operations by the TPP behind the token, and leaves other TPPs alone', async () => {
    await setLimit(2);
    const own = (await token(bank.client)).body.access_token as string;
    const consentStatus = (t: string): Promise<JsonResponse> =>
      call(bank, 'GET', '/frankfurt/berlingroup/v1/consents/unknown-consent/status', {
        headers: { authorization: `Bearer ${t}`, 'x-request-id': crypto.randomUUID() },
      });
    // The token request was the first of two; the next request is the second, the one after over the limit.
    expect((await consentStatus(own)).status).not.toBe(429);
    expectTooMany(await consentStatus(own));

    const other = await otherClient('PSDDE-BAFIN-777001');
    expect((await token(other)).status).toBe(200);
    expect((await token(other)).status).toBe(200);
    expectTooMany(await token(other));
  });

  it('admits again once the second has passed', async () => {
    await setLimit(1);
    expect((await token(bank.client)).status).toBe(200);
    expectTooMany(await token(bank.client));
    await call(bank, 'POST', '/simulator/v1/clock', { headers: json, body: JSON.stringify({ advance: 'PT1S' }) });
    expect((await token(bank.client)).status).toBe(200);
  });

  it('0 turns it off', async () => {
    await setLimit(0);
    for (let i = 0; i < 12; i++) expect((await token(bank.client)).status).toBe(200);
  });

  it('refuses a limit that is not a whole number from 0 to 100000', async () => {
    for (const bad of [-1, 1.5, '3', null, 100_001]) {
      const res = await setLimit(bad);
      expect(res.status).toBe(400);
      expect(res.body.tppMessages[0].code).toBe('FORMAT_ERROR');
    }
    const missing = await call(bank, 'POST', '/simulator/v1/rate-limit', { headers: json, body: '{}' });
    expect(missing.status).toBe(400);
  });
});
