/** Sandbox token lifetimes (spec "Access model" 5); the TPP token's is not given, so we chose one hour. */
export const AUTHORISATION_CODE_TTL_MS = 2 * 60_000;
export const PSU_ACCESS_TOKEN_TTL_MS = 10 * 60_000;
/** Counted from the first access token of the authorisation: refreshing never extends it. */
export const PSU_REFRESH_WINDOW_MS = 21 * 60_000;
export const TPP_ACCESS_TOKEN_TTL_MS = 60 * 60_000;

/** The refresh token's end: 21 minutes after the first access token of the grant. */
export const refreshDeadline = (firstAccessIssuedAt: Date): Date => new Date(firstAccessIssuedAt.getTime() + PSU_REFRESH_WINDOW_MS);

/** A PSU access token never outlives the refresh window. */
export function psuAccessExpiry(now: Date, firstAccessIssuedAt: Date): Date {
  return new Date(Math.min(now.getTime() + PSU_ACCESS_TOKEN_TTL_MS, refreshDeadline(firstAccessIssuedAt).getTime()));
}
