import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SigningKey } from '../domain/signing/sign';
import type { DemoTppClient } from './data-folder';
import { keyIdOf } from './tpp-factory';

/** The demo TPP's QSEALs double as the sandbox application's own keys for the signature utility. */
export function loadSandboxSigners(dataDir: string, demoTpp: DemoTppClient): Record<'eidas' | 'uk-open-banking', SigningKey> {
  const read = (file: string): string => readFileSync(join(dataDir, 'tpp', file), 'utf8');
  const uk = read('uk-qseal.crt.pem');
  return {
    eidas: { keyId: demoTpp.keyId, certificatePem: read('qseal.crt.pem'), privateKeyPem: read('qseal.key.pem') },
    'uk-open-banking': { keyId: keyIdOf(uk), certificatePem: uk, privateKeyPem: read('uk-qseal.key.pem') },
  };
}
