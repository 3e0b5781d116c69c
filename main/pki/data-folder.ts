import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { ensureQwacBundle } from './browser-bundle';
import { demoIdentityFrom, ensureDemoCertificates, type DemoIdentity } from './demo-tpp';
import { PRIVATE, writeFileAtomic } from './files';
import { keyIdOf } from './tpp-factory';
import { loadOrCreateTrustStore } from './trust-store-files';
import type { TrustStore } from './trust-store';

/**
 * docs/architecture.md#data-folder: DIR/pki holds the test CAs (ca.crt.pem is the bundle of both), DIR/tpp the demo
 * TPP: client.json and its certificates (and qwac.p12 for a browser, written by a start under --tls). Whatever is
 * absent is created; a folder of the single-CA version is upgraded in place, keeping the demo client's clientId,
 * clientSecret and redirectUri.
 */
export interface DemoTppClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  keyId: string;
  organizationId: string;
  roles: string[];
}

export interface DataFolderPki {
  trust: TrustStore;
  demoTpp: DemoTppClient;
}

/**
 * The RSA keys ensureDataFolderPki makes: the demo TPP's QWAC and QSEAL keys, held in the eIDAS pair's files and
 * certified again by the UK CA (demo-tpp.ts); the test CAs' keys are EC, made at once.
 */
const KEY_FILES = ['tpp/qwac.key.pem', 'tpp/qseal.key.pem'];

/** How many RSA key pairs ensureDataFolderPki will make here (at least): one for each key file not there yet. */
export const missingKeyPairs = (dataDir: string): number => KEY_FILES.filter((file) => !existsSync(join(dataDir, file))).length;

const DEMO_IDENTITY: DemoIdentity = { organizationId: 'PSDDE-BAFIN-123456', roles: ['PSP_AI', 'PSP_PI', 'PSP_IC'] };

export interface DataFolderPkiOptions {
  /**
   * Also the QWAC as PKCS#12 for a browser, which only --tls needs: in forge's JavaScript its key encryption cost a
   * fresh start about as much as a certificate (docs/benchmarks.md#start-up-part-by-part).
   */
  qwacBundle?: boolean;
}

export function ensureDataFolderPki(dataDir: string, now: Date, options: DataFolderPkiOptions = {}): DataFolderPki {
  const trust = loadOrCreateTrustStore(join(dataDir, 'pki'), now);
  const tppDir = join(dataDir, 'tpp');
  mkdirSync(tppDir, { recursive: true });
  const clientFile = join(tppDir, 'client.json');
  const stored = existsSync(clientFile) ? readClient(clientFile) : null;
  const identity = stored === null ? DEMO_IDENTITY : demoIdentityFrom(stored.organizationId, stored.roles, DEMO_IDENTITY);
  const qsealPem = ensureDemoCertificates(tppDir, trust, identity, now);
  if (options.qwacBundle === true) ensureQwacBundle(tppDir);
  const demoTpp: DemoTppClient = {
    clientId: stored?.clientId ?? 'workbench-demo-tpp',
    clientSecret: stored?.clientSecret ?? randomBytes(24).toString('base64url'),
    redirectUri: stored?.redirectUri ?? 'https://tpp.example/callback',
    keyId: keyIdOf(qsealPem),
    organizationId: identity.organizationId,
    roles: [...identity.roles],
  };
  const json = `${JSON.stringify(demoTpp, null, 2)}\n`;
  if (stored === null || readFileSync(clientFile, 'utf8') !== json) writeFileAtomic(clientFile, json, PRIVATE);
  return { trust, demoTpp };
}

type StoredClient = Pick<DemoTppClient, 'clientId' | 'clientSecret' | 'redirectUri'> & { organizationId?: unknown; roles?: unknown };

/** The client credentials cannot be made up again without breaking whoever uses them: refuse rather than replace. */
function readClient(path: string): StoredClient {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    throw new Error(`${path} is not JSON; delete it to let the simulator create a new demo TPP client`);
  }
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const { clientId, clientSecret, redirectUri } = record;
  if (typeof clientId !== 'string' || typeof clientSecret !== 'string' || typeof redirectUri !== 'string') {
    throw new Error(`${path} lacks clientId, clientSecret or redirectUri; delete it to let the simulator create a new demo TPP client`);
  }
  return { clientId, clientSecret, redirectUri, organizationId: record.organizationId, roles: record.roles };
}
