import type { InstitutionId } from '../dataset/types';

export type TokenKind = 'tpp' | 'psu-access' | 'psu-refresh';

/** What a bearer token stands for, as the services see it. */
export interface TokenGrant {
  kind: TokenKind;
  clientId: string;
  tppId: string;
  institution: InstitutionId;
  /** The consent of a PSU token (null for a TPP token). */
  consentId: string | null;
  /** The grant family: all tokens from one authorisation code. */
  familyId: string;
  issuedAt: Date;
  expiresAt: Date;
  revoked: boolean;
}
