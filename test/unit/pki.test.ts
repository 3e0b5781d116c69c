import { execFileSync } from 'node:child_process';
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCertificateAuthority, TEST_CA_NAMES } from '../../main/pki/certificate-authority';
import { CertificateCache } from '../../main/pki/certificate-cache';
import { issueTppCertificate } from '../../main/pki/certificates';
import { QWAC_P12_FILE, QWAC_P12_PASSPHRASE } from '../../main/pki/browser-bundle';
import { ensureDataFolderPki, missingKeyPairs } from '../../main/pki/data-folder';
import { inspectCertificate, inspectForTls } from '../../main/pki/inspection';
import { issueTppBundle, type TppBundle } from '../../main/pki/tpp-factory';
import { TrustStore } from '../../main/pki/trust-store';
import { rsaKeyPair } from '../../main/pki/x509-builder';

const NOW = new Date('2026-11-22T10:00:00Z');
const der = (pem: string): Buffer => new X509Certificate(pem).raw;
const scratch = mkdtempSync(join(tmpdir(), 'pki-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let trust: TrustStore;
let eidas: TppBundle;
let uk: TppBundle;
const spec = { organizationId: 'PSDDE-BAFIN-123456', name: 'Müller & Co, Payments', roles: ['PSP_AI', 'PSP_PI'] as const };

beforeAll(() => {
  trust = TrustStore.generate(NOW);
  eidas = issueTppBundle(trust, { ...spec, roles: [...spec.roles] }, NOW);
  uk = issueTppBundle(trust, { ...spec, roles: [...spec.roles], trustFramework: 'uk-open-banking' }, NOW);
});

describe('TPP certificates', () => {
  it('round-trips the PSD2 QCStatement and the organizationIdentifier through issue and inspection', () => {
    const seal = inspectCertificate(der(eidas.qseal.certificatePem), NOW, trust);
    expect(seal).toMatchObject({
      parsed: true,
      organizationId: 'PSDDE-BAFIN-123456',
      roles: ['PSP_AI', 'PSP_PI'],
      ncaName: 'Federal Financial Supervisory Authority',
      ncaId: 'DE-BAFIN',
      purpose: 'qseal',
      trustFramework: 'eidas',
      serialHex: eidas.qseal.serialHex,
      issuerDn: 'CN=PSD2 Workbench eIDAS Test QTSP,OU=eIDAS Test Trust Service,O=PSD2 Workbench,C=DE',
      subjectDn: 'CN=Müller & Co\\, Payments QSEAL,O=Müller & Co\\, Payments,organizationIdentifier=PSDDE-BAFIN-123456,C=DE',
      trustProblem: null,
      validityProblem: null,
      purposeProblem: null,
    });
    expect(seal.serialHex).toMatch(/^[1-7][0-9a-f]{31}$/);
    expect(seal.fingerprintSha256).toBe(new X509Certificate(eidas.qseal.certificatePem).fingerprint256);
    expect(seal.publicKeyPem).toContain('BEGIN PUBLIC KEY');
    expect(eidas.keyId).toBe(`SN=${eidas.qseal.serialHex.toUpperCase()},CA=${seal.issuerDn}`);
  });

  it('has EC P-256 test CAs signing with ECDSA, and RSA 2048 keys for the TPP', () => {
    for (const ca of trust.authorities) {
      expect(ca.certificate.publicKey.asymmetricKeyDetails).toEqual({ namedCurve: 'prime256v1' });
      expect(execFileSync('openssl', ['x509', '-noout', '-text'], { input: ca.certificatePem, encoding: 'utf8' })).toMatch(
        /Signature Algorithm: ecdsa-with-SHA256/,
      );
    }
    // ecdsa-with-SHA256 without parameters (RFC 5758 3.2), in the TBSCertificate and after it; never with a NULL.
    const ecdsaWithSha256 = (withNull: boolean): string => (withNull ? '300c06082a8648ce3d0403020500' : '300a06082a8648ce3d040302');
    const raw = (pem: string): string => new X509Certificate(pem).raw.toString('hex');
    for (const pem of [trust.authorities[0]!.certificatePem, eidas.qseal.certificatePem]) {
      expect(raw(pem).split(ecdsaWithSha256(false)).length - 1).toBe(2);
      expect(raw(pem)).not.toContain(ecdsaWithSha256(true));
    }
    for (const issued of [eidas.qwac, eidas.qseal, uk.qwac, uk.qseal]) {
      const certificate = new X509Certificate(issued.certificatePem);
      expect(certificate.publicKey.asymmetricKeyType).toBe('rsa');
      expect(certificate.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
      expect(certificate.verify(trust.authorities.find((ca) => ca.certificate.subject === certificate.issuer)!.certificate.publicKey)).toBe(true);
    }
  });

  it('goes on issuing with the RSA test CAs of an older data folder', () => {
    const older = new TrustStore(
      (['eidas', 'uk-open-banking'] as const).map((f) => ({ trustFramework: f, ...createCertificateAuthority(TEST_CA_NAMES[f], NOW, rsaKeyPair()) })),
    );
    const bundle = issueTppBundle(older, { ...spec, roles: [...spec.roles] }, NOW);
    expect(inspectCertificate(der(bundle.qseal.certificatePem), NOW, older)).toMatchObject({
      trustFramework: 'eidas',
      trustProblem: null,
      purposeProblem: null,
    });
    const files = join(scratch, 'older-ca');
    mkdirSync(files, { recursive: true });
    writeFileSync(join(files, 'ca.pem'), older.bundlePem());
    writeFileSync(join(files, 'qwac.pem'), bundle.qwac.certificatePem);
    expect(execFileSync('openssl', ['verify', '-CAfile', join(files, 'ca.pem'), join(files, 'qwac.pem')], { encoding: 'utf8' })).toBe(
      `${join(files, 'qwac.pem')}: OK\n`,
    );
    expect(execFileSync('openssl', ['x509', '-noout', '-text'], { input: bundle.qwac.certificatePem, encoding: 'utf8' })).toMatch(
      /Signature Algorithm: sha256WithRSAEncryption/,
    );
  });

  it('tells a QWAC from a QSEAL: each only for its own use', () => {
    const qwac = der(eidas.qwac.certificatePem);
    const qseal = der(eidas.qseal.certificatePem);
    expect(inspectForTls(qwac, NOW, trust)).toMatchObject({ purpose: 'qwac', purposeProblem: null, roles: ['PSP_AI', 'PSP_PI'] });
    expect(inspectCertificate(qwac, NOW, trust).purposeProblem).toBe('a QWAC (TLS) certificate cannot sign requests: send the QSEAL');
    expect(inspectForTls(qseal, NOW, trust).purposeProblem).toBe('a QSEAL certificate cannot authenticate a TLS connection: present the QWAC');
  });

  it('is readable by openssl: qcStatements with the PSD2 statement, organizationIdentifier, chain to the CA bundle', () => {
    const file = join(scratch, 'qseal.crt.pem');
    writeFileSync(file, eidas.qseal.certificatePem);
    const text = execFileSync('openssl', ['x509', '-in', file, '-noout', '-text'], { encoding: 'utf8' });
    expect(text).toContain('qcStatements');
    expect(text).toMatch(/Subject: .*organizationIdentifier = PSDDE-BAFIN-123456/);
    expect(text).toContain('Digital Signature, Non Repudiation');

    const outline = execFileSync('openssl', ['asn1parse', '-in', file], { encoding: 'utf8' }).split('\n');
    const at = outline.findIndex((line) => line.includes(':qcStatements'));
    const offset = /^\s*(\d+):/.exec(outline[at + 1] ?? '')?.[1];
    expect(offset).toBeDefined();
    const statements = execFileSync('openssl', ['asn1parse', '-in', file, '-strparse', String(offset)], { encoding: 'utf8' });
    for (const expected of [
      ':0.4.0.1862.1.1',
      ':0.4.0.1862.1.6',
      ':0.4.0.1862.1.6.2',
      ':0.4.0.19495.2',
      ':0.4.0.19495.1.3',
      ':PSP_AI',
      ':0.4.0.19495.1.2',
      ':PSP_PI',
      ':Federal Financial Supervisory Authority',
      ':DE-BAFIN',
    ]) {
      expect(statements).toContain(expected);
    }

    const bundle = join(scratch, 'bundle.pem');
    writeFileSync(bundle, trust.bundlePem());
    const ukQwac = join(scratch, 'uk-qwac.crt.pem');
    writeFileSync(ukQwac, uk.qwac.certificatePem);
    expect(execFileSync('openssl', ['verify', '-CAfile', bundle, file, ukQwac], { encoding: 'utf8' })).toBe(`${file}: OK\n${ukQwac}: OK\n`);
  });
});

describe('trust', () => {
  it('trusts the London CA too, naming its framework', () => {
    const found = inspectForTls(der(uk.qwac.certificatePem), NOW, trust);
    expect(found).toMatchObject({ trustFramework: 'uk-open-banking', trustProblem: null, organizationId: 'PSDDE-BAFIN-123456' });
    expect(found.issuerDn).toBe('CN=PSD2 Workbench Open Banking Test CA,OU=UK Open Banking Test Directory,O=PSD2 Workbench,C=GB');
  });

  it('rejects a certificate from a self-made CA', () => {
    const rogue = issueTppBundle(trust, { organizationId: 'PSDDE-BAFIN-123456', roles: ['PSP_PI'], faults: { untrusted: true } }, NOW);
    const found = inspectCertificate(der(rogue.qseal.certificatePem), NOW, trust);
    expect(found.trustFramework).toBeNull();
    expect(found.trustProblem).toBe('issued by CN=Self-made Untrusted CA,O=Not a Trust Service,C=DE, which is not a test CA of this simulator');
    expect(rogue.keyId).toMatch(/^SN=[0-9A-F]+,CA=CN=Self-made Untrusted CA,/);
  });

  it('rejects a certificate from another CA that merely carries our name', () => {
    const namesake = createCertificateAuthority(
      { commonName: 'PSD2 Workbench eIDAS Test QTSP', organizationalUnit: 'eIDAS Test Trust Service', organizationName: 'PSD2 Workbench', countryName: 'DE' },
      NOW,
    );
    const forged = issueTppCertificate(namesake, {
      purpose: 'qseal',
      organizationId: 'PSDDE-BAFIN-123456',
      organizationName: 'Forger',
      countryCode: 'DE',
      roles: ['PSP_PI'],
      ncaName: 'x',
      ncaId: 'DE-BAFIN',
      validFrom: new Date('2026-01-01T00:00:00Z'),
      validTo: new Date('2027-01-01T00:00:00Z'),
    });
    const found = inspectCertificate(der(forged.certificatePem), NOW, trust);
    expect(found.trustFramework).toBeNull();
    expect(found.trustProblem).toMatch(/^it names CN=PSD2 Workbench eIDAS Test QTSP,.* as issuer, but its signature does not verify with that test CA's key/);
  });
});

describe('validity', () => {
  it('is judged against the clock of each call, on the cached parse', () => {
    const cert = der(eidas.qseal.certificatePem);
    const { notBefore, notAfter } = inspectCertificate(cert, NOW, trust);
    const after = new Date(Date.parse(notAfter as string) + 1000);
    const before = new Date(Date.parse(notBefore as string) - 1000);
    expect(inspectCertificate(cert, after, trust).validityProblem).toBe(`the certificate expired on ${notAfter}`);
    expect(inspectCertificate(cert, before, trust).validityProblem).toBe(`the certificate is not yet valid: its validity starts on ${notBefore}`);
    expect(notAfter).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('issues expired and not yet valid bundles on request', () => {
    const expired = issueTppBundle(trust, { organizationId: 'PSDFR-ACPR-A1', roles: ['PSP_AI'], faults: { expired: true } }, NOW);
    const found = inspectCertificate(der(expired.qseal.certificatePem), NOW, trust);
    expect(found.validityProblem).toBe('the certificate expired on 2026-11-21T10:00:00Z');
    expect(found).toMatchObject({ trustProblem: null, ncaId: 'FR-ACPR', ncaName: 'Autorité de contrôle prudentiel et de résolution' });
    const early = issueTppBundle(trust, { organizationId: 'PSDFR-ACPR-A1', roles: ['PSP_AI'], faults: { notYetValid: true } }, NOW);
    expect(inspectForTls(der(early.qwac.certificatePem), NOW, trust).validityProblem).toBe(
      'the certificate is not yet valid: its validity starts on 2026-12-22T10:00:00Z',
    );
  });
});

describe('other faults', () => {
  it('leaves out the QCStatement, or gives the QSEAL another authorisation number', () => {
    const bundle = issueTppBundle(
      trust,
      { organizationId: 'PSDBE-NBB-0123', roles: ['PSP_PI'], faults: { noQcStatement: true, qsealAuthorisationNumber: '999' } },
      NOW,
    );
    const seal = inspectCertificate(der(bundle.qseal.certificatePem), NOW, trust);
    expect(seal).toMatchObject({ organizationId: 'PSDBE-NBB-999', roles: [], purpose: 'qseal', purposeProblem: null, trustProblem: null });
    expect(seal.ncaName).toBeUndefined();
    expect(seal.ncaId).toBeUndefined();
    expect(inspectForTls(der(bundle.qwac.certificatePem), NOW, trust)).toMatchObject({
      organizationId: 'PSDBE-NBB-0123',
      roles: [],
      purpose: 'qwac',
      purposeProblem: null,
    });
  });

  it('refuses contradictory or malformed faults', () => {
    expect(() => issueTppBundle(trust, { organizationId: 'PSDDE-BAFIN-1', roles: ['PSP_PI'], faults: { expired: true, notYetValid: true } }, NOW)).toThrow(
      /exclude each other/,
    );
    expect(() => issueTppBundle(trust, { organizationId: 'PSDDE-BAFIN-1', roles: ['PSP_PI'], faults: { qsealAuthorisationNumber: 'a b' } }, NOW)).toThrow(
      /qsealAuthorisationNumber/,
    );
    expect(() => issueTppBundle(trust, { organizationId: 'ACME', roles: ['PSP_PI'] }, NOW)).toThrow(/organizationId/);
  });

  it('reports bytes that are no certificate', () => {
    expect(inspectCertificate(Buffer.from('not a certificate'), NOW, trust)).toEqual({
      parsed: false,
      problem: 'the certificate is not a DER-encoded X.509 certificate',
    });
  });
});

describe('CertificateCache', () => {
  it('returns the same parse for the same DER and stays bounded', () => {
    const cache = new CertificateCache(2);
    const a = der(eidas.qseal.certificatePem);
    const first = cache.parse(a);
    expect(cache.parse(Buffer.from(a))).toBe(first);
    cache.parse(der(eidas.qwac.certificatePem));
    cache.parse(der(uk.qwac.certificatePem));
    expect(cache.size).toBe(2);
    expect(cache.parse(a)).not.toBe(first);
    expect(cache.size).toBe(2);
  });
});

describe('data folder', () => {
  const mode = (path: string): number => statSync(path).mode & 0o777;
  const certificates = (pem: string): number => pem.match(/-----BEGIN CERTIFICATE-----/g)?.length ?? 0;
  const FILES = [
    'pki/ca.crt.pem',
    'pki/eidas-ca.crt.pem',
    'pki/eidas-ca.key.pem',
    'pki/uk-ca.crt.pem',
    'pki/uk-ca.key.pem',
    'tpp/client.json',
    ...['qwac', 'qseal', 'uk-qwac', 'uk-qseal'].flatMap((n) => [`tpp/${n}.crt.pem`, `tpp/${n}.key.pem`]),
  ];
  const snapshot = (dir: string): Record<string, string> => Object.fromEntries(FILES.map((f) => [f, readFileSync(join(dir, f), 'utf8')]));

  it('creates everything on first start and reuses it on the second', () => {
    const dir = join(scratch, 'fresh');
    const first = ensureDataFolderPki(dir, NOW);
    for (const file of FILES) expect(existsSync(join(dir, file)), file).toBe(true);
    for (const key of FILES.filter((f) => f.endsWith('.key.pem')).concat('tpp/client.json')) expect(mode(join(dir, key)), key).toBe(0o600);
    expect(certificates(readFileSync(join(dir, 'pki/ca.crt.pem'), 'utf8'))).toBe(2);
    expect(new X509Certificate(readFileSync(join(dir, 'pki/ca.crt.pem'))).subject).toContain('eIDAS');
    expect(first.demoTpp).toMatchObject({ clientId: 'workbench-demo-tpp', organizationId: 'PSDDE-BAFIN-123456', roles: ['PSP_AI', 'PSP_PI', 'PSP_IC'] });
    expect(first.demoTpp.keyId).toMatch(/^SN=[0-9A-F]+,CA=CN=PSD2 Workbench eIDAS Test QTSP,/);

    const seal = inspectCertificate(der(readFileSync(join(dir, 'tpp/qseal.crt.pem'), 'utf8')), NOW, first.trust);
    expect(seal).toMatchObject({ trustFramework: 'eidas', roles: ['PSP_AI', 'PSP_PI', 'PSP_IC'], ncaId: 'DE-BAFIN', purposeProblem: null, trustProblem: null });
    const london = inspectForTls(der(readFileSync(join(dir, 'tpp/uk-qwac.crt.pem'), 'utf8')), NOW, first.trust);
    expect(london).toMatchObject({ trustFramework: 'uk-open-banking', organizationId: 'PSDDE-BAFIN-123456', purposeProblem: null, trustProblem: null });

    const before = snapshot(dir);
    const second = ensureDataFolderPki(dir, new Date(NOW.getTime() + 86_400_000));
    expect(snapshot(dir)).toEqual(before);
    expect(second.demoTpp).toEqual(first.demoTpp);
    expect(second.trust.bundlePem()).toBe(first.trust.bundlePem());
  });

  it("certifies the same two RSA keys for London: the UK pair holds the eIDAS pair's keys, so a fresh folder makes two", () => {
    const dir = join(scratch, 'shared-keys');
    expect(missingKeyPairs(dir)).toBe(2);
    ensureDataFolderPki(dir, NOW);
    expect(missingKeyPairs(dir)).toBe(0);
    for (const [uk, eidas] of [
      ['uk-qwac', 'qwac'],
      ['uk-qseal', 'qseal'],
    ] as const) {
      const key = readFileSync(join(dir, `tpp/${eidas}.key.pem`), 'utf8');
      expect(readFileSync(join(dir, `tpp/${uk}.key.pem`), 'utf8')).toBe(key);
      expect(new X509Certificate(readFileSync(join(dir, `tpp/${uk}.crt.pem`))).checkPrivateKey(createPrivateKey(key)), uk).toBe(true);
    }
    expect(new X509Certificate(readFileSync(join(dir, 'tpp/uk-qseal.crt.pem'))).publicKey.export({ type: 'spki', format: 'der' })).not.toEqual(
      new X509Certificate(readFileSync(join(dir, 'tpp/uk-qwac.crt.pem'))).publicKey.export({ type: 'spki', format: 'der' }),
    );
    // A folder whose UK pair went (an older version's, say) gets it again for the keys it holds: no key is made.
    for (const name of ['uk-qwac', 'uk-qseal']) for (const ext of ['crt', 'key']) rmSync(join(dir, `tpp/${name}.${ext}.pem`));
    ensureDataFolderPki(dir, NOW);
    expect(readFileSync(join(dir, 'tpp/uk-qseal.key.pem'), 'utf8')).toBe(readFileSync(join(dir, 'tpp/qseal.key.pem'), 'utf8'));
  });

  it('writes the QWAC and its key as PKCS#12 for a browser when --tls asks, readable by OpenSSL, renewed with the QWAC', () => {
    const dir = join(scratch, 'browser-bundle');
    const p12 = join(dir, 'tpp', QWAC_P12_FILE);
    // Only a browser under --tls needs it: a start without --tls leaves it unmade.
    ensureDataFolderPki(dir, NOW);
    expect(existsSync(p12)).toBe(false);
    ensureDataFolderPki(dir, NOW, { qwacBundle: true });
    expect(mode(p12)).toBe(0o600);
    const read = (args: string[]): string =>
      execFileSync('openssl', ['pkcs12', '-in', p12, '-passin', `pass:${QWAC_P12_PASSPHRASE}`, ...args], { encoding: 'utf8' });
    const certificate = new X509Certificate(read(['-nokeys', '-clcerts']));
    const qwac = new X509Certificate(readFileSync(join(dir, 'tpp/qwac.crt.pem')));
    expect(certificate.fingerprint256).toBe(qwac.fingerprint256);
    expect(certificate.checkPrivateKey(createPrivateKey(read(['-nocerts', '-nodes'])))).toBe(true);

    // A renewed QWAC (here: its file rewritten later) gets a new bundle; an unchanged one keeps it.
    const written = statSync(p12).mtimeMs;
    ensureDataFolderPki(dir, NOW, { qwacBundle: true });
    expect(statSync(p12).mtimeMs).toBe(written);
    utimesSync(join(dir, 'tpp/qwac.crt.pem'), new Date(), new Date(written + 10_000));
    ensureDataFolderPki(dir, NOW, { qwacBundle: true });
    expect(statSync(p12).mtimeMs).toBeGreaterThan(written);
  });

  it('upgrades a single-CA folder in place, keeping the demo client credentials', () => {
    const dir = join(scratch, 'legacy');
    const oldCa = createCertificateAuthority({ commonName: 'PSD2 Workbench Test CA', organizationName: 'PSD2 Workbench Test PKI', countryName: 'EU' }, NOW);
    const common = {
      organizationId: 'PSDDE-BAFIN-123456',
      organizationName: 'Workbench Demo TPP',
      countryCode: 'DE',
      roles: [],
      ncaName: '',
      ncaId: '',
      validFrom: NOW,
      validTo: new Date('2028-11-22T10:00:00Z'),
      withoutQcStatements: true,
    };
    const oldQwac = issueTppCertificate(oldCa, { ...common, purpose: 'qwac' });
    const oldQseal = issueTppCertificate(oldCa, { ...common, purpose: 'qseal' });
    const oldClient = {
      clientId: 'workbench-demo-tpp',
      clientSecret: 'kept-secret',
      redirectUri: 'https://tpp.example/other',
      keyId: 'SN=1,CA=CN=PSD2 Workbench Test CA,O=PSD2 Workbench Test PKI,C=EU',
      organizationId: 'PSDDE-BAFIN-123456',
      roles: ['PSP_AI', 'PSP_PI', 'PSP_IC'],
    };
    const files: Record<string, string> = {
      'pki/ca.crt.pem': oldCa.certificatePem,
      'pki/ca.key.pem': oldCa.privateKeyPem,
      'tpp/client.json': JSON.stringify(oldClient),
      'tpp/qwac.crt.pem': oldQwac.certificatePem,
      'tpp/qwac.key.pem': oldQwac.privateKeyPem,
      'tpp/qseal.crt.pem': oldQseal.certificatePem,
      'tpp/qseal.key.pem': oldQseal.privateKeyPem,
    };
    for (const [file, content] of Object.entries(files)) {
      mkdirSync(join(dir, file, '..'), { recursive: true });
      writeFileSync(join(dir, file), content);
    }

    const upgraded = ensureDataFolderPki(dir, NOW);
    expect(upgraded.demoTpp).toMatchObject({ clientId: 'workbench-demo-tpp', clientSecret: 'kept-secret', redirectUri: 'https://tpp.example/other' });
    expect(upgraded.demoTpp.keyId).not.toBe(oldClient.keyId);
    expect(JSON.parse(readFileSync(join(dir, 'tpp/client.json'), 'utf8'))).toEqual(upgraded.demoTpp);
    expect(existsSync(join(dir, 'pki/ca.key.pem'))).toBe(false);
    expect(readFileSync(join(dir, 'pki/ca.crt.pem'), 'utf8')).toBe(upgraded.trust.bundlePem());

    const qsealPem = readFileSync(join(dir, 'tpp/qseal.crt.pem'), 'utf8');
    expect(qsealPem).not.toBe(oldQseal.certificatePem);
    const seal = inspectCertificate(der(qsealPem), NOW, upgraded.trust);
    expect(seal).toMatchObject({ trustFramework: 'eidas', trustProblem: null, roles: ['PSP_AI', 'PSP_PI', 'PSP_IC'] });
    expect(upgraded.demoTpp.keyId).toBe(`SN=${(seal.serialHex as string).toUpperCase()},CA=${seal.issuerDn}`);
    expect(inspectCertificate(der(oldQseal.certificatePem), NOW, upgraded.trust).trustProblem).toMatch(
      /CN=PSD2 Workbench Test CA,O=PSD2 Workbench Test PKI,C=EU, which is not a test CA/,
    );
  });
});
