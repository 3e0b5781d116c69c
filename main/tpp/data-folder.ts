import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TppCredentials } from './credentials';

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
