import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorize,
  call,
  codeFrom,
  consentHeaders,
  exchangeCode,
  expectBgError,
  recurringConsentBody,
  startTestBank,
  tppToken,
  type TestBank,
} from '../support/simulator';
import { pkcePair } from '../../main/tpp/pkce';

let bank: TestBank;
let token: string;
beforeAll(async () => {
  bank = await startTestBank({ mode: 'sandbox' });
  token = await tppToken(bank);
});
afterAll(() => bank.stop());

const post = (psuId: string, body = recurringConsentBody()) =>
  call(bank, 'POST', '/frankfurt/berlingroup/v1/consents', { headers: consentHeaders(token, psuId), body });

describe('sandbox behaviour (spec "Sandbox behaviour" 2, 3, 9)', () => {
  it('POST /consents returns the fixed pre-configured consent of the PSU, pre-authorised, every time', async () => {
    const first = await post('FRA-CREATOR');
    const second = await post('FRA-CREATOR');
    expect(first.status).toBe(201);
    expect(first.body.consentId).toBe('SANDBOX-CONSENT-FRA-1');
    expect(second.body.consentId).toBe('SANDBOX-CONSENT-FRA-1');
    expect(first.body.consentStatus).toBe('valid');
    expect(((await call(bank, 'GET', '/simulator/v1/sca')).body as any[]).length).toBe(0);
  });

  it('POST /consents answers _links.scaRedirect like simulation; the link opens the page saying the sandbox needs no SCA', async () => {
    const res = await post('FRA-CREATOR');
    const href = res.body._links.scaRedirect.href as string;
    expect(href).toBe(`${bank.url}/sca/sandbox`);
    const page = await call(bank, 'GET', new URL(href).pathname);
    expect(page.status).toBe(200);
    expect(page.text).toContain('The sandbox needs no SCA');
    expect(((await call(bank, 'GET', '/simulator/v1/sca')).body as any[]).length).toBe(0);
  });

  it('still validates headers and payload', async () => {
    expectBgError(await post('FRA-CREATOR', '{"access":{"accounts":[]}}'), 400, 'FORMAT_ERROR');
    const headers = consentHeaders(token, 'FRA-CREATOR');
    delete headers['psu-device-id'];
    expectBgError(await call(bank, 'POST', '/frankfurt/berlingroup/v1/consents', { headers, body: recurringConsentBody() }), 400, 'FORMAT_ERROR');
  });

  it('an unrecognised PSU-ID fails with PSU_CREDENTIALS_INVALID', async () => {
    expectBgError(await post('SOMEONE'), 401, 'PSU_CREDENTIALS_INVALID');
  });

  it('the authorisation service answers 200 with a Location carrying code, state and code_challenge; token semantics hold', async () => {
    const { verifier, challenge } = pkcePair();
    const auth = await authorize(bank, 'frankfurt', 'SANDBOX-CONSENT-FRA-1', challenge);
    expect(auth.status).toBe(200);
    const location = new URL(auth.headers['location'] as string);
    expect(location.searchParams.get('state')).toBe('st-123');
    expect(location.searchParams.get('code_challenge')).toBe(challenge);
    expect((await exchangeCode(bank, 'frankfurt', codeFrom(auth), pkcePair().verifier)).body.error).toBe('invalid_grant');
    const tokens = await exchangeCode(bank, 'frankfurt', codeFrom(auth), verifier);
    expect(tokens.status).toBe(200);
    const read = await call(bank, 'GET', '/frankfurt/berlingroup/v1/consents/SANDBOX-CONSENT-FRA-1', {
      headers: { authorization: `Bearer ${tokens.body.access_token}`, 'x-request-id': crypto.randomUUID() },
    });
    expect(read.body.consentStatus).toBe('valid');
    expect(read.body.access.accounts.length).toBeGreaterThan(0);
  });

  it('DELETE is validated but changes nothing (stateless)', async () => {
    const { verifier, challenge } = pkcePair();
    const auth = await authorize(bank, 'frankfurt', 'SANDBOX-CONSENT-FRA-2', challenge);
    const tokens = (await exchangeCode(bank, 'frankfurt', codeFrom(auth), verifier)).body;
    const path = '/frankfurt/berlingroup/v1/consents/SANDBOX-CONSENT-FRA-2';
    expect(
      (await call(bank, 'DELETE', path, { headers: { authorization: `Bearer ${tokens.access_token}`, 'x-request-id': crypto.randomUUID() } })).status,
    ).toBe(204);
    expect(
      (await call(bank, 'GET', path, { headers: { authorization: `Bearer ${tokens.access_token}`, 'x-request-id': crypto.randomUUID() } })).body.consentStatus,
    ).toBe('valid');
  });
});

describe('simulation behaviour', () => {
  it('the sandbox consents are not usable in simulation mode', async () => {
    const sim = await (await import('../support/simulator')).startTestBank();
    try {
      const auth = await authorize(sim, 'frankfurt', 'SANDBOX-CONSENT-FRA-1', pkcePair().challenge);
      expect(auth.body.error).toBe('invalid_scope');
    } finally {
      await sim.stop();
    }
  });
});
