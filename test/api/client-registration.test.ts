import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, call, expectOAuthError, form, otherTpp, startTestBank, tppClientFor, type JsonResponse, type TestBank } from '../support/simulator';
import { demoQwac, tlsCall } from '../support/tls';
import { registerClient } from '../../main/tpp/requests/registration';
import { storeReader } from '../support/store-reader';

const METADATA = { redirect_uris: ['https://tpp.example/registered'], client_name: 'Second app' };

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(() => bank.stop());

const clientCount = (of: TestBank): number => {
  const db = storeReader(of);
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM tpp_clients').get() as { n: number }).n;
  } finally {
    db.close();
  }
};

const tokenWith = (credentials: { clientId: string; clientSecret: string }): Promise<JsonResponse> =>
  call(bank, 'POST', '/frankfurt/oauth/v1/token', {
    headers: { ...form({}).headers, authorization: basic(credentials) },
    body: 'grant_type=client_credentials',
  });

/** A refusal at the registration endpoint: RFC 6749 invalid_client, the bank's check named first in the description. */
function expectRefused(res: JsonResponse, bankCode: string): void {
  expectOAuthError(res, 401, 'invalid_client');
  expect(res.body.error_description).toMatch(new RegExp(`^${bankCode}: `));
}

describe('POST /{institution}/oauth/v1/register in simulation (RFC 7591)', () => {
  it("a request signed with the TPP's QSEAL creates a new OAuth client of that TPP: 201 with client_id and client_secret", async () => {
    const res = await bank.tpp.registerClient('frankfurt', { ...METADATA, logo_uri: 'https://tpp.example/logo.png', software_version: '2.1' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      redirect_uris: METADATA.redirect_uris,
      client_name: 'Second app',
      token_endpoint_auth_method: 'client_secret_basic',
      client_secret_expires_at: 0,
    });
    expect(res.body).not.toHaveProperty('logo_uri');
    expect(res.body.client_id).not.toBe(bank.client.clientId);
    const credentials = { clientId: res.body.client_id, clientSecret: res.body.client_secret };
    expect((await tokenWith(credentials)).status).toBe(200);
    // The new client is the same TPP: it sees the consents of the demo TPP's other client.
    const consent = await bank.tpp.startConsent('frankfurt', 'FRA-CREATOR');
    const second = tppClientFor(bank.url, { ...bank.client, ...credentials }, bank.control);
    expect((await second.consentStatus('frankfurt', consent.consentId)).status).toBe(200);
  });

  it('unsigned: refused (SIGNATURE_MISSING) and nothing is created', async () => {
    const before = clientCount(bank);
    const res = await bank.tpp.send(registerClient('frankfurt', METADATA));
    expectRefused(res, 'SIGNATURE_MISSING');
    expect(clientCount(bank)).toBe(before);
  });

  it('a signature that does not match the body: refused (SIGNATURE_INVALID)', async () => {
    expectRefused(await bank.tpp.registerClient('frankfurt', METADATA, { faults: { bodyChangedAfterDigest: true } }), 'SIGNATURE_INVALID');
  });

  it("another TPP's certificate beside this TPP's signature: refused", async () => {
    const other = await otherTpp(bank, 'PSDDE-BAFIN-770001');
    const signed = await bank.tpp.sign(registerClient('frankfurt', METADATA));
    const foreign = await other.sign(registerClient('frankfurt', METADATA));
    const res = await bank.tpp.send({
      ...signed,
      headers: { ...signed.headers, 'tpp-signature-certificate': foreign.headers['tpp-signature-certificate'] as string },
    });
    expectOAuthError(res, 401, 'invalid_client');
    expect(res.body.error_description).toMatch(/^(SIGNATURE_INVALID|CERTIFICATE_INVALID): /);
  });

  it('a QSEAL without a TPP role (an ASPSP only): refused (ROLE_INVALID)', async () => {
    const aspsp = await otherTpp(bank, 'PSDDE-BAFIN-770002', ['PSP_AS']);
    expectRefused(await aspsp.registerClient('frankfurt', METADATA), 'ROLE_INVALID');
  });

  it('redirect_uris is required and each must be an absolute http(s) URI: invalid_redirect_uri', async () => {
    for (const body of [
      { client_name: 'x' },
      { redirect_uris: [] },
      { redirect_uris: 'https://tpp.example/cb' },
      { redirect_uris: ['/relative'] },
      { redirect_uris: ['ftp://tpp.example/cb'] },
    ]) {
      expectOAuthError(await bank.tpp.registerClient('frankfurt', body as never), 400, 'invalid_redirect_uri');
    }
  });

  it('metadata the bank cannot honour is invalid_client_metadata', async () => {
    for (const extra of [{ client_name: 7 }, { token_endpoint_auth_method: 'private_key_jwt' }, { grant_types: ['implicit'] }, { response_types: ['token'] }]) {
      expectOAuthError(await bank.tpp.registerClient('frankfurt', { ...METADATA, ...extra } as never), 400, 'invalid_client_metadata');
    }
    expectOAuthError(await bank.tpp.registerClient('frankfurt', '[1,2]'), 400, 'invalid_client_metadata');
  });

  it('a body that is not JSON is invalid_request, never a 5xx', async () => {
    expectOAuthError(await bank.tpp.registerClient('frankfurt', '{"redirect_uris":'), 400, 'invalid_request');
  });
});

describe('POST /register under mutual TLS', () => {
  let tls: TestBank;
  beforeAll(async () => {
    tls = await startTestBank({ tls: true });
  });
  afterAll(() => tls.stop());

  const sendOverTls = (qwac: ReturnType<typeof demoQwac>, request: { method: string; path: string; headers: Record<string, string>; body: unknown }) =>
    tlsCall(tls, qwac, request.method, request.path, { headers: request.headers, body: request.body as string });

  it("over the TPP's QWAC with its QSEAL: 201", async () => {
    const signed = await tls.tpp.sign(registerClient('frankfurt', METADATA));
    const res = await sendOverTls(demoQwac(tls), signed);
    expect(res.status).toBe(201);
    expect(typeof res.body.client_secret).toBe('string');
  });

  it("a QSEAL of another TPP than the QWAC's: refused (CERTIFICATE_INVALID)", async () => {
    const registered = await sendOverTls(demoQwac(tls), {
      method: 'POST',
      path: '/simulator/v1/tpps',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ organizationId: 'PSDDE-BAFIN-770003' }),
    });
    const signed = await tppClientFor(tls.url, registered.body).sign(registerClient('frankfurt', METADATA));
    const res = await sendOverTls(demoQwac(tls), signed);
    expectOAuthError(res, 401, 'invalid_client');
    expect(res.body.error_description).toMatch(/^CERTIFICATE_INVALID: .*organizationIdentifier/);
  });
});

describe('POST /register in the sandbox (spec "Sandbox behaviour" 4)', () => {
  let sandbox: TestBank;
  beforeAll(async () => {
    sandbox = await startTestBank({ mode: 'sandbox' });
  });
  afterAll(() => sandbox.stop());

  it("answers 201 with the sandbox application's own client_id and creates nothing", async () => {
    const before = clientCount(sandbox);
    const res = await sandbox.tpp.registerClient('frankfurt', METADATA);
    expect(res.status).toBe(201);
    expect(res.body.client_id).toBe(sandbox.client.clientId);
    expect(res.body).not.toHaveProperty('client_secret');
    expect(clientCount(sandbox)).toBe(before);
  });

  it('still validates the signature and the metadata', async () => {
    expectRefused(await sandbox.tpp.send(registerClient('frankfurt', METADATA)), 'SIGNATURE_MISSING');
    expectOAuthError(await sandbox.tpp.registerClient('frankfurt', { client_name: 'x' } as never), 400, 'invalid_redirect_uri');
  });
});
