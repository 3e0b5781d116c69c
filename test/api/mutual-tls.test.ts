import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QWAC_P12_FILE } from '../../main/pki/browser-bundle';
import {
  basic,
  consentHeaders,
  expectBgError,
  expectOAuthError,
  recurringConsentBody,
  startTestBank,
  type JsonResponse,
  type TestBank,
} from '../support/simulator';
import { demoQwac, psuBrowserGet, tlsCall, type ClientCertificate } from '../support/tls';
import { psuSession } from '../../main/tpp/journeys';
import { readTemplate } from '../../main/tpp/templates';

let bank: TestBank;
let qwac: ClientCertificate;
beforeAll(async () => {
  bank = await startTestBank({ tls: true });
  qwac = demoQwac(bank);
});
afterAll(() => bank.stop());

/** At the token endpoint a refused QWAC is an RFC 6749 invalid_client naming the bank's check. */
function expectCertificateRefused(res: JsonResponse): void {
  expectOAuthError(res, 401, 'invalid_client');
  expect(res.body.error_description).toMatch(/^CERTIFICATE_INVALID: /);
}

const tokenFor = async (client: ClientCertificate, institution = 'frankfurt', credentials: { clientId: string; clientSecret: string } = bank.client) =>
  tlsCall(bank, client, 'POST', `/${institution}/oauth/v1/token`, {
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(credentials) },
    body: 'grant_type=client_credentials',
  });

async function register(spec: Record<string, unknown>): Promise<{ client: ClientCertificate; credentials: { clientId: string; clientSecret: string } }> {
  const res = await tlsCall(bank, qwac, 'POST', '/simulator/v1/tpps', { headers: { 'content-type': 'application/json' }, body: JSON.stringify(spec) });
  expect(res.status).toBe(201);
  return { client: { cert: res.body.qwac.certificatePem, key: res.body.qwac.privateKeyPem }, credentials: res.body };
}

describe('mutual TLS (--tls)', () => {
  it("writes the demo TPP's QWAC as PKCS#12 for a browser before it listens", () => {
    expect(existsSync(join(bank.dataDir, 'tpp', QWAC_P12_FILE))).toBe(true);
  });

  it('serves HTTPS with a server certificate from the test CA', () => {
    expect(bank.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
  });

  it('refuses a connection without a client certificate', async () => {
    await expect(tlsCall(bank, null, 'GET', '/simulator/v1/info')).rejects.toThrow();
  });

  it('the demo TPP QWAC gets a token and creates a consent; scaRedirect is https', async () => {
    const token = await tokenFor(qwac);
    expect(token.status).toBe(200);
    const res = await tlsCall(bank, qwac, 'POST', '/frankfurt/berlingroup/v1/consents', {
      headers: consentHeaders(token.body.access_token, 'FRA-CREATOR'),
      body: recurringConsentBody(),
    });
    expect(res.status).toBe(201);
    expect(res.body._links.scaRedirect.href).toMatch(/^https:\/\//);
  });

  it("PSU pages under --tls: the scaRedirect points at an origin of its own that the PSU's browser opens without a client certificate", async () => {
    const psuPages = bank.sim.psuPagesUrl as string;
    expect(psuPages).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(psuPages).not.toBe(bank.url);
    const token = await tokenFor(qwac);
    const created = await tlsCall(bank, qwac, 'POST', '/frankfurt/berlingroup/v1/consents', {
      headers: consentHeaders(token.body.access_token, 'FRA-CREATOR'),
      body: recurringConsentBody(),
    });
    const scaRedirect = created.body._links.scaRedirect.href as string;
    expect(scaRedirect).toBe(`${psuPages}/sca/${scaRedirect.split('/').pop()}`);
    const page = await psuBrowserGet(bank, scaRedirect);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Continue in your bank's app");
    // The page follows its journey on the same origin, still without a certificate.
    const key = /data-key="([^"]+)"/.exec(page.text)?.[1] as string;
    const progress = await psuBrowserGet(bank, `${scaRedirect}/status?key=${encodeURIComponent(key)}`);
    expect(JSON.parse(progress.text)).toMatchObject({ status: 'opened' });
    const listed = (await tlsCall(bank, qwac, 'GET', '/simulator/v1/sca')).body as { journeyId: string; redirectUrl: string }[];
    expect(listed.find((j) => scaRedirect.endsWith(j.journeyId))?.redirectUrl).toBe(scaRedirect);
  });

  it("the PSU pages' origin serves only the SCA pages: the bank's API and the control API are not there", async () => {
    const psuPages = bank.sim.psuPagesUrl as string;
    expectBgError(await psuBrowserGet(bank, `${psuPages}/simulator/v1/info`), 404, 'RESOURCE_UNKNOWN');
    expectBgError(await psuBrowserGet(bank, `${psuPages}/frankfurt/berlingroup/v1/accounts`), 404, 'RESOURCE_UNKNOWN');
  });

  it('London refuses an eIDAS QWAC (invalid_client, CERTIFICATE_INVALID) and accepts the UK open-banking one', async () => {
    expectCertificateRefused(await tokenFor(qwac, 'london'));
    expect((await tokenFor(demoQwac(bank, 'uk-'), 'london')).status).toBe(200);
  });

  it('a euro institution refuses a UK open-banking QWAC (invalid_client, CERTIFICATE_INVALID)', async () => {
    expectCertificateRefused(await tokenFor(demoQwac(bank, 'uk-'), 'paris'));
  });

  it('an expired QWAC is refused (invalid_client, CERTIFICATE_INVALID), judged on the simulated clock', async () => {
    const { client, credentials } = await register({ organizationId: 'PSDDE-BAFIN-200001', faults: { expired: true } });
    const res = await tokenFor(client, 'frankfurt', credentials);
    expectCertificateRefused(res);
    expect(res.body.error_description).toMatch(/expired/);
  });

  it('a QWAC from an unknown CA is refused (invalid_client, CERTIFICATE_INVALID)', async () => {
    const { client, credentials } = await register({ organizationId: 'PSDDE-BAFIN-200002', faults: { untrusted: true } });
    expectCertificateRefused(await tokenFor(client, 'frankfurt', credentials));
  });

  it('a QWAC without PSD2 roles is refused (invalid_client, CERTIFICATE_INVALID)', async () => {
    const { client, credentials } = await register({ organizationId: 'PSDDE-BAFIN-200003', faults: { noQcStatement: true } });
    expectCertificateRefused(await tokenFor(client, 'frankfurt', credentials));
  });

  it("the TPP identity is the QWAC's: another TPP's client credentials are invalid_client", async () => {
    const { client } = await register({ organizationId: 'PSDFR-ACPR-300001' });
    const res = await tokenFor(client);
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('invalid_client');
  });

  it('roles come from the QCStatement: a PIISP-only TPP cannot create a consent (ROLE_INVALID)', async () => {
    const { client, credentials } = await register({ organizationId: 'PSDDE-BAFIN-200004', roles: ['PSP_IC'] });
    const token = await tokenFor(client, 'frankfurt', credentials);
    const res = await tlsCall(bank, client, 'POST', '/frankfurt/berlingroup/v1/consents', {
      headers: consentHeaders(token.body.access_token, 'FRA-CREATOR'),
      body: recurringConsentBody(),
    });
    expectBgError(res, 401, 'ROLE_INVALID');
  });

  it('a replaced QWAC of the same TPP identity keeps its consents working', async () => {
    const token = (await tokenFor(qwac)).body.access_token;
    const created = await tlsCall(bank, qwac, 'POST', '/frankfurt/berlingroup/v1/consents', {
      headers: consentHeaders(token, 'FRA-CREATOR'),
      body: recurringConsentBody(),
    });
    const { client: replacement } = await register({ organizationId: bank.client.organizationId });
    const newToken = (await tokenFor(replacement)).body.access_token;
    const status = await tlsCall(bank, replacement, 'GET', `/frankfurt/berlingroup/v1/consents/${created.body.consentId}/status`, {
      headers: { authorization: `Bearer ${newToken}`, 'x-request-id': crypto.randomUUID() },
    });
    expect(status.status).toBe(200);
    expect(status.body.consentStatus).toBe('received');
  });

  it("another TPP's QSEAL is said in the QWAC's words here: the QWAC told the calling TPP", async () => {
    const creator = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
    const res = await bank.tpp.createPayment(creator, 'pain.001-sepa-credit-transfers', readTemplate('sepa-single.xml'), {
      faults: { otherTppCertificate: true },
    });
    expectBgError(res, 401, 'CERTIFICATE_INVALID');
    expect(res.body.tppMessages[0].text).toMatch(/is not the calling TPP's PSDDE-BAFIN-123456: the authorisation numbers of QWAC and QSEAL must match$/);
  });

  it("a token may not be used over another TPP's connection (TOKEN_INVALID)", async () => {
    const token = (await tokenFor(qwac)).body.access_token;
    const { client } = await register({ organizationId: 'PSDBE-NBB-400001' });
    const res = await tlsCall(bank, client, 'GET', '/frankfurt/berlingroup/v1/consents/x/status', {
      headers: { authorization: `Bearer ${token}`, 'x-request-id': crypto.randomUUID() },
    });
    expectBgError(res, 401, 'TOKEN_INVALID');
  });
});
