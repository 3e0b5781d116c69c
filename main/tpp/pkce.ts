import { randomBytes } from 'node:crypto';
import { s256 } from '../domain/oauth/pkce';

export interface PkcePair {
  verifier: string;
  challenge: string;
}

/** RFC 7636 with S256, the only method the bank takes; 32 random bytes give a 43-character verifier. */
export function pkcePair(verifier: string = randomBytes(32).toString('base64url')): PkcePair {
  return { verifier, challenge: s256(verifier) };
}
