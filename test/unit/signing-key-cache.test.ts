import { X509Certificate } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { signRequest, type SigningKey } from '../../main/domain/signing/sign';
import { verifySignedRequest, type SignatureDiagnosis } from '../../main/domain/signing/verify';
import { CertificateCache } from '../../main/pki/certificate-cache';
import { inspect } from '../../main/pki/inspection';
import { issueTppBundle, type TppBundle } from '../../main/pki/tpp-factory';
import { TrustStore } from '../../main/pki/trust-store';
import { signingCertificateInspector } from '../../main/services/tpps/signatures';

/** The verifier's certificate cache: what it may keep (parse, loaded key) and what it must not (any verdict). */

const NOW = new Date('2026-11-22T10:00:00Z');
const DAY_MS = 86_400_000;
const spec = { organizationId: 'PSDDE-BAFIN-123456', name: 'Müller Payments', roles: ['PSP_PI' as const] };
const der = (pem: string): Buffer => new X509Certificate(pem).raw;
const fingerprint = (pem: string): string => new X509Certificate(pem).fingerprint256;
const signingKey = (bundle: TppBundle, privateKeyPem = bundle.qseal.privateKeyPem): SigningKey => ({
  keyId: bundle.keyId,
  certificatePem: bundle.qseal.certificatePem,
  privateKeyPem,
});

let trust: TrustStore;
let first: TppBundle;
let twin: TppBundle;
let third: TppBundle;

beforeAll(() => {
  trust = TrustStore.generate(NOW);
  first = issueTppBundle(trust, spec, NOW);
  twin = issueTppBundle(trust, spec, NOW);
  third = issueTppBundle(trust, { ...spec, organizationId: 'PSDDE-BAFIN-654321' }, NOW);
});

function verifyAt(now: Date, cache: CertificateCache, key: SigningKey): SignatureDiagnosis {
  const headers: Record<string, string> = { 'x-request-id': '6f1b6a3e-93a3-4a43-9c1e-1f6b7f0e2c11', 'psu-id': 'FRA-CREATOR' };
  const body = Buffer.from('<Document/>');
  const signed = signRequest(['digest', 'x-request-id', 'psu-id'], (name) => headers[name], body, key);
  return verifySignedRequest({
    operation: 'payment-initiation',
    headers: { ...headers, digest: signed.digest, signature: signed.signature, 'tpp-signature-certificate': signed.tppSignatureCertificate },
    body,
    inspectCertificate: signingCertificateInspector(trust, cache, now),
    // As the bank's SignatureService verifies: the header decoded through the cache.
    decodeCertificate: (value) => cache.decodeHeader(value),
  });
}

describe('certificate cache: the verification key', () => {
  it('loads a key once per certificate and forgets it with the least recently used certificate', () => {
    const cache = new CertificateCache(2);
    cache.parse(der(first.qseal.certificatePem));
    const key = cache.verificationKey(fingerprint(first.qseal.certificatePem));
    expect(key?.asymmetricKeyType).toBe('rsa');
    expect(cache.verificationKey(fingerprint(first.qseal.certificatePem))).toBe(key);

    cache.parse(der(twin.qseal.certificatePem));
    cache.parse(der(third.qseal.certificatePem));
    expect(cache.size).toBe(2);
    expect(cache.verificationKey(fingerprint(first.qseal.certificatePem))).toBeUndefined();
    expect(cache.verificationKey(fingerprint(third.qseal.certificatePem))).toBeDefined();

    for (let i = 0; i < 5; i++) cache.parse(der((i % 2 === 0 ? first : twin).qseal.certificatePem));
    expect(cache.size).toBe(2);
    expect(cache.verificationKey(fingerprint(third.qseal.certificatePem))).toBeUndefined();
  });

  it('tells apart two certificates of the same subject: keyed by their bytes, not their name', () => {
    const cache = new CertificateCache();
    expect(new X509Certificate(twin.qseal.certificatePem).subject).toBe(new X509Certificate(first.qseal.certificatePem).subject);

    expect(verifyAt(NOW, cache, signingKey(first)).verdict).toEqual({ valid: true });
    expect(verifyAt(NOW, cache, signingKey(twin)).verdict).toEqual({ valid: true });
    // The twin's certificate with the first key: the cached key of the first certificate must not answer for it.
    const crossed = verifyAt(NOW, cache, signingKey(twin, first.qseal.privateKeyPem));
    expect(crossed.verdict).toMatchObject({ valid: false, checkId: 'signature-verifies' });
    expect(crossed.certificate?.fingerprintSha256).toBe(fingerprint(twin.qseal.certificatePem));

    const twinKey = cache.verificationKey(fingerprint(twin.qseal.certificatePem));
    const firstKey = cache.verificationKey(fingerprint(first.qseal.certificatePem));
    expect(twinKey?.equals(new X509Certificate(twin.qseal.certificatePem).publicKey)).toBe(true);
    expect(firstKey?.equals(twinKey as NonNullable<typeof twinKey>)).toBe(false);
  });

  it('judges validity at the time passed in on every request, the cache warm or not', () => {
    const cache = new CertificateCache();
    const notAfter = new Date(new X509Certificate(first.qseal.certificatePem).validTo);
    const later = new Date(notAfter.getTime() + DAY_MS);

    expect(verifyAt(NOW, cache, signingKey(first)).verdict).toEqual({ valid: true });
    const expired = verifyAt(later, cache, signingKey(first));
    expect(expired.verdict).toMatchObject({ valid: false, code: 'CERTIFICATE_INVALID', checkId: 'certificate-valid' });
    expect(expired.verdict.valid === false && expired.verdict.text).toMatch(/expired on/);
    expect(verifyAt(NOW, cache, signingKey(first)).verdict).toEqual({ valid: true });
  });

  it('remembers decoded certificate headers by their text: each header gets its own certificate back', () => {
    const cache = new CertificateCache();
    const header = (bundle: TppBundle): string => der(bundle.qseal.certificatePem).toString('base64');
    const decoded = cache.decodeHeader(header(first));
    expect(cache.decodeHeader(header(first))).toBe(decoded);
    const other = cache.decodeHeader(header(twin));
    expect(other.ok && other.der.equals(der(twin.qseal.certificatePem))).toBe(true);
    expect(cache.decodeHeader('not base64!')).toMatchObject({ ok: false });
    expect(cache.decodeHeader(header(first))).toBe(decoded);

    expect(verifyAt(NOW, cache, signingKey(first)).certificate?.fingerprintSha256).toBe(fingerprint(first.qseal.certificatePem));
    expect(verifyAt(NOW, cache, signingKey(twin)).certificate?.fingerprintSha256).toBe(fingerprint(twin.qseal.certificatePem));
    expect(verifyAt(NOW, cache, signingKey(third)).certificate?.organizationId).toBe('PSDDE-BAFIN-654321');
  });

  it('keeps what an inspection says without the clock per use and per trust store', () => {
    const cache = new CertificateCache();
    const qseal = der(first.qseal.certificatePem);
    expect(inspect(qseal, NOW, trust, 'signing', cache)).toMatchObject({ purposeProblem: null, trustProblem: null });
    expect(inspect(qseal, NOW, trust, 'tls', cache).purposeProblem).toMatch(/QSEAL certificate cannot authenticate a TLS connection/);
    expect(inspect(qseal, NOW, TrustStore.generate(NOW), 'signing', cache).trustProblem).not.toBeNull();
    expect(inspect(qseal, NOW, trust, 'signing', cache)).toMatchObject({ purposeProblem: null, trustProblem: null });
    // Each call gets its own copy: what one caller changes, the next does not see.
    const one = inspect(qseal, NOW, trust, 'signing', cache);
    const subjectDn = one.subjectDn;
    one.roles?.push('PSP_AI');
    one.subjectDn = 'changed';
    expect(inspect(qseal, NOW, trust, 'signing', cache)).toMatchObject({ roles: ['PSP_PI'], subjectDn });
  });

  it('keeps the loaded key out of the diagnosis', () => {
    const diagnosis = verifyAt(NOW, new CertificateCache(), signingKey(first));
    expect(diagnosis.certificate).not.toHaveProperty('publicKey');
    expect(diagnosis.certificate).not.toHaveProperty('publicKeyPem');
  });
});
