import { createPrivateKey, createPublicKey, X509Certificate } from 'node:crypto';
import { createCertificateAuthority, TEST_CA_NAMES, TRUST_FRAMEWORKS, type TrustFramework } from './certificate-authority';
import { dnFromOpenSsl } from './distinguished-name';
import type { SigningAuthority } from './x509-builder';

export interface TestCa extends SigningAuthority {
  trustFramework: TrustFramework;
  certificate: X509Certificate;
  subjectDn: string;
}

export type IssuerVerdict = { ca: TestCa; problem: null } | { ca: null; problem: string };

/** The simulator's two test CAs: the eIDAS QTSP for the euro institutions and the open-banking CA for London. */
export class TrustStore {
  private readonly cas: ReadonlyMap<TrustFramework, TestCa>;

  constructor(authorities: ReadonlyArray<SigningAuthority & { trustFramework: TrustFramework }>) {
    const cas = new Map<TrustFramework, TestCa>();
    for (const authority of authorities) {
      const certificate = new X509Certificate(authority.certificatePem);
      if (!sameKey(authority.privateKeyPem, certificate)) {
        throw new Error(`the private key of the ${authority.trustFramework} test CA does not belong to its certificate`);
      }
      cas.set(authority.trustFramework, { ...authority, certificate, subjectDn: dnFromOpenSsl(certificate.subject) });
    }
    for (const framework of TRUST_FRAMEWORKS) {
      if (!cas.has(framework)) throw new Error(`the trust store lacks the ${framework} test CA`);
    }
    this.cas = cas;
  }

  static generate(now: Date): TrustStore {
    return new TrustStore(TRUST_FRAMEWORKS.map((f) => ({ trustFramework: f, ...createCertificateAuthority(TEST_CA_NAMES[f], now) })));
  }

  authority(framework: TrustFramework): TestCa {
    const ca = this.cas.get(framework);
    if (ca === undefined) throw new Error(`no ${framework} test CA`);
    return ca;
  }

  /** eIDAS first, as DIR/pki/ca.crt.pem holds them. */
  get authorities(): TestCa[] {
    return TRUST_FRAMEWORKS.map((f) => this.authority(f));
  }

  bundlePem(): string {
    return this.authorities.map((ca) => ca.certificatePem.trim()).join('\n') + '\n';
  }

  /** A name match alone proves nothing (anyone can call their CA by our name): the signature must verify too. */
  issuerOf(certificate: X509Certificate): IssuerVerdict {
    const issuerDn = dnFromOpenSsl(certificate.issuer);
    const namesake = this.authorities.find((ca) => ca.certificate.subject === certificate.issuer);
    if (namesake === undefined) {
      return { ca: null, problem: `issued by ${issuerDn}, which is not a test CA of this simulator` };
    }
    if (!verifies(certificate, namesake.certificate)) {
      return {
        ca: null,
        problem: `it names ${issuerDn} as issuer, but its signature does not verify with that test CA's key: another CA of the same name issued it (another data folder's, or a forgery)`,
      };
    }
    return { ca: namesake, problem: null };
  }
}

function verifies(certificate: X509Certificate, issuer: X509Certificate): boolean {
  try {
    return certificate.verify(issuer.publicKey);
  } catch {
    return false;
  }
}

export function sameKey(privateKeyPem: string, certificate: X509Certificate): boolean {
  try {
    const fromKey = createPublicKey(createPrivateKey(privateKeyPem)).export({ type: 'spki', format: 'der' });
    return fromKey.equals(certificate.publicKey.export({ type: 'spki', format: 'der' }));
  } catch {
    return false;
  }
}
