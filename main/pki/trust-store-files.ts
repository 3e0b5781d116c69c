import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createCertificateAuthority, TEST_CA_NAMES, TRUST_FRAMEWORKS, trustFrameworkOfUnit, type TrustFramework } from './certificate-authority';
import { parseCertificate } from './certificate-parse';
import { PRIVATE, writeFileAtomic } from './files';
import { OID } from './oids';
import { TrustStore } from './trust-store';
import type { SigningAuthority } from './x509-builder';

/**
 * DIR/pki: `<framework>-ca.crt.pem` and `.key.pem` per test CA, and `ca.crt.pem`, the bundle of both CA
 * certificates (eIDAS first) that docs/architecture.md#data-folder promises as "the test certificate authorities".
 * Folders of the single-CA version also have `ca.key.pem`: that CA is retired (its certificates no longer
 * verify), so its key goes; the demo TPP's certificates are then re-issued by the caller.
 */
const FILE_PREFIX: Readonly<Record<TrustFramework, string>> = { eidas: 'eidas-ca', 'uk-open-banking': 'uk-ca' };
const LEGACY_KEY = 'ca.key.pem';
export const CA_BUNDLE = 'ca.crt.pem';

export function loadOrCreateTrustStore(pkiDir: string, now: Date): TrustStore {
  mkdirSync(pkiDir, { recursive: true });
  const trust = new TrustStore(TRUST_FRAMEWORKS.map((framework) => ({ trustFramework: framework, ...loadOrCreateCa(pkiDir, framework, now) })));
  const bundlePath = join(pkiDir, CA_BUNDLE);
  const bundle = trust.bundlePem();
  if (!existsSync(bundlePath) || readFileSync(bundlePath, 'utf8') !== bundle) writeFileAtomic(bundlePath, bundle);
  rmSync(join(pkiDir, LEGACY_KEY), { force: true });
  return trust;
}

function loadOrCreateCa(pkiDir: string, framework: TrustFramework, now: Date): SigningAuthority {
  const certPath = join(pkiDir, `${FILE_PREFIX[framework]}.crt.pem`);
  const keyPath = join(pkiDir, `${FILE_PREFIX[framework]}.key.pem`);
  if (existsSync(certPath) && existsSync(keyPath)) {
    const loaded = { certificatePem: readFileSync(certPath, 'utf8'), privateKeyPem: readFileSync(keyPath, 'utf8') };
    checkHoldsFramework(certPath, loaded.certificatePem, framework);
    return loaded;
  }
  const created = createCertificateAuthority(TEST_CA_NAMES[framework], now);
  writeFileAtomic(keyPath, created.privateKeyPem, PRIVATE);
  writeFileAtomic(certPath, created.certificatePem);
  return created;
}

function checkHoldsFramework(path: string, pem: string, framework: TrustFramework): void {
  const parsed = parseCertificate(Buffer.from(pem));
  if (!parsed.ok) throw new Error(`${path}: ${parsed.problem}`);
  const unit = parsed.certificate.subject.find((a) => a.oid === OID.organizationalUnitName)?.value;
  if (trustFrameworkOfUnit(unit) !== framework) {
    throw new Error(`${path} holds ${parsed.certificate.subjectDn}, not the ${framework} test CA; delete it and its key to get a new one`);
  }
}
