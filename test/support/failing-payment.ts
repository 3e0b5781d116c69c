import { randomUUID } from 'node:crypto';
import type { PsuSession } from '../../main/tpp/session';
import { readTemplate } from '../../main/tpp/templates';
import { demoSigningKey, signedHeaders } from './signing';
import { call, type JsonResponse, type TestBank } from './simulator';

/**
 * A SEPA payment signed as a TPP signs it, whose body then gains a newline: the bank answers 401
 * SIGNATURE_INVALID (a signature failure). Answers the bank's answer and the X-Request-ID it was sent with.
 */
export async function sendChangedAfterSigning(bank: TestBank, psu: PsuSession): Promise<{ res: JsonResponse; requestId: string }> {
  const xml = readTemplate('sepa-single.xml');
  const requestId = randomUUID();
  const headers = signedHeaders(
    demoSigningKey(bank),
    ['digest', 'x-request-id', 'psu-id'],
    {
      authorization: `Bearer ${psu.accessToken}`,
      'consent-id': psu.consentId,
      'x-request-id': requestId,
      'psu-id': 'FRA-CREATOR',
      'content-type': 'application/xml',
    },
    xml,
  );
  const res = await call(bank, 'POST', '/frankfurt/berlingroup/v1/payments/pain.001-sepa-credit-transfers', { headers, body: `${xml}\n` });
  return { res, requestId };
}
