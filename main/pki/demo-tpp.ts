import { createPublicKey, X509Certificate } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkOrganizationId, checkRoles, type Psd2Role } from '../domain/tpp/identity';
import type { TrustFramework } from './certificate-authority';
import { CertificateCache } from './certificate-cache';
import { PRIVATE, writeFileAtomic } from './files';
import { inspect, type CertificateUse } from './inspection';
import { sameKey, type TrustStore } from './trust-store';
import { issueTppBundle, type TppBundleKeys } from './tpp-factory';
import type { KeyPairPem } from './x509-builder';

/**
 * The demo TPP's certificate files in DIR/tpp: an eIDAS pair for the euro institutions and a UK open-banking
 * pair for London, same organizationIdentifier. A pair is re-issued whenever it would not pass the bank's own
 * checks (missing, foreign CA after an upgrade, lapsed under a moved clock, key not matching, stale roles),
 * so a data folder always starts usable.
 */
export const DEMO_TPP_NAME = 'Workbench Demo TPP';

const PAIR_FILES: Readonly<Record<TrustFramework, { qwac: string; qseal: string }>> = {
  eidas: { qwac: 'qwac', qseal: 'qseal' },
  'uk-open-banking': { qwac: 'uk-qwac', qseal: 'uk-qseal' },
};

export interface DemoIdentity {
  organizationId: string;
  roles: readonly Psd2Role[];
}

/** Returns the eIDAS QSEAL's PEM, whose serial and issuer make the demo keyId. */
export function ensureDemoCertificates(tppDir: string, trust: TrustStore, identity: DemoIdentity, now: Date): string {
  for (const framework of ['eidas', 'uk-open-banking'] as const) {
    const names = PAIR_FILES[framework];
    if (pairIsUsable(tppDir, names, framework, trust, identity, now)) continue;
    const bundle = issueTppBundle(
      trust,
      { organizationId: identity.organizationId, name: DEMO_TPP_NAME, roles: identity.roles, trustFramework: framework },
      now,
      framework === 'eidas' ? undefined : heldKeys(tppDir, PAIR_FILES.eidas),
    );
    for (const [name, issued] of [
      [names.qwac, bundle.qwac],
      [names.qseal, bundle.qseal],
    ] as const) {
      writeFileAtomic(join(tppDir, `${name}.key.pem`), issued.privateKeyPem, PRIVATE);
      writeFileAtomic(join(tppDir, `${name}.crt.pem`), issued.certificatePem);
    }
  }
  return readFileSync(join(tppDir, `${PAIR_FILES.eidas.qseal}.crt.pem`), 'utf8');
}

/**
 * The UK pair certifies the keys of the eIDAS pair, made just before it: one QWAC key and one QSEAL key for the
 * demo TPP, as a TPP may hold one key under two CAs, so a fresh folder waits for two RSA key pairs, not four
 * (each a prime search of a good part of a second). Unreadable keys: new ones.
 */
function heldKeys(tppDir: string, names: { qwac: string; qseal: string }): TppBundleKeys | undefined {
  const held = (name: string): KeyPairPem => {
    const privateKeyPem = readFileSync(join(tppDir, `${name}.key.pem`), 'utf8');
    return { privateKeyPem, publicKeyPem: createPublicKey(privateKeyPem).export({ type: 'spki', format: 'pem' }) as string };
  };
  try {
    return { qwac: held(names.qwac), qseal: held(names.qseal) };
  } catch {
    return undefined;
  }
}

function pairIsUsable(
  tppDir: string,
  names: { qwac: string; qseal: string },
  framework: TrustFramework,
  trust: TrustStore,
  identity: DemoIdentity,
  now: Date,
): boolean {
  const cache = new CertificateCache(2);
  const usable = (name: string, use: CertificateUse): boolean => {
    const certPath = join(tppDir, `${name}.crt.pem`);
    const keyPath = join(tppDir, `${name}.key.pem`);
    if (!existsSync(certPath) || !existsSync(keyPath)) return false;
    let certificate: X509Certificate;
    try {
      certificate = new X509Certificate(readFileSync(certPath));
    } catch {
      return false;
    }
    const found = inspect(certificate.raw, now, trust, use, cache);
    return (
      found.parsed &&
      found.trustFramework === framework &&
      !found.trustProblem &&
      !found.validityProblem &&
      !found.purposeProblem &&
      found.organizationId === identity.organizationId &&
      sameRoles(found.roles ?? [], identity.roles) &&
      sameKey(readFileSync(keyPath, 'utf8'), certificate)
    );
  };
  return usable(names.qwac, 'tls') && usable(names.qseal, 'signing');
}

function sameRoles(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((role) => b.includes(role));
}

/** client.json written by hand or by an older version may carry odd values: fall back rather than fail. */
export function demoIdentityFrom(organizationId: unknown, roles: unknown, fallback: DemoIdentity): DemoIdentity {
  return {
    organizationId: orDefault(() => checkOrganizationId(organizationId), fallback.organizationId),
    roles: orDefault(() => checkRoles(roles), fallback.roles),
  };
}

function orDefault<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}
