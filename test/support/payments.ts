import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { approveSca, call, validConsentWithTokens, type JsonResponse, type TestBank } from './simulator';
import { demoSigningKey, signedHeaders } from './signing';

export interface PsuSession {
  psuId: string;
  institution: string;
  consentId: string;
  token: string;
}

/** A PSU with a valid consent and a PSU access token, as a TPP holds them after the consent flow. */
export async function psuSession(bank: TestBank, institution: string, psuId: string): Promise<PsuSession> {
  const s = await validConsentWithTokens(bank, institution, psuId);
  return { psuId, institution, consentId: s.consentId, token: s.access_token };
}

export const template = (file: string): string => readFileSync(join('resources', 'templates', file), 'utf8');

const base = (s: PsuSession): Record<string, string> => ({ authorization: `Bearer ${s.token}`, 'consent-id': s.consentId, 'x-request-id': randomUUID() });

export function createPayment(bank: TestBank, s: PsuSession, product: string, xml: string | Buffer, extra: Record<string, string> = {}): Promise<JsonResponse> {
  const headers = signedHeaders(demoSigningKey(bank), ['digest', 'x-request-id', 'psu-id'], { ...base(s), 'psu-id': s.psuId, 'content-type': 'application/xml', ...extra }, xml);
  return call(bank, 'POST', `/${s.institution}/berlingroup/v1/payments/${product}`, { headers, body: xml });
}

export function startAuthorisation(bank: TestBank, s: PsuSession, product: string, paymentId: string): Promise<JsonResponse> {
  const headers = signedHeaders(demoSigningKey(bank), ['digest', 'x-request-id', 'tpp-redirect-uri', 'psu-id'], {
    ...base(s),
    'psu-id': s.psuId,
    'psu-device-id': randomUUID(),
    'psu-ip-address': '192.0.2.20',
    'tpp-redirect-uri': 'https://tpp.example/callback?state=9',
  });
  return call(bank, 'POST', `/${s.institution}/berlingroup/v1/payments/${product}/${paymentId}/authorisations`, { headers });
}

export function cancelPayment(bank: TestBank, s: PsuSession, product: string, paymentId: string): Promise<JsonResponse> {
  const headers = signedHeaders(demoSigningKey(bank), ['digest', 'x-request-id'], base(s));
  return call(bank, 'DELETE', `/${s.institution}/berlingroup/v1/payments/${product}/${paymentId}`, { headers });
}

export function getStatusReport(bank: TestBank, s: PsuSession, product: string, paymentId: string): Promise<JsonResponse> {
  return call(bank, 'GET', `/${s.institution}/berlingroup/v1/payments/${product}/${paymentId}/status`, { headers: { ...base(s), accept: 'application/xml' } });
}

/** Every TxSts of a pain.002, in document order. */
export const txStatuses = (pain002: string): string[] => [...pain002.matchAll(/<TxSts>([A-Z]{4})<\/TxSts>/g)].map((m) => m[1] as string);

/** Starts an authorisation as this PSU, opens the SCA link and lets the PSU approve: the journey's outcome. */
export async function authorise(bank: TestBank, s: PsuSession, product: string, paymentId: string): Promise<{ journey: any; start: JsonResponse }> {
  const start = await startAuthorisation(bank, s, product, paymentId);
  if (start.status !== 201) return { journey: null, start };
  const journeyId = (start.body._links.scaRedirect.href as string).split('/').pop() as string;
  const res = await approveSca(bank, journeyId);
  return { journey: res.body, start };
}

export function createBasket(bank: TestBank, s: PsuSession, paymentIds: unknown, rawBody?: string): Promise<JsonResponse> {
  const body = rawBody ?? JSON.stringify({ paymentIds });
  const headers = signedHeaders(demoSigningKey(bank), ['digest', 'x-request-id', 'tpp-redirect-uri', 'psu-id'], {
    ...base(s),
    'psu-id': s.psuId,
    'tpp-redirect-uri': 'https://tpp.example/callback',
    'psu-ip-address': '192.0.2.30',
    'content-type': 'application/json',
  }, body);
  return call(bank, 'POST', `/${s.institution}/berlingroup/v1/signing-baskets`, { headers, body });
}

export function confirmFunds(bank: TestBank, s: PsuSession, iban: string, amount: string, currency = 'EUR'): Promise<JsonResponse> {
  const body = JSON.stringify({ account: { iban }, instructedAmount: { currency, amount } });
  const headers = signedHeaders(demoSigningKey(bank), ['digest', 'x-request-id'], { ...base(s), 'content-type': 'application/json' }, body);
  return call(bank, 'POST', `/${s.institution}/berlingroup/v1/funds-confirmations`, { headers, body });
}
