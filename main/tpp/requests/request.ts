import { randomUUID } from 'node:crypto';
import { signedOperationFor } from '../../domain/signing/profiles';
import type { PreparedRequest, TppOperation } from '../types';

/** A prepared, unsigned request; the profile row follows from method and path, as the bank decides it. */
export function prepared(
  operation: TppOperation,
  institution: string | null,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer | string | null = null,
): PreparedRequest {
  return { operation, institution, method, path, headers, body, signedOperation: signedOperationFor(method, path), signedHeaders: null, signingString: null, faults: {} };
}

/** A fresh X-Request-ID per request: the bank keeps them apart in the log and a resend gets its own. */
export const requestId = (): string => randomUUID();

export const bankPath = (institution: string, rest: string): string => `/${institution}/berlingroup/v1/${rest}`;

/** What the TPP knows once the PSU has granted a consent and it holds a PSU access token for it. */
export interface PsuAccess {
  institution: string;
  psuId: string;
  consentId: string;
  accessToken: string;
}

/** Where the PSU is, sent with requests made in direct response to the PSU (PSU-IP-Address, PSU-Device-ID). */
export interface PsuContext {
  ipAddress: string;
  deviceId: string;
}

/** Headers every request under a PSU token carries. */
export const psuHeaders = (access: PsuAccess): Record<string, string> => ({
  'x-request-id': requestId(),
  authorization: `Bearer ${access.accessToken}`,
  'consent-id': access.consentId,
});
