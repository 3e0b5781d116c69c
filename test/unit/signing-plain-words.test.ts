// Findings said as what happened: a pasted header value the HTTP parser would refuse is
// the first check, in the words the live refusal uses; a QSEAL of another TPP over plain HTTP is said in the
// token's words, not the QWAC's; a value signed with a trailing space HTTP drops is named, the space shown as ␣.
import { X509Certificate, createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { explainBadSignature } from '../../main/domain/signing/bad-signature';
import type { SignedOperation } from '../../main/domain/signing/profiles';
import type { SignerCertificateInspection } from '../../main/domain/signing/signature-checks';
import { verifySignedRequest, type VerifyInput } from '../../main/domain/signing/verify';

interface VectorCase {
  name: string;
  operation: SignedOperation;
  bodyBase64: string;
  headers: Record<string, string>;
}
const vectors = JSON.parse(readFileSync(new URL('../vectors/signing-vectors.json', import.meta.url), 'utf8')) as {
  certificatePem: string;
  cases: VectorCase[];
};
const vector = vectors.cases.find((c) => c.name === 'payment-initiation-redirect-reordered') as VectorCase;
const certificate = new X509Certificate(vectors.certificatePem);

/** The vector's certificate as the PKI module reports it: trusted, valid, a QSEAL of PSDDE-BAFIN-123456. */
const inspect = (): SignerCertificateInspection => ({
  parsed: true,
  publicKeyPem: certificate.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  serialHex: certificate.serialNumber.toLowerCase().replace(/^0+(?=.)/, ''),
  issuerDn: certificate.issuer.split('\n').reverse().join(','),
  organizationId: 'PSDDE-BAFIN-123456',
  trustProblem: null,
  validityProblem: null,
  purposeProblem: null,
});

const verify = (more: Partial<VerifyInput> = {}) =>
  verifySignedRequest({
    operation: vector.operation,
    headers: vector.headers,
    body: Buffer.from(vector.bodyBase64, 'base64'),
    inspectCertificate: inspect,
    ...more,
  });

describe('a header value the HTTP parser would refuse, in a paste', () => {
  it('is the first check and decides the verdict: FORMAT_ERROR 400 in the words given', () => {
    const words = 'the request could not be read as HTTP/1.1 (HPE_LF_EXPECTED): …';
    const diagnosis = verify({ unreadable: words });
    expect(diagnosis.checks[0]).toEqual({ id: 'request-readable', rule: null, passed: false, text: words });
    expect(diagnosis.verdict).toEqual({ valid: false, code: 'FORMAT_ERROR', status: 400, text: words, checkId: 'request-readable' });
    // Every other check still runs on what was pasted.
    expect(diagnosis.checks.filter((c) => c.passed).length).toBeGreaterThan(10);
  });

  it('is not a check at all of a request that reached a route', () => {
    expect(verify().checks.some((c) => c.id === 'request-readable')).toBe(false);
    expect(verify().verdict).toEqual({ valid: true });
  });
});

describe('a QSEAL of another TPP, in the words of what told the calling TPP', () => {
  it('over plain HTTP (the token told): the QSEAL, the signing certificate and the token, no QWAC', () => {
    const verdict = verify({ expectedOrganizationId: 'PSDDE-BAFIN-654321' }).verdict;
    expect(verdict).toMatchObject({ code: 'CERTIFICATE_INVALID', checkId: 'certificate-organization' });
    const text = verdict.valid ? '' : verdict.text;
    expect(text).toBe(
      "the QSEAL (the signing certificate) has organizationIdentifier PSDDE-BAFIN-123456, not PSDDE-BAFIN-654321, the TPP the access token was issued to: sign with the calling TPP's own QSEAL",
    );
    expect(text).not.toMatch(/QWAC/);
  });

  it('under mutual TLS (the QWAC told): the authorisation numbers of QWAC and QSEAL', () => {
    const verdict = verify({ expectedOrganizationId: 'PSDDE-BAFIN-654321', callerIdentifiedBy: 'qwac' }).verdict;
    expect(verdict.valid ? '' : verdict.text).toMatch(/is not the calling TPP's PSDDE-BAFIN-654321: the authorisation numbers of QWAC and QSEAL must match$/);
  });
});

describe('a value signed with a space or tab HTTP drops', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const sent: Record<string, string> = { digest: 'SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=', 'x-request-id': '1', 'psu-id': 'FRA-CREATOR' };
  const listed = ['digest', 'x-request-id', 'psu-id'];
  const explain = (signedText: string) =>
    explainBadSignature(publicKey, sign('sha256', Buffer.from(signedText, 'latin1'), createPrivateKey(privateKey.export({ type: 'pkcs8', format: 'pem' }))), {
      listed,
      alsoPresent: listed,
      value: (name) => sent[name],
      requestTarget: null,
      body: Buffer.alloc(0),
      digestMatches: true,
    });
  const signingString = (psuId: string): string => `digest: ${sent.digest}\nx-request-id: 1\npsu-id: ${psuId}`;

  it('names the header and shows the trailing space as ␣, never "one of x-request-id, psu-id"', () => {
    const cause = explain(signingString('FRA-CREATOR '));
    expect(cause.text).toBe(
      'psu-id was signed as "FRA-CREATOR␣", with a trailing space (shown as ␣), but HTTP drops spaces and tabs around a header value, so the bank received "FRA-CREATOR": sign the value as it is sent, without the space (rule 4)',
    );
    expect(cause.rule).toBe(4);
    // The string the TPP signed, its space kept, for the Inspector to show.
    expect(cause.signed?.toString('latin1')).toBe(signingString('FRA-CREATOR '));
  });

  it('and a leading tab as ⇥', () => {
    expect(explain(signingString('\tFRA-CREATOR')).text).toMatch(/^psu-id was signed as "⇥FRA-CREATOR", with a leading tab \(shown as ⇥\)/);
  });
});
