import { randomBytes } from 'node:crypto';

/** The TPP-Redirect-URI with a fresh `state`, which the bank preserves on the PSU's return so the TPP knows which journey came back. */
export function redirectWithState(redirectUri: string, state: string = randomBytes(9).toString('base64url')): string {
  const url = new URL(redirectUri);
  url.searchParams.set('state', state);
  return url.toString();
}
