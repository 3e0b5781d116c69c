import type { PsuAccess } from './requests/request';

/** What the TPP keeps per PSU and consent: the PSU tokens and when the TPP must refresh them. */
export interface PsuSession extends PsuAccess {
  refreshToken: string | null;
  /** On the clock the client was given (the simulated one for the simulator). */
  accessExpiresAt: Date;
  refreshExpiresAt: Date | null;
}

/** The token endpoint's answer to the authorization_code and refresh_token grants. */
export interface PsuTokenAnswer {
  access_token: string;
  expires_in: number;
  refresh_token?: string;
  refresh_token_expires_in?: number;
}

const after = (now: Date, seconds: number): Date => new Date(now.getTime() + seconds * 1000);

/** The session after a token answer: the new pair replaces the old one (refresh tokens rotate). */
export function withTokens(access: PsuAccess, answer: PsuTokenAnswer, now: Date): PsuSession {
  return {
    institution: access.institution,
    psuId: access.psuId,
    consentId: access.consentId,
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token ?? null,
    accessExpiresAt: after(now, answer.expires_in),
    refreshExpiresAt: answer.refresh_token_expires_in === undefined ? null : after(now, answer.refresh_token_expires_in),
  };
}

/** Refresh only when it can help: the access token is over and the refresh token is not. */
export const needsRefresh = (session: PsuSession, now: Date): boolean =>
  now >= session.accessExpiresAt && session.refreshToken !== null && (session.refreshExpiresAt === null || now < session.refreshExpiresAt);
