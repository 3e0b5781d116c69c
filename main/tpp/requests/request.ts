import { randomUUID } from 'node:crypto';
import { BANK_OPERATIONS, type BankOperation } from '../../domain/operations/registry';
import type { PreparedRequest } from '../types';

/** A prepared, unsigned request: its method and signing profile row are the operation's in the registry. */
export function prepared(
  operation: BankOperation,
  institution: string | null,
  path: string,
  headers: Record<string, string>,
  body: Buffer | string | null = null,
): PreparedRequest {
  const { method, profile } = BANK_OPERATIONS[operation];
  return { operation, institution, method, path, headers, body, signedOperation: profile, signedHeaders: null, signingString: null, faults: {} };
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
