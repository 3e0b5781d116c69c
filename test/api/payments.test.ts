import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectBgError, startTestBank, startTestBankWithPsu, type TestBank } from '../support/simulator';
import { pain001Data, pain001Tree, serialize } from '../support/pain001-builder';
import { authorisePayment, psuSession } from '../../main/tpp/journeys';
import { txStatuses } from '../../main/tpp/pain002';
import { type PsuSession } from '../../main/tpp/session';
import { readTemplate } from '../../main/tpp/templates';
import { cancelPayment, startAuthorisation } from '../../main/tpp/requests/payments';
import type { PreparedRequest } from '../../main/tpp/types';

const SEPA = 'pain.001-sepa-credit-transfers';
let bank: TestBank;
let creator: PsuSession;
beforeAll(async () => {
  ({ bank, psu: creator } = await startTestBankWithPsu('frankfurt', 'FRA-CREATOR'));
});
afterAll(() => bank.stop());

const paymentStatus = async (paymentId: string, s = creator) => txStatuses((await bank.tpp.paymentStatus(s, SEPA, paymentId)).text);
/** Signed as the profile says over the request as changed, so only the rule under test can refuse it. */
const sendSigned = async (request: PreparedRequest) => bank.tpp.send(await bank.tpp.sign(request));
const authorisationRequest = (s: PsuSession, paymentId: string): PreparedRequest =>
  startAuthorisation(s, SEPA, paymentId, bank.tpp.psu, 'https://tpp.example/cb?state=s1');

describe('POST /payments/{product}', () => {
  it('creates exactly one PATC payment resource with links and Location', async () => {
    const res = await bank.tpp.createPayment(creator, SEPA, readTemplate('sepa-single.xml'));
    expect(res.status).toBe(201);
    expect(res.body.transactionStatus).toBe('PATC');
    expect(res.headers['location']).toBe(`${bank.url}/frankfurt/berlingroup/v1/payments/${SEPA}/${res.body.paymentId}`);
    expect(res.body._links.startAuthorisation.href).toBe(`/frankfurt/berlingroup/v1/payments/${SEPA}/${res.body.paymentId}/authorisations`);
  });

  it('GET returns the original pain.001 byte for byte', async () => {
    const xml = `${readTemplate('sepa-single.xml')}\n<!-- kept as sent: ü € -->\n`;
    const { body } = await bank.tpp.createPayment(creator, SEPA, xml);
    const res = await call(bank, 'GET', `/frankfurt/berlingroup/v1/payments/${SEPA}/${body.paymentId}`, {
      headers: {
        'x-request-id': crypto.randomUUID(),
        authorization: `Bearer ${creator.accessToken}`,
        'consent-id': creator.consentId,
        accept: 'application/xml',
      },
    });
    expect(res.status).toBe(200);
    expect(res.text).toBe(xml);
  });

  it('GET without Accept: application/xml is REQUESTED_FORMATS_INVALID 406', async () => {
    const { body } = await bank.tpp.createPayment(creator, SEPA, readTemplate('sepa-single.xml'));
    const res = await call(bank, 'GET', `/frankfurt/berlingroup/v1/payments/${SEPA}/${body.paymentId}`, {
      headers: {
        'x-request-id': crypto.randomUUID(),
        authorization: `Bearer ${creator.accessToken}`,
        'consent-id': creator.consentId,
        accept: 'application/json',
      },
    });
    expectBgError(res, 406, 'REQUESTED_FORMATS_INVALID');
  });

  it('an unsupported product is PRODUCT_UNKNOWN', async () => {
    expectBgError(await bank.tpp.createPayment(creator, 'pain.001-chaps-payments', readTemplate('chaps-single.xml')), 404, 'PRODUCT_UNKNOWN');
    expectBgError(await bank.tpp.createPayment(creator, 'instant-magic', readTemplate('sepa-single.xml')), 404, 'PRODUCT_UNKNOWN');
  });

  it('a schema violation is PAYMENT_FAILED naming the element path (spec: correct the request per the ISO 20022 schema)', async () => {
    const res = await bank.tpp.createPayment(
      creator,
      SEPA,
      readTemplate('sepa-single.xml').replace('<EndToEndId>', '<EndToEndId>X'.repeat(1) + 'Y'.repeat(40)),
    );
    expectBgError(res, 400, 'PAYMENT_FAILED');
    expect(res.body.tppMessages[0].text).toMatch(/EndToEndId/);
  });

  it('a business-rule violation is PAYMENT_FAILED (SEPA in USD)', async () => {
    const res = await bank.tpp.createPayment(creator, SEPA, readTemplate('sepa-single.xml').replaceAll('Ccy="EUR"', 'Ccy="USD"'));
    expectBgError(res, 400, 'PAYMENT_FAILED');
  });

  it('the debtor account must be one the consent allows for payment creation', async () => {
    const aisOnly = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-AISONLY');
    expectBgError(await bank.tpp.createPayment({ ...aisOnly }, SEPA, readTemplate('sepa-single.xml')), 400, 'PAYMENT_FAILED');
  });

  it('each institution finds the debtor among its own accounts, whichever institution was asked first', async () => {
    const london = await psuSession(bank.tpp, bank.control, 'london', 'LON-CREATOR');
    expect((await bank.tpp.createPayment(creator, SEPA, readTemplate('sepa-single.xml'))).status).toBe(201);
    expect((await bank.tpp.createPayment(london, 'pain.001-chaps-payments', readTemplate('chaps-single.xml'))).status).toBe(201);
    expect((await bank.tpp.createPayment(creator, SEPA, readTemplate('sepa-single.xml'))).status).toBe(201);
  });

  it('a DOCTYPE is refused before parsing (PAYMENT_FAILED)', async () => {
    const res = await bank.tpp.createPayment(
      creator,
      SEPA,
      `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaa">]>${readTemplate('sepa-single.xml').replace(/^<\?xml[^>]*\?>/, '')}`,
    );
    expectBgError(res, 400, 'PAYMENT_FAILED');
    expect(res.body.tppMessages[0].text).toMatch(/DOCTYPE/);
  });

  it("Consent-ID must be the token's consent (CONSENT_UNKNOWN 403)", async () => {
    const res = await bank.tpp.createPayment(creator, SEPA, readTemplate('sepa-single.xml'), { headers: { 'consent-id': 'another-consent' } });
    expectBgError(res, 403, 'CONSENT_UNKNOWN');
  });

  it('an unsigned request is SIGNATURE_MISSING and creates nothing', async () => {
    const before = ((await call(bank, 'GET', '/simulator/v1/payments')).body as any[]).length;
    const res = await call(bank, 'POST', `/frankfurt/berlingroup/v1/payments/${SEPA}`, {
      headers: {
        authorization: `Bearer ${creator.accessToken}`,
        'consent-id': creator.consentId,
        'x-request-id': crypto.randomUUID(),
        'psu-id': 'FRA-CREATOR',
        'content-type': 'application/xml',
      },
      body: readTemplate('sepa-single.xml'),
    });
    expectBgError(res, 401, 'SIGNATURE_MISSING');
    expect(((await call(bank, 'GET', '/simulator/v1/payments')).body as any[]).length).toBe(before);
  });

  it('a body changed after signing is SIGNATURE_INVALID, explained, and creates nothing', async () => {
    const before = ((await call(bank, 'GET', '/simulator/v1/payments')).body as any[]).length;
    const { signedHeaders, demoSigningKey } = await import('../support/signing');
    const xml = readTemplate('sepa-single.xml');
    const headers = signedHeaders(
      demoSigningKey(bank),
      ['digest', 'x-request-id', 'psu-id'],
      {
        authorization: `Bearer ${creator.accessToken}`,
        'consent-id': creator.consentId,
        'x-request-id': crypto.randomUUID(),
        'psu-id': 'FRA-CREATOR',
        'content-type': 'application/xml',
      },
      xml,
    );
    const res = await call(bank, 'POST', `/frankfurt/berlingroup/v1/payments/${SEPA}`, { headers, body: `${xml}\n` });
    expectBgError(res, 401, 'SIGNATURE_INVALID');
    expect(res.body.tppMessages[0].text).toMatch(/trailing newline/);
    expect(((await call(bank, 'GET', '/simulator/v1/payments')).body as any[]).length).toBe(before);
    const [entry] = (await call(bank, 'GET', '/simulator/v1/exchanges?limit=1')).body as any[];
    expect(entry.signature.verdict.checkId).toBe('digest-matches');
  });

  it('a QSEAL of another TPP (authorisation numbers differ) is CERTIFICATE_INVALID and creates nothing', async () => {
    const other = (
      await call(bank, 'POST', '/simulator/v1/tpps', {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ organizationId: 'PSDDE-BAFIN-654321' }),
      })
    ).body;
    const { signedHeaders } = await import('../support/signing');
    const xml = readTemplate('sepa-single.xml');
    const headers = signedHeaders(
      { keyId: other.keyId, certificatePem: other.qseal.certificatePem, privateKeyPem: other.qseal.privateKeyPem },
      ['digest', 'x-request-id', 'psu-id'],
      {
        authorization: `Bearer ${creator.accessToken}`,
        'consent-id': creator.consentId,
        'x-request-id': crypto.randomUUID(),
        'psu-id': 'FRA-CREATOR',
        'content-type': 'application/xml',
      },
      xml,
    );
    const before = ((await call(bank, 'GET', '/simulator/v1/payments')).body as any[]).length;
    const res = await call(bank, 'POST', `/frankfurt/berlingroup/v1/payments/${SEPA}`, { headers, body: xml });
    expectBgError(res, 401, 'CERTIFICATE_INVALID');
    // Over plain HTTP the token tells the calling TPP: no QWAC to speak of.
    expect(res.body.tppMessages[0].text).toBe(
      "the QSEAL (the signing certificate) has organizationIdentifier PSDDE-BAFIN-654321, not PSDDE-BAFIN-123456, the TPP the access token was issued to: sign with the calling TPP's own QSEAL",
    );
    expect(((await call(bank, 'GET', '/simulator/v1/payments')).body as any[]).length).toBe(before);
  });

  it("the signature utility's output is accepted by the payment endpoint (round trip)", async () => {
    const xml = readTemplate('sepa-single.xml');
    const headers = { 'x-request-id': crypto.randomUUID(), 'psu-id': 'FRA-CREATOR' };
    const produced = (
      await call(bank, 'POST', '/frankfurt/sandbox/v1/signature', { headers: { ...headers, 'bank-headers': 'digest x-request-id psu-id' }, body: xml })
    ).body;
    const res = await call(bank, 'POST', `/frankfurt/berlingroup/v1/payments/${SEPA}`, {
      headers: {
        ...headers,
        authorization: `Bearer ${creator.accessToken}`,
        'consent-id': creator.consentId,
        'content-type': 'application/xml',
        digest: produced.digest,
        signature: produced.signature,
        'tpp-signature-certificate': produced.tppSignatureCertificate,
      },
      body: xml,
    });
    expect(res.status).toBe(201);
  });
});

describe('two authorisations (FRA-CORP-1: groups A and B, creator may give the second)', () => {
  it('creator first refused, same PSU twice refused, wrong group refused, over-limit refused, second finalised → PDNG', async () => {
    const { body } = await bank.tpp.createPayment(creator, SEPA, readTemplate('sepa-single.xml'));
    const id = body.paymentId;
    const approverA = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-APPROVER-A');
    const lowLimit = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-LOWLIMIT');
    const approverB = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-APPROVER-B');

    const creatorFirst = await authorisePayment(bank.tpp, bank.control, creator, SEPA, id);
    expect(creatorFirst.journey).toMatchObject({ status: 'failed' });
    expect(creatorFirst.journey.outcomeReason).toMatch(/separation of duty/);
    expect(await paymentStatus(id)).toEqual(['PATC']);

    expect((await authorisePayment(bank.tpp, bank.control, approverA, SEPA, id)).journey.status).toBe('finalised');
    expect(await paymentStatus(id)).toEqual(['PATC']);

    const twice = await authorisePayment(bank.tpp, bank.control, approverA, SEPA, id);
    expect(twice.journey.status).toBe('failed');
    expect(twice.journey.outcomeReason).toMatch(/already authorised/);

    const sameGroup = await authorisePayment(bank.tpp, bank.control, creator, SEPA, id);
    expect(sameGroup.journey.status).toBe('failed');
    expect(sameGroup.journey.outcomeReason).toMatch(/another group/);

    const overLimit = await authorisePayment(bank.tpp, bank.control, lowLimit, SEPA, id);
    expect(overLimit.journey.status).toBe('failed');
    expect(overLimit.journey.outcomeReason).toMatch(/limit/);

    const second = await authorisePayment(bank.tpp, bank.control, approverB, SEPA, id);
    expect(second.journey.status).toBe('finalised');
    expect(await paymentStatus(id)).toEqual(['PDNG']);
    const status = await call(bank, 'GET', `/frankfurt/berlingroup/v1/payments/${SEPA}/${id}/authorisations/${second.start.body.authorisationId}`, {
      headers: { 'x-request-id': crypto.randomUUID(), authorization: `Bearer ${approverB.accessToken}`, 'consent-id': approverB.consentId },
    });
    expect(status.body).toEqual({ scaStatus: 'finalised' });
    expectBgError(await bank.tpp.startAuthorisation(approverB, SEPA, id), 409, 'STATUS_INVALID');
  });

  it('only one attempt may be active: concurrent starts, exactly one wins', async () => {
    const { body } = await bank.tpp.createPayment(creator, SEPA, readTemplate('sepa-single.xml'));
    const approverA = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-APPROVER-A');
    const results = await Promise.all(Array.from({ length: 6 }, () => bank.tpp.startAuthorisation(approverA, SEPA, body.paymentId)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) expectBgError(r, 409, 'STATUS_INVALID');
  });
});

describe('starting an authorisation', () => {
  for (const header of ['psu-device-id', 'psu-ip-address']) {
    it(`requires ${header} (FORMAT_ERROR) and starts no SCA journey`, async () => {
      const { body } = await bank.tpp.createPayment(creator, SEPA, readTemplate('sepa-single.xml'));
      const approverA = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-APPROVER-A');
      const request = authorisationRequest(approverA, body.paymentId);
      const { [header]: _left, ...headers } = request.headers;
      const res = await sendSigned({ ...request, headers });
      expectBgError(res, 400, 'FORMAT_ERROR');
      expect(res.body.tppMessages[0].text).toMatch(new RegExp(header, 'i'));
      expect((await sendSigned(request)).status).toBe(201);
    });
  }

  it('a body, even signed over it, is FORMAT_ERROR (signing profile rule 7) and starts no SCA journey', async () => {
    const { body } = await bank.tpp.createPayment(creator, SEPA, readTemplate('sepa-single.xml'));
    const approverA = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-APPROVER-A');
    const res = await sendSigned({ ...authorisationRequest(approverA, body.paymentId), body: '{}' });
    expectBgError(res, 400, 'FORMAT_ERROR');
    expect(res.body.tppMessages[0].text).toMatch(/rule 7/);
    expect((await sendSigned(authorisationRequest(approverA, body.paymentId))).status).toBe(201);
  });
});

describe('cancellation', () => {
  it('a body, even signed over it, is FORMAT_ERROR (signing profile rule 7) and cancels nothing', async () => {
    const { body } = await bank.tpp.createPayment(creator, SEPA, readTemplate('sepa-single.xml'));
    const res = await sendSigned({ ...cancelPayment(creator, SEPA, body.paymentId), body: '{}' });
    expectBgError(res, 400, 'FORMAT_ERROR');
    expect(res.body.tppMessages[0].text).toMatch(/rule 7/);
    expect(await paymentStatus(body.paymentId)).toEqual(['PATC']);
  });

  it('PATC → 204 and RJCT; again → 405 CANCELLATION_INVALID', async () => {
    const { body } = await bank.tpp.createPayment(creator, SEPA, readTemplate('sepa-single.xml'));
    expect((await bank.tpp.cancelPayment(creator, SEPA, body.paymentId)).status).toBe(204);
    const report = (await bank.tpp.paymentStatus(creator, SEPA, body.paymentId)).text;
    expect(txStatuses(report)).toEqual(['RJCT']);
    expect(report).toContain('<Cd>DS02</Cd>');
    expectBgError(await bank.tpp.cancelPayment(creator, SEPA, body.paymentId), 405, 'CANCELLATION_INVALID');
  });

  it('PDNG cannot be cancelled (405)', async () => {
    const solo = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-SOLO');
    const clerk = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CLERK');
    const xml = readTemplate('sepa-single.xml').replace(/DE37500112000001058185/g, await corp2Iban());
    const created = await bank.tpp.createPayment(clerk, SEPA, xml);
    expect(created.status).toBe(201);
    expect((await authorisePayment(bank.tpp, bank.control, solo, SEPA, created.body.paymentId)).journey.status).toBe('finalised');
    expect(await paymentStatus(created.body.paymentId, clerk)).toEqual(['PDNG']);
    expectBgError(await bank.tpp.cancelPayment(clerk, SEPA, created.body.paymentId), 405, 'CANCELLATION_INVALID');
  });
});

async function corp2Iban(): Promise<string> {
  const psus = (await call(bank, 'GET', '/simulator/v1/psus')).body as any[];
  const clerk = psus.find((p) => p.psuId === 'FRA-CLERK');
  return clerk.accounts.find((a: any) => a.permissions.includes('paymentCreation')).iban;
}

describe('time', () => {
  it('a PATC payment not fully authorised 90 days after creation becomes RJCT with a reason', async () => {
    const local = await startTestBank();
    try {
      const s = await psuSession(local.tpp, local.control, 'frankfurt', 'FRA-CREATOR');
      const { body } = await local.tpp.createPayment(s, SEPA, readTemplate('sepa-single.xml'));
      await local.control.advanceClock('P89DT23H');
      const fresh = await psuSession(local.tpp, local.control, 'frankfurt', 'FRA-CREATOR');
      expect(txStatuses((await local.tpp.paymentStatus(fresh, SEPA, body.paymentId)).text)).toEqual(['PATC']);
      await local.control.advanceClock('PT1H');
      const later = await psuSession(local.tpp, local.control, 'frankfurt', 'FRA-CREATOR');
      const report = (await local.tpp.paymentStatus(later, SEPA, body.paymentId)).text;
      expect(txStatuses(report)).toEqual(['RJCT']);
      expect(report).toContain('90 days');
      expectBgError(await local.tpp.cancelPayment(later, SEPA, body.paymentId), 405, 'CANCELLATION_INVALID');
    } finally {
      await local.stop();
    }
  });
});

describe('a pain.001 with many issues', () => {
  const withBadIbans = (n: number): string => {
    const transactions = Array.from({ length: n }, (_, i) => ({
      endToEndId: `E2E-${i + 1}`,
      amount: '10.00',
      currency: 'EUR',
      creditorName: 'Transports Girard SARL',
      creditorAccount: { iban: 'FR7630004008210001042987127' },
    }));
    return serialize(pain001Tree(pain001Data('pain.001-sepa-credit-transfers', { transactions })), { declaration: true });
  };

  it.each([
    [2, 2],
    [80, 80],
    [250, 201],
  ])(
    '%i issues come as %i tppMessages: one per issue, at most 200, then how many more',
    async (issues, messages) => {
      const res = await bank.tpp.createPayment(creator, SEPA, withBadIbans(issues));
      expect(res.status).toBe(400);
      const sent = (res.body as { tppMessages: { code: string; text: string }[] }).tppMessages;
      expect(sent).toHaveLength(messages);
      expect(new Set(sent.map((m) => m.code))).toEqual(new Set(['PAYMENT_FAILED']));
      for (const message of sent.slice(0, Math.min(issues, 200))) expect(message.text).toMatch(/IBAN.*check digits|check digits.*IBAN|\[IBAN check digits\]/);
      if (issues > 200) expect(sent.at(-1)?.text).toBe(`Document: ${issues - 200} further issues are not reported (at most 200 are) [issue limit]`);
    },
    60_000,
  );
});
