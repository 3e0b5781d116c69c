import { createHash } from 'node:crypto';

/** RFC 7636: the verifier is 43-128 characters of the unreserved set; the S256 challenge is 43 base64url characters. */
const VERIFIER_RE = /^[A-Za-z0-9\-._~]{43,128}$/;
const CHALLENGE_RE = /^[A-Za-z0-9\-_]{43}$/;

export function verifierProblem(verifier: string): string | null {
  if (verifier.length < 43 || verifier.length > 128) return `code_verifier must be 43 to 128 characters long, got ${verifier.length}`;
  if (!VERIFIER_RE.test(verifier)) return 'code_verifier may only contain A-Z a-z 0-9 - . _ ~';
  return null;
}

export const isS256Challenge = (challenge: string): boolean => CHALLENGE_RE.test(challenge);

export function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}
