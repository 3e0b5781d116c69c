import type { SignatureDiagnosis } from './verify';

/** The verdict's check id when the bank answered a signed operation before it checked the signature. */
export const REFUSED_BEFORE_SIGNATURE = 'refused-before-signature';

/** The bank's answer to a request it refused: code, HTTP status and text, as its body says them. */
export interface EarlyRefusal {
  code: string;
  status: number;
  text: string;
}

/**
 * A signed operation the bank refused before it checked the signature (a header its route requires, the
 * token, a role, a fault rule): the bank's own answer is the verdict, word for word, and there are no checks,
 * since none was made. What the request carried for its signature (Digest, headers parameter, signing
 * string, keyId, certificate) is kept from `sent`, the diagnosis the check would have started from, so the
 * Inspector tells the same story as the row and still shows what was sent.
 */
export function refusedBeforeSignature(sent: SignatureDiagnosis, refusal: EarlyRefusal): SignatureDiagnosis {
  const { likelySigned: _likelySigned, ...rest } = sent;
  return {
    ...rest,
    checks: [],
    rules: [],
    verdict: { valid: false, code: refusal.code, status: refusal.status, text: refusal.text, checkId: REFUSED_BEFORE_SIGNATURE },
  };
}
