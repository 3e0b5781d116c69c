import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approveSca,
  call,
  consentHeaders,
  createConsent,
  datePlus,
  expectBgError,
  recurringConsentBody,
  startTestBank,
  tppToken,
  type TestBank,
  otherTpp,
} from '../support/simulator';
import { psuSession } from '../../main/tpp/journeys';

let bank: TestBank;
let token: string;
beforeAll(async () => {
  bank = await startTestBank();
  token = await tppToken(bank, 'frankfurt');
});
afterAll(() => bank.stop());

const postConsent = (headers: Record<string, string>, body: string, institution = 'frankfurt') =>
  call(bank, 'POST', `/${institution}/berlingroup/v1/consents`, { headers, body });

describe('POST /consents', () => {
  it('creates a received consent with consentId and _links.scaRedirect (201)', async () => {
    const res = await postConsent(consentHeaders(token, 'FRA-CREATOR'), recurringConsentBody());
    expect(res.status).toBe(201);
    expect(res.body.consentStatus).toBe('received');
    expect(res.body.consentId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body._links.scaRedirect.href).toBe(`${bank.url}/sca/${res.body._links.scaRedirect.href.split('/').pop()}`);
    expect(res.headers['location']).toBe(`${bank.url}/frankfurt/berlingroup/v1/consents/${res.body.consentId}`);
  });

  it('echoes X-Request-ID', async () => {
    const headers = consentHeaders(token, 'FRA-CREATOR');
    const res = await postConsent(headers, recurringConsentBody());
    expect(res.headers['x-request-id']).toBe(headers['x-request-id']);
  });

  for (const header of ['x-request-id', 'psu-id', 'tpp-redirect-uri', 'psu-ip-address', 'psu-device-id', 'content-type']) {
    it(`requires header ${header} (FORMAT_ERROR 400)`, async () => {
      const headers = consentHeaders(token, 'FRA-CREATOR');
      delete headers[header];
      const res = await postConsent(headers, recurringConsentBody());
      expectBgError(res, 400, 'FORMAT_ERROR');
      expect(res.body.tppMessages[0].text.toLowerCase()).toContain(header);
    });
  }

  const badFormats: [string, string][] = [
    ['x-request-id', 'not-a-uuid'],
    ['psu-device-id', '12345'],
    ['psu-ip-address', '999.1.1.1'],
    ['tpp-redirect-uri', 'not a uri'],
    ['tpp-redirect-uri', 'ftp://tpp.example/cb'],
    ['content-type', 'text/plain'],
  ];
  for (const [header, value] of badFormats) {
    it(`format-checks header ${header} = "${value}" (FORMAT_ERROR 400)`, async () => {
      const res = await postConsent({ ...consentHeaders(token, 'FRA-CREATOR'), [header]: value }, recurringConsentBody());
      expectBgError(res, 400, 'FORMAT_ERROR');
    });
  }

  it('accepts an IPv6 PSU-IP-Address', async () => {
    const res = await postConsent({ ...consentHeaders(token, 'FRA-CREATOR'), 'psu-ip-address': '2001:db8::1' }, recurringConsentBody());
    expect(res.status).toBe(201);
  });

  it('refuses an unknown PSU-ID with PSU_CREDENTIALS_INVALID 401', async () => {
    expectBgError(await postConsent(consentHeaders(token, 'NOBODY'), recurringConsentBody()), 401, 'PSU_CREDENTIALS_INVALID');
  });

  it('refuses a PSU of another institution with PSU_CREDENTIALS_INVALID 401', async () => {
    expectBgError(await postConsent(consentHeaders(token, 'PAR-CREATOR'), recurringConsentBody()), 401, 'PSU_CREDENTIALS_INVALID');
  });

  it('refuses a PSU who cannot complete SCA with PSU_CREDENTIALS_INVALID 401', async () => {
    expectBgError(await postConsent(consentHeaders(token, 'FRA-NOAPP'), recurringConsentBody()), 401, 'PSU_CREDENTIALS_INVALID');
  });

  const body = (fields: Record<string, unknown>) =>
    JSON.stringify({ access: {}, recurringIndicator: true, validUntil: datePlus(30), frequencyPerDay: 4, combinedServiceIndicator: true, ...fields });

  const badBodies: [string, string][] = [
    ['access with accounts', body({ access: { accounts: [{ iban: 'DE89370400440532013000' }] } })],
    ['access as an array', body({ access: [] })],
    ['access missing', JSON.stringify({ recurringIndicator: true, validUntil: datePlus(30), frequencyPerDay: 4, combinedServiceIndicator: true })],
    ['recurringIndicator as a string', body({ recurringIndicator: 'true' })],
    ['frequencyPerDay zero', body({ frequencyPerDay: 0 })],
    ['frequencyPerDay fractional', body({ frequencyPerDay: 1.5 })],
    ['combinedServiceIndicator missing', JSON.stringify({ access: {}, recurringIndicator: true, validUntil: datePlus(30), frequencyPerDay: 4 })],
    ['validUntil not a date', body({ validUntil: '31.12.2026' })],
    ['validUntil impossible date', body({ validUntil: '2027-02-30' })],
    ['unknown field', body({ permissions: ['allAccounts'] })],
    ['not JSON', '{access:'],
    ['a JSON array', '[]'],
    ['an empty body', ''],
  ];
  for (const [name, payload] of badBodies) {
    it(`refuses a body with ${name} (FORMAT_ERROR 400)`, async () => {
      expectBgError(await postConsent(consentHeaders(token, 'FRA-CREATOR'), payload), 400, 'FORMAT_ERROR');
    });
  }

  describe('validUntil bounds (spec "Limits"; the test clock is 2026-11-22)', () => {
    it('recurring: validUntil equal to the request date is rejected with 400', async () => {
      expectBgError(await postConsent(consentHeaders(token, 'FRA-CREATOR'), body({ validUntil: '2026-11-22' })), 400, 'FORMAT_ERROR');
    });
    it('recurring: request date + 1 is the earliest accepted', async () => {
      expect((await postConsent(consentHeaders(token, 'FRA-CREATOR'), body({ validUntil: '2026-11-23' }))).status).toBe(201);
    });
    it('recurring: request date + 180 is the latest accepted', async () => {
      expect((await postConsent(consentHeaders(token, 'FRA-CREATOR'), body({ validUntil: datePlus(180) }))).status).toBe(201);
    });
    it('recurring: request date + 181 is rejected', async () => {
      expectBgError(await postConsent(consentHeaders(token, 'FRA-CREATOR'), body({ validUntil: datePlus(181) })), 400, 'FORMAT_ERROR');
    });
    it('recurring: a past date is rejected', async () => {
      expectBgError(await postConsent(consentHeaders(token, 'FRA-CREATOR'), body({ validUntil: '2026-11-01' })), 400, 'FORMAT_ERROR');
    });
    it('one-off: exactly request date + 2 is accepted', async () => {
      const res = await postConsent(consentHeaders(token, 'FRA-CREATOR'), body({ recurringIndicator: false, frequencyPerDay: 1, validUntil: '2026-11-24' }));
      expect(res.status).toBe(201);
    });
    for (const d of [1, 3]) {
      it(`one-off: request date + ${d} is rejected`, async () => {
        const res = await postConsent(consentHeaders(token, 'FRA-CREATOR'), body({ recurringIndicator: false, frequencyPerDay: 1, validUntil: datePlus(d) }));
        expectBgError(res, 400, 'FORMAT_ERROR');
      });
    }
  });

  it('needs a TPP access token: none is TOKEN_INVALID 401', async () => {
    const headers = consentHeaders(token, 'FRA-CREATOR');
    delete headers.authorization;
    expectBgError(await postConsent(headers, recurringConsentBody()), 401, 'TOKEN_INVALID');
  });

  it('needs a TPP access token: an unknown token is TOKEN_INVALID 401', async () => {
    expectBgError(await postConsent(consentHeaders('bm90LWEtdG9rZW4', 'FRA-CREATOR'), recurringConsentBody()), 401, 'TOKEN_INVALID');
  });

  it('needs a TPP access token of the same institution (TOKEN_INVALID 401)', async () => {
    const london = await tppToken(bank, 'london');
    expectBgError(await postConsent(consentHeaders(london, 'FRA-CREATOR'), recurringConsentBody()), 401, 'TOKEN_INVALID');
  });

  it('refuses a PSU access token where a TPP token is needed (TOKEN_INVALID 401)', async () => {
    const psu = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-APPROVER-A');
    expectBgError(await postConsent(consentHeaders(psu.accessToken, 'FRA-CREATOR'), recurringConsentBody()), 401, 'TOKEN_INVALID');
  });

  it('an unknown institution is RESOURCE_UNKNOWN 404', async () => {
    expectBgError(await postConsent(consentHeaders(token, 'FRA-CREATOR'), recurringConsentBody(), 'berlin'), 404, 'RESOURCE_UNKNOWN');
  });
});

describe('GET /consents/{id}/status', () => {
  it('reports received/started, then valid/finalised after SCA approval', async () => {
    const consent = await createConsent(bank, 'frankfurt', 'FRA-CREATOR', token);
    const path = `/frankfurt/berlingroup/v1/consents/${consent.consentId}/status`;
    const before = await call(bank, 'GET', path, { headers: { authorization: `Bearer ${token}`, 'x-request-id': randomUUID() } });
    expect(before.body).toEqual({ consentStatus: 'received', scaStatus: 'started' });
    await approveSca(bank, consent.journeyId);
    const after = await call(bank, 'GET', path, { headers: { 'x-request-id': crypto.randomUUID(), authorization: `Bearer ${token}` } });
    expect(after.body).toEqual({ consentStatus: 'valid', scaStatus: 'finalised' });
  });

  it('reports rejected/failed when the PSU rejects the SCA', async () => {
    const consent = await createConsent(bank, 'frankfurt', 'FRA-CREATOR', token);
    await approveSca(bank, consent.journeyId, 'reject');
    const res = await call(bank, 'GET', `/frankfurt/berlingroup/v1/consents/${consent.consentId}/status`, {
      headers: { 'x-request-id': crypto.randomUUID(), authorization: `Bearer ${token}` },
    });
    expect(res.body).toEqual({ consentStatus: 'rejected', scaStatus: 'failed' });
  });

  it('an unknown Consent ID is CONSENT_UNKNOWN 403', async () => {
    expectBgError(
      await call(bank, 'GET', '/frankfurt/berlingroup/v1/consents/does-not-exist/status', {
        headers: { 'x-request-id': crypto.randomUUID(), authorization: `Bearer ${token}` },
      }),
      403,
      'CONSENT_UNKNOWN',
    );
  });

  it('a consent is invisible through another institution (CONSENT_UNKNOWN 403)', async () => {
    const consent = await createConsent(bank, 'frankfurt', 'FRA-CREATOR', token);
    const paris = await tppToken(bank, 'paris');
    const res = await call(bank, 'GET', `/paris/berlingroup/v1/consents/${consent.consentId}/status`, {
      headers: { 'x-request-id': crypto.randomUUID(), authorization: `Bearer ${paris}` },
    });
    expectBgError(res, 403, 'CONSENT_UNKNOWN');
  });

  it('needs a TPP token, not a PSU token (TOKEN_INVALID 401)', async () => {
    const psu = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-APPROVER-B');
    const res = await call(bank, 'GET', `/frankfurt/berlingroup/v1/consents/${psu.consentId}/status`, {
      headers: { 'x-request-id': crypto.randomUUID(), authorization: `Bearer ${psu.accessToken}` },
    });
    expectBgError(res, 401, 'TOKEN_INVALID');
  });
});

describe('GET /consents/{id}', () => {
  it('returns metadata and the five access arrays from the PSU permissions', async () => {
    const psu = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
    const res = await call(bank, 'GET', `/frankfurt/berlingroup/v1/consents/${psu.consentId}`, {
      headers: { 'x-request-id': crypto.randomUUID(), authorization: `Bearer ${psu.accessToken}` },
    });
    expect(res.status).toBe(200);
    expect(res.body.consentStatus).toBe('valid');
    expect(res.body.recurringIndicator).toBe(true);
    expect(res.body.validUntil).toBe(datePlus(90));
    expect(Object.keys(res.body.access).sort()).toEqual(['accounts', 'balances', 'paymentAuthorisations', 'paymentCreations', 'transactions']);
    const psus = (await call(bank, 'GET', '/simulator/v1/psus')).body as any[];
    const me = psus.find((p) => p.psuId === 'FRA-CREATOR');
    const withPermission = (perm: string) =>
      me.accounts
        .filter((a: any) => a.permissions.includes(perm))
        .map((a: any) => a.resourceId)
        .sort();
    const ids = (arr: any[]) => arr.map((a) => a.resourceId).sort();
    expect(ids(res.body.access.accounts)).toEqual(withPermission('ais'));
    expect(ids(res.body.access.balances)).toEqual(withPermission('ais'));
    expect(ids(res.body.access.transactions)).toEqual(withPermission('ais'));
    expect(ids(res.body.access.paymentCreations)).toEqual(withPermission('paymentCreation'));
    expect(ids(res.body.access.paymentAuthorisations)).toEqual(withPermission('paymentAuthorisation'));
    expect(res.body.access.accounts.length).toBeGreaterThan(0);
  });

  it('gives an account-information-only PSU empty payment arrays', async () => {
    const psu = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-AISONLY');
    const res = await call(bank, 'GET', `/frankfurt/berlingroup/v1/consents/${psu.consentId}`, {
      headers: { 'x-request-id': crypto.randomUUID(), authorization: `Bearer ${psu.accessToken}` },
    });
    expect(res.body.access.accounts.length).toBeGreaterThan(0);
    expect(res.body.access.paymentCreations).toEqual([]);
    expect(res.body.access.paymentAuthorisations).toEqual([]);
  });

  it('needs a PSU token: a TPP token is TOKEN_INVALID 401', async () => {
    const psu = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
    expectBgError(
      await call(bank, 'GET', `/frankfurt/berlingroup/v1/consents/${psu.consentId}`, {
        headers: { 'x-request-id': crypto.randomUUID(), authorization: `Bearer ${token}` },
      }),
      401,
      'TOKEN_INVALID',
    );
  });

  it('a token for another consent cannot read this one (CONSENT_UNKNOWN 403)', async () => {
    const a = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
    const b = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-APPROVER-A');
    expectBgError(
      await call(bank, 'GET', `/frankfurt/berlingroup/v1/consents/${b.consentId}`, {
        headers: { 'x-request-id': crypto.randomUUID(), authorization: `Bearer ${a.accessToken}` },
      }),
      403,
      'CONSENT_UNKNOWN',
    );
  });

  it("a Consent-ID header must match the token's consent (CONSENT_UNKNOWN 403)", async () => {
    const a = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
    const res = await call(bank, 'GET', `/frankfurt/berlingroup/v1/consents/${a.consentId}`, {
      headers: { 'x-request-id': crypto.randomUUID(), authorization: `Bearer ${a.accessToken}`, 'consent-id': randomUUID() },
    });
    expectBgError(res, 403, 'CONSENT_UNKNOWN');
  });

  it('several valid consents of one TPP and PSU coexist', async () => {
    const a = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-APPROVER-B');
    const b = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-APPROVER-B');
    for (const c of [a, b]) {
      const res = await call(bank, 'GET', `/frankfurt/berlingroup/v1/consents/${c.consentId}`, {
        headers: { 'x-request-id': crypto.randomUUID(), authorization: `Bearer ${c.accessToken}` },
      });
      expect(res.body.consentStatus).toBe('valid');
    }
  });
});

describe('DELETE /consents/{id}', () => {
  it('answers 204, the consent becomes terminatedByTpp, a repeat is CONSENT_INVALID 401', async () => {
    const psu = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
    const path = `/frankfurt/berlingroup/v1/consents/${psu.consentId}`;
    const auth = { authorization: `Bearer ${psu.accessToken}`, 'x-request-id': randomUUID() };
    const first = await call(bank, 'DELETE', path, { headers: auth });
    expect(first.status).toBe(204);
    const status = await call(bank, 'GET', `${path}/status`, { headers: { 'x-request-id': crypto.randomUUID(), authorization: `Bearer ${token}` } });
    expect(status.body.consentStatus).toBe('terminatedByTpp');
    expectBgError(await call(bank, 'DELETE', path, { headers: auth }), 401, 'CONSENT_INVALID');
    expectBgError(await call(bank, 'GET', path, { headers: auth }), 401, 'CONSENT_INVALID');
  });

  it("terminating one consent leaves the PSU's other consents valid", async () => {
    const a = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-LOWLIMIT');
    const b = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-LOWLIMIT');
    await call(bank, 'DELETE', `/frankfurt/berlingroup/v1/consents/${a.consentId}`, {
      headers: { 'x-request-id': crypto.randomUUID(), authorization: `Bearer ${a.accessToken}` },
    });
    const res = await call(bank, 'GET', `/frankfurt/berlingroup/v1/consents/${b.consentId}`, {
      headers: { 'x-request-id': crypto.randomUUID(), authorization: `Bearer ${b.accessToken}` },
    });
    expect(res.body.consentStatus).toBe('valid');
  });
});

describe('consent ownership', () => {
  it('a consent is invisible to another TPP (CONSENT_UNKNOWN 403)', async () => {
    const other = await otherTpp(bank, 'PSDFR-ACPR-999999');
    const consent = await createConsent(bank, 'frankfurt', 'FRA-CREATOR', token);
    const res = await call(bank, 'GET', `/frankfurt/berlingroup/v1/consents/${consent.consentId}/status`, {
      headers: { 'x-request-id': crypto.randomUUID(), authorization: `Bearer ${await other.tppToken('frankfurt')}` },
    });
    expectBgError(res, 403, 'CONSENT_UNKNOWN');
  });

  it("without mutual TLS the roles are the OAuth client's: a PIISP-only TPP cannot create a consent (ROLE_INVALID 401)", async () => {
    const piisp = await otherTpp(bank, 'PSDDE-BAFIN-500001', ['PSP_IC']);
    expectBgError(await postConsent(consentHeaders(await piisp.tppToken('frankfurt'), 'FRA-CREATOR'), recurringConsentBody()), 401, 'ROLE_INVALID');
  });
});
