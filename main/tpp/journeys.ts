import type { TppClient } from './client';
import { journeyIdOf } from './client';
import type { BankControl } from './control';
import type { PsuSession } from './session';
import type { TppResponse } from './types';

/**
 * Whole journeys that need both sides: the TPP's requests and the PSU acting in the bank's app
 * (through the bank's control API). The Flows and the tests drive these.
 */

/** A PSU with a valid consent and PSU tokens: consent, SCA link opened, approved in the app, authorize with PKCE, token. */
export async function psuSession(tpp: TppClient<unknown>, bank: BankControl, institution: string, psuId: string): Promise<PsuSession> {
  const consent = await tpp.startConsent(institution, psuId);
  await tpp.openScaLink(consent.scaRedirect);
  const decided = await bank.decideSca(consent.journeyId);
  if (decided.status !== 200) throw new Error(`consent SCA failed: ${decided.status} ${decided.text}`);
  return tpp.psuTokens(institution, consent.consentId, psuId);
}

export interface Authorisation<J> {
  start: TppResponse<J>;
  /** The bank app's answer once approved (the journey), or null when the authorisation did not start. */
  journey: J | null;
}

/** Starts an authorisation as the session's PSU, opens the SCA link and lets the PSU approve it. */
export async function authorisePayment<J>(
  tpp: TppClient<J>,
  bank: BankControl,
  session: PsuSession,
  product: string,
  paymentId: string,
  action: 'approve' | 'reject' = 'approve',
): Promise<Authorisation<J>> {
  const start = await tpp.startAuthorisation(session, product, paymentId);
  const scaRedirect = (start.body as { _links?: { scaRedirect?: { href?: string } } } | null)?._links?.scaRedirect?.href;
  if (start.status !== 201 || scaRedirect === undefined) return { start, journey: null };
  await tpp.openScaLink(scaRedirect);
  const decided = await bank.decideSca(journeyIdOf(scaRedirect), action);
  return { start, journey: decided.body as J };
}
