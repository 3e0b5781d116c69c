import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TppCredentials } from './credentials';
import type { BankTransport, ClientCertificate, TransportTls } from './transport';

/** Reads the demo TPP from a data folder as any TPP developer would: DIR/tpp/client.json and the QSEAL beside it. */
export function loadTppCredentials(dataDir: string): TppCredentials {
  const dir = join(dataDir, 'tpp');
  const client = JSON.parse(readFileSync(join(dir, 'client.json'), 'utf8')) as Partial<Record<keyof TppCredentials, unknown>>;
  for (const field of ['clientId', 'clientSecret', 'redirectUri', 'keyId', 'organizationId'] as const) {
    if (typeof client[field] !== 'string') throw new Error(`${join(dir, 'client.json')} lacks ${field}`);
  }
  const text = (field: keyof TppCredentials): string => client[field] as string;
  return {
    clientId: text('clientId'),
    clientSecret: text('clientSecret'),
    redirectUri: text('redirectUri'),
    keyId: text('keyId'),
    organizationId: text('organizationId'),
    qseal: { certificatePem: readFileSync(join(dir, 'qseal.crt.pem'), 'utf8'), privateKeyPem: readFileSync(join(dir, 'qseal.key.pem'), 'utf8') },
  };
}

/** The demo TPP's QWAC and key: DIR/tpp/qwac.*.pem (eIDAS) or, with the `uk-` prefix, London's UK open-banking one. */
export function loadQwac(dataDir: string, prefix: '' | 'uk-' = ''): ClientCertificate {
  const dir = join(dataDir, 'tpp');
  return { cert: readFileSync(join(dir, `${prefix}qwac.crt.pem`), 'utf8'), key: readFileSync(join(dir, `${prefix}qwac.key.pem`), 'utf8') };
}

/** DIR/pki/ca.crt.pem: the test CA bundle, the only authorities a TPP of this data folder trusts. */
export const loadDataFolderCa = (dataDir: string): string => readFileSync(join(dataDir, 'pki', 'ca.crt.pem'), 'utf8');

/** What the demo TPP needs under --tls: the data folder's CAs and its QWACs (eIDAS, and the UK one for London). */
export const loadTppTls = (dataDir: string): TransportTls => ({ ca: loadDataFolderCa(dataDir), qwac: loadQwac(dataDir), ukQwac: loadQwac(dataDir, 'uk-') });

/** The demo TPP's way to a simulator of this data folder: with its TLS material when the origin is https. */
export const dataFolderTransport = (origin: string, dataDir: string): BankTransport => ({
  origin,
  tls: origin.startsWith('https:') ? loadTppTls(dataDir) : null,
});
