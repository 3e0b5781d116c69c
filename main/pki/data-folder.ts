import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createCertificateAuthority, issuerDn, issueTppCertificate, type KeyAndCertificate } from './certificates';

/** DESIGN.md "Data folder": DIR/pki/ca.crt.pem and DIR/tpp/client.json with the demo TPP's four PEM files. */
export interface DemoTppClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  keyId: string;
  organizationId: string;
  roles: string[];
}

export interface DataFolderPki {
  ca: KeyAndCertificate;
  demoTpp: DemoTppClient;
}

const DEMO_ORGANIZATION_ID = 'PSDDE-BAFIN-123456';
const DEMO_NAME = 'Workbench Demo TPP';
const YEAR_MS = 365 * 86_400_000;

/** Reads the CA and the demo TPP, creating whatever is absent (first start). Files are written private (0600). */
export function ensureDataFolderPki(dataDir: string, now: Date): DataFolderPki {
  const pkiDir = join(dataDir, 'pki');
  const tppDir = join(dataDir, 'tpp');
  mkdirSync(pkiDir, { recursive: true });
  mkdirSync(tppDir, { recursive: true });

  const caCert = join(pkiDir, 'ca.crt.pem');
  const caKey = join(pkiDir, 'ca.key.pem');
  let ca: KeyAndCertificate;
  if (existsSync(caCert) && existsSync(caKey)) {
    ca = { certificatePem: readFileSync(caCert, 'utf8'), privateKeyPem: readFileSync(caKey, 'utf8'), serialHex: '' };
  } else {
    ca = createCertificateAuthority('PSD2 Workbench Test CA', now);
    writeFileSync(caKey, ca.privateKeyPem, { mode: 0o600 });
    writeFileSync(caCert, ca.certificatePem);
  }

  const clientFile = join(tppDir, 'client.json');
  if (existsSync(clientFile)) {
    return { ca, demoTpp: JSON.parse(readFileSync(clientFile, 'utf8')) as DemoTppClient };
  }
  const validity = { validFrom: new Date(now.getTime() - 86_400_000), validTo: new Date(now.getTime() + 2 * YEAR_MS) };
  const common = { organizationId: DEMO_ORGANIZATION_ID, organizationName: DEMO_NAME, countryCode: 'DE', ...validity };
  const qwac = issueTppCertificate(ca, { ...common, purpose: 'qwac' });
  const qseal = issueTppCertificate(ca, { ...common, purpose: 'qseal' });
  writeFileSync(join(tppDir, 'qwac.crt.pem'), qwac.certificatePem);
  writeFileSync(join(tppDir, 'qwac.key.pem'), qwac.privateKeyPem, { mode: 0o600 });
  writeFileSync(join(tppDir, 'qseal.crt.pem'), qseal.certificatePem);
  writeFileSync(join(tppDir, 'qseal.key.pem'), qseal.privateKeyPem, { mode: 0o600 });
  const demoTpp: DemoTppClient = {
    clientId: 'workbench-demo-tpp',
    clientSecret: randomBytes(24).toString('base64url'),
    redirectUri: 'https://tpp.example/callback',
    keyId: `SN=${qseal.serialHex.toUpperCase()},CA=${issuerDn(qseal.certificatePem)}`,
    organizationId: DEMO_ORGANIZATION_ID,
    roles: ['PSP_AI', 'PSP_PI', 'PSP_IC'],
  };
  writeFileSync(clientFile, `${JSON.stringify(demoTpp, null, 2)}\n`, { mode: 0o600 });
  return { ca, demoTpp };
}
