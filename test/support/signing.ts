import { randomUUID } from 'node:crypto';
import type { SigningKey } from '../../main/domain/signing/sign';
import { signingKeyOf } from '../../main/tpp/credentials';
import { prepared } from '../../main/tpp/requests/request';
import { signPrepared } from '../../main/tpp/sign';
import { call, type TestBank } from './simulator';

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

const PAYMENT_TARGET = 'post /frankfurt/berlingroup/v1/payments/pain.001-sepa-credit-transfers';

/**
 * The same signed payment body through the sandbox's signature validation twice: as signed (the bank accepts
 * it), then with PSU-ID changed after signing (the bank refuses it). Two exchanges, oldest first.
 */
export async function validateSignedAndTampered(bank: TestBank, body: string): Promise<void> {
  for (const tamper of [false, true]) {
    const headers = signedHeaders(demoSigningKey(bank), ['digest', 'x-request-id', 'psu-id', 'tpp-redirect-uri'], baseHeaders(), body);
    if (tamper) headers['psu-id'] = 'someone-else';
    await call(bank, 'POST', '/frankfurt/sandbox/v1/signature/validation', {
      headers: { ...headers, 'bank-request-target': PAYMENT_TARGET, 'content-type': 'application/xml' },
      body,
    });
  }
}
