import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectBgError, startTestBank, type TestBank } from '../support/simulator';
import { baseHeaders, demoSigningKey, signedHeaders } from '../support/signing';
import type { SigningKey } from '../../main/domain/signing/sign';
import { sendRaw } from '../support/qa-forms';

let bank: TestBank;
let key: SigningKey;
beforeAll(async () => {
  bank = await startTestBank();
  key = demoSigningKey(bank);
});
afterAll(() => bank.stop());

const PAYMENT = 'post /frankfurt/berlingroup/v1/payments/pain.001-sepa-credit-transfers';
const AUTHORISATION = 'post /frankfurt/berlingroup/v1/payments/pain.001-sepa-credit-transfers/p1/authorisations';
const BASKET = 'post /frankfurt/berlingroup/v1/signing-baskets';
const CANCEL = 'delete /frankfurt/berlingroup/v1/payments/pain.001-sepa-credit-transfers/p1';
const FUNDS = 'post /frankfurt/berlingroup/v1/funds-confirmations';
const body = '<Document>Müller Straße €</Document>\n';

const validate = (headers: Record<string, string>, payload: string | Buffer, target = PAYMENT) =>
  call(bank, 'POST', '/frankfurt/sandbox/v1/signature/validation', { headers: { ...headers, 'bank-request-target': target }, body: payload });

function expectVerdict(res: { body: any }, code: string, checkId: string, rule: number | null, text?: RegExp): void {
  expect(res.body.valid).toBe(false);
  expect(res.body.verdict).toMatchObject({ code, checkId });
  const failed = res.body.checks.find((c: any) => c.id === checkId);
  expect(failed).toMatchObject({ passed: false, rule });
  if (text) expect(failed.text).toMatch(text);
}

describe('POST /sandbox/v1/signature', () => {
  it('returns Digest, Signature, TPP-Signature-Certificate and the signing string, text and hashed', async () => {
    const headers = baseHeaders();
    const res = await call(bank, 'POST', '/frankfurt/sandbox/v1/signature', { headers: { ...headers, 'bank-headers': 'digest x-request-id psu-id' }, body });
    expect(res.status).toBe(200);
    expect(res.body.digest).toMatch(/^SHA-256=[A-Za-z0-9+/]{43}=$/);
    expect(res.body.signature).toMatch(/^keyId="SN=[0-9A-F]+,CA=.*",algorithm="rsa-sha256",headers="digest x-request-id psu-id",signature="[A-Za-z0-9+/=]+"$/);
    expect(res.body.signingString.text).toBe(`digest: ${res.body.digest}\nx-request-id: ${headers['x-request-id']}\npsu-id: FRA-CREATOR`);
    expect(res.body.signingStringSha256).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(res.body.tppSignatureCertificate).toMatch(/^MII/);
  });

  it('round-trips: what /signature produces, /signature/validation accepts', async () => {
    const headers = baseHeaders();
    const produced = (
      await call(bank, 'POST', '/frankfurt/sandbox/v1/signature', {
        headers: { ...headers, 'bank-headers': 'digest x-request-id psu-id tpp-redirect-uri' },
        body,
      })
    ).body;
    const res = await validate(
      {
        ...headers,
        digest: produced.digest,
        signature: produced.signature,
        'tpp-signature-certificate': produced.tppSignatureCertificate,
        'bank-headers': 'digest x-request-id psu-id tpp-redirect-uri',
      },
      body,
    );
    expect(res.status).toBe(200);
    expect(res.body.valid).toBe(true);
    expect(res.body.checks.every((c: any) => c.passed)).toBe(true);
    expect(res.body.certificate).toMatchObject({ organizationId: 'PSDDE-BAFIN-123456', form: 'base64-der' });
  });

  it('London signs with the UK open-banking QSEAL', async () => {
    const res = await call(bank, 'POST', '/london/sandbox/v1/signature', { headers: { ...baseHeaders(), 'bank-headers': 'digest x-request-id' }, body: '{}' });
    expect(res.body.signature).toContain('Open Banking Test CA');
  });

  it('warns where the listed headers break the profile of bank-request-target', async () => {
    const res = await call(bank, 'POST', '/frankfurt/sandbox/v1/signature', {
      headers: { ...baseHeaders(), 'bank-headers': 'digest x-request-id (request-target)', 'bank-request-target': AUTHORISATION },
      body: '',
    });
    expect(res.body.warnings).toEqual(
      expect.arrayContaining(['(request-target) must not be signed (rule 2)', 'psu-id is required in the signature of start-authorisation (rule 1)']),
    );
  });

  it('bank-headers is required, and every listed header must be sent (FORMAT_ERROR)', async () => {
    expectBgError(await call(bank, 'POST', '/frankfurt/sandbox/v1/signature', { headers: baseHeaders(), body }), 400, 'FORMAT_ERROR');
    expectBgError(await call(bank, 'POST', '/frankfurt/sandbox/v1/signature', { headers: { 'bank-headers': 'digest psu-id' }, body }), 400, 'FORMAT_ERROR');
  });
});

describe('POST /sandbox/v1/signature/validation: every profile row', () => {
  const rows: [string, string, string[], Record<string, string>, string][] = [
    ['payment initiation', PAYMENT, ['digest', 'x-request-id', 'psu-id'], {}, body],
    ['payment initiation with TPP-Redirect-URI', PAYMENT, ['digest', 'x-request-id', 'psu-id', 'tpp-redirect-uri'], {}, body],
    ['start authorisation', AUTHORISATION, ['digest', 'x-request-id', 'tpp-redirect-uri', 'psu-id'], {}, ''],
    ['signing basket', BASKET, ['x-request-id', 'digest', 'psu-id', 'tpp-redirect-uri'], {}, '{"paymentIds":["p1"]}'],
    ['cancellation without PSU-ID', CANCEL, ['digest', 'x-request-id'], { 'psu-id': '', 'tpp-redirect-uri': '' }, ''],
    ['cancellation with PSU-ID', CANCEL, ['digest', 'x-request-id', 'psu-id'], { 'tpp-redirect-uri': '' }, ''],
    [
      'funds confirmation',
      FUNDS,
      ['digest', 'x-request-id'],
      { 'psu-id': '', 'tpp-redirect-uri': '' },
      '{"account":{"iban":"DE89370400440532013000"},"instructedAmount":{"currency":"EUR","amount":"12.00"}}',
    ],
  ];
  for (const [name, target, names, drop, payload] of rows) {
    const headersFor = () => {
      const h: Record<string, string> = baseHeaders();
      for (const k of Object.keys(drop)) delete h[k];
      if (!names.includes('tpp-redirect-uri') && target === PAYMENT) delete h['tpp-redirect-uri'];
      return h;
    };
    it(`${name}: a correct signature is valid`, async () => {
      const res = await validate(signedHeaders(key, names, headersFor(), payload), payload, target);
      expect(res.body.verdict).toEqual({ valid: true });
    });
    it(`${name}: a required header left out of the signature is SIGNATURE_INVALID (rule 1)`, async () => {
      const res = await validate(
        signedHeaders(
          key,
          names.filter((n) => n !== 'x-request-id'),
          headersFor(),
          payload,
        ),
        payload,
        target,
      );
      expectVerdict(res, 'SIGNATURE_INVALID', 'present-headers-signed', 1, /x-request-id/);
    });
  }
});

describe('POST /sandbox/v1/signature/validation: every rejection condition of rule 10', () => {
  const names = ['digest', 'x-request-id', 'psu-id', 'tpp-redirect-uri'];
  const good = () => signedHeaders(key, names, baseHeaders(), body);

  it('no Signature: SIGNATURE_MISSING', async () => {
    const h = good();
    delete h.signature;
    expectVerdict(await validate(h, body), 'SIGNATURE_MISSING', 'signature-present', 8);
  });
  it('a header sent twice: the one FORMAT_ERROR header-sent-once, as on a signed operation', async () => {
    const h = good();
    const lines: [string, string][] = [
      ...Object.entries(h),
      ['X-Request-ID', h['x-request-id'] ?? ''],
      ['bank-request-target', PAYMENT],
      ['content-type', 'application/xml'],
    ];
    const res = await sendRaw(bank.url, { method: 'POST', path: '/frankfurt/sandbox/v1/signature/validation', headers: lines, body: Buffer.from(body) });
    expectVerdict({ body: JSON.parse(res.body) }, 'FORMAT_ERROR', 'header-sent-once', 10, /^X-Request-ID is sent more than once/);
  });
  it('a required header missing from the request: FORMAT_ERROR', async () => {
    const h = signedHeaders(key, ['digest', 'x-request-id'], { 'x-request-id': baseHeaders()['x-request-id'] as string }, body);
    expectVerdict(await validate(h, body), 'FORMAT_ERROR', 'required-headers', 10, /psu-id/);
  });
  it('Digest missing: FORMAT_ERROR', async () => {
    const h = good();
    delete h.digest;
    expectVerdict(await validate(h, body), 'FORMAT_ERROR', 'digest-present', 5);
  });
  it('Digest without SHA-256=: FORMAT_ERROR', async () => {
    const h = good();
    h.digest = h.digest!.replace('SHA-256=', '');
    expectVerdict(await validate(h, body), 'FORMAT_ERROR', 'digest-format', 5);
  });
  it('Signature header malformed: FORMAT_ERROR', async () => {
    expectVerdict(await validate({ ...good(), signature: 'keyId=abc' }, body), 'FORMAT_ERROR', 'signature-format', 9);
  });
  it('TPP-Signature-Certificate missing: FORMAT_ERROR', async () => {
    const h = good();
    delete h['tpp-signature-certificate'];
    expectVerdict(await validate(h, body), 'FORMAT_ERROR', 'certificate-present', null);
  });
  it('a present profile header left out of the signature: SIGNATURE_INVALID (rule 1)', async () => {
    expectVerdict(
      await validate(signedHeaders(key, ['digest', 'x-request-id', 'psu-id'], baseHeaders(), body), body),
      'SIGNATURE_INVALID',
      'present-headers-signed',
      1,
      /tpp-redirect-uri/,
    );
  });
  it('an absent profile header included: SIGNATURE_INVALID (rule 1)', async () => {
    const h = signedHeaders(key, names, baseHeaders(), body);
    delete h['tpp-redirect-uri'];
    expectVerdict(await validate(h, body), 'SIGNATURE_INVALID', 'signed-headers-present', 1, /tpp-redirect-uri/);
  });
  it('(request-target) signed: SIGNATURE_INVALID (rule 2)', async () => {
    const target = PAYMENT.replace('post ', '');
    const h = signedHeaders(key, ['(request-target)', ...names], { ...baseHeaders(), '(request-target)': `post ${target}` }, body);
    delete h['(request-target)'];
    expectVerdict(await validate(h, body), 'SIGNATURE_INVALID', 'profile-headers-only', 2, /request-target/);
  });
  it('a non-profile header signed: SIGNATURE_INVALID (rule 2)', async () => {
    const h = signedHeaders(key, [...names, 'content-type'], { ...baseHeaders(), 'content-type': 'application/xml' }, body);
    expectVerdict(await validate(h, body), 'SIGNATURE_INVALID', 'profile-headers-only', 2, /content-type/);
  });
  it('Digest does not match the body (trailing newline not hashed): SIGNATURE_INVALID, rule 6 explained', async () => {
    const h = signedHeaders(key, names, baseHeaders(), body.trimEnd());
    expectVerdict(await validate(h, body), 'SIGNATURE_INVALID', 'digest-matches', 6, /trailing newline/);
  });
  it('the order in headers differs from the signing string: SIGNATURE_INVALID (rule 3)', async () => {
    const signed = signedHeaders(key, ['x-request-id', 'digest', 'psu-id', 'tpp-redirect-uri'], baseHeaders(), body);
    signed.signature = signed.signature!.replace(
      'headers="x-request-id digest psu-id tpp-redirect-uri"',
      'headers="digest x-request-id psu-id tpp-redirect-uri"',
    );
    expectVerdict(await validate(signed, body), 'SIGNATURE_INVALID', 'signature-verifies', 3, /order/);
  });
  it('a signed value differs from the transmitted header: SIGNATURE_INVALID', async () => {
    const h = good();
    h['psu-id'] = 'FRA-APPROVER-A';
    expectVerdict(await validate(h, body), 'SIGNATURE_INVALID', 'signature-verifies', 10, /differs/);
  });
  it('the signature does not verify with the certificate sent: SIGNATURE_INVALID (rule 8)', async () => {
    const other = await call(bank, 'POST', '/simulator/v1/tpps', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ organizationId: 'PSDDE-BAFIN-123456' }),
    });
    const foreignKey = { ...key, privateKeyPem: other.body.qseal.privateKeyPem };
    expectVerdict(await validate(signedHeaders(foreignKey, names, baseHeaders(), body), body), 'SIGNATURE_INVALID', 'signature-verifies', 8, /private key/);
  });
  it('an unacceptable algorithm: SIGNATURE_INVALID', async () => {
    const h = good();
    h.signature = h.signature!.replace('rsa-sha256', 'hmac-sha256');
    expectVerdict(await validate(h, body), 'SIGNATURE_INVALID', 'algorithm', 10);
  });
  it('a keyId that does not identify the certificate: SIGNATURE_INVALID', async () => {
    const h = good();
    h.signature = h.signature!.replace(/keyId="[^"]*"/, 'keyId="SN=1234,CA=CN=Somebody"');
    expectVerdict(await validate(h, body), 'SIGNATURE_INVALID', 'key-id', null);
  });
  for (const [fault, checkId] of [
    ['expired', 'certificate-valid'],
    ['untrusted', 'certificate-trusted'],
  ] as const) {
    it(`a ${fault} certificate: CERTIFICATE_INVALID`, async () => {
      const tpp = (
        await call(bank, 'POST', '/simulator/v1/tpps', {
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ organizationId: 'PSDDE-BAFIN-777777', faults: { [fault]: true } }),
        })
      ).body;
      const faulty = { keyId: tpp.keyId, certificatePem: tpp.qseal.certificatePem, privateKeyPem: tpp.qseal.privateKeyPem };
      expectVerdict(await validate(signedHeaders(faulty, names, baseHeaders(), body), body), 'CERTIFICATE_INVALID', checkId, null);
    });
  }
  it('a QWAC sent as the signing certificate: CERTIFICATE_INVALID (wrong purpose)', async () => {
    const tpp = (
      await call(bank, 'POST', '/simulator/v1/tpps', {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ organizationId: 'PSDDE-BAFIN-888888' }),
      })
    ).body;
    const { keyIdOf } = await import('../../main/pki/tpp-factory');
    const qwacAsSeal = { keyId: keyIdOf(tpp.qwac.certificatePem), certificatePem: tpp.qwac.certificatePem, privateKeyPem: tpp.qwac.privateKeyPem };
    expectVerdict(await validate(signedHeaders(qwacAsSeal, names, baseHeaders(), body), body), 'CERTIFICATE_INVALID', 'certificate-purpose', null);
  });
  it('the certificate as PEM or as base64 of PEM: CERTIFICATE_INVALID (certificate-encoding), the form still reported', async () => {
    // Header values cannot carry line breaks: clients send PEM with its lines joined by spaces.
    const pem = key.certificatePem.trim().replace(/\s+/g, ' ');
    const forms: [string, string][] = [
      [pem, 'pem'],
      [Buffer.from(key.certificatePem).toString('base64'), 'base64-pem'],
    ];
    for (const [value, form] of forms) {
      const res = await validate({ ...good(), 'tpp-signature-certificate': value }, body);
      expectVerdict(res, 'CERTIFICATE_INVALID', 'certificate-encoding', null, /send base64 of the DER certificate without PEM armour or line breaks/);
      expect(res.body.certificate.form).toBe(form);
    }
  });
  it('the diagnosis is stored with the exchange', async () => {
    const h = good();
    h['psu-id'] = 'someone-else';
    await validate(h, body);
    const [entry] = (await call(bank, 'GET', '/simulator/v1/exchanges?limit=1')).body as any[];
    expect(entry.url).toBe('/frankfurt/sandbox/v1/signature/validation');
    expect(entry.signature.verdict.code).toBe('SIGNATURE_INVALID');
    expect(entry.signature.checks.length).toBeGreaterThan(10);
  });
});
