import { randomUUID } from 'node:crypto';
import type { SigningKey } from '../../main/domain/signing/sign';
import { signingKeyOf } from '../../main/tpp/credentials';
import { prepared } from '../../main/tpp/requests/request';
import { signPrepared } from '../../main/tpp/sign';
import type { TestBank } from './simulator';

/** The demo TPP's QSEAL as the built-in TPP loaded it from the data folder. */
export const demoSigningKey = (bank: TestBank): SigningKey => signingKeyOf(bank.tpp.credentials);

/**
 * Headers signed over any list of names, through the TPP's signer: for tests that then break one
 * thing by hand (the signature utilities take any list, so the profile does not apply).
 */
export function signedHeaders(key: SigningKey, names: readonly string[], headers: Record<string, string>, body: string | Buffer = ''): Record<string, string> {
  const request = prepared('signature-validate', null, '/', headers, body);
  return signPrepared(request, { own: key }, { names }).headers;
}

export const baseHeaders = (): Record<string, string> => ({
  'x-request-id': randomUUID(),
  'psu-id': 'FRA-CREATOR',
  'tpp-redirect-uri': 'https://tpp.example/callback',
});
