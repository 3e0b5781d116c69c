/** What the traffic log knows of an exchange when it records it. */
export interface ExchangeFacts {
  method: string;
  url: string;
  /** The matched route's parameters (fastify's `request.params`). */
  params: unknown;
  /** The parsed query string (fastify's `request.query`). */
  query: unknown;
  status: number;
  responseBody: Buffer | null;
}

import { RESOURCE_ID } from '../services/logs/exchange-log';

const AUTHORIZE_PATH = /^\/[a-z]+\/sandboxauth\/v1\/authorize(\?|$)/;

const RESOURCE_PARAMS = ['consentId', 'paymentId', 'basketId'] as const;

// Creation answers are a few hundred bytes; never parse a large body just to look for an id.
const MAX_CREATION_BODY = 16 * 1024;

const stringField = (value: unknown, name: string): string | undefined => {
  if (value === null || typeof value !== 'object') return undefined;
  const field = (value as Record<string, unknown>)[name];
  return typeof field === 'string' ? field : undefined;
};

/**
 * The consent, payment or basket an exchange concerns: the one named in its path (status
 * reads, authorisations, cancellation), the one behind the SCA journey it opens, the one
 * its 201 answer created, or the consent an OAuth authorisation asks a code for. Null for
 * exchanges about no single resource (tokens, funds confirmations, signature utilities).
 */
export function resourceOfExchange(facts: ExchangeFacts, journeyResource: (journeyId: string) => string | undefined): string | null {
  const candidate = namedResource(facts, journeyResource);
  return candidate !== undefined && RESOURCE_ID.test(candidate) ? candidate : null;
}

function namedResource(facts: ExchangeFacts, journeyResource: (journeyId: string) => string | undefined): string | undefined {
  for (const name of RESOURCE_PARAMS) {
    const id = stringField(facts.params, name);
    if (id !== undefined) return id;
  }
  const journeyId = stringField(facts.params, 'journeyId');
  if (journeyId !== undefined) return RESOURCE_ID.test(journeyId) ? journeyResource(journeyId) : undefined;
  if (facts.method === 'POST' && facts.status === 201) return createdResource(facts.responseBody);
  // The authorisation request's scope carries the Consent ID (spec "Token operations").
  if (facts.method === 'GET' && AUTHORIZE_PATH.test(facts.url)) return stringField(facts.query, 'scope');
  return undefined;
}

function createdResource(body: Buffer | null): string | undefined {
  if (body === null || body.length > MAX_CREATION_BODY || body[0] !== 0x7b /* { */) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
  for (const name of RESOURCE_PARAMS) {
    const id = stringField(parsed, name);
    if (id !== undefined) return id;
  }
  return undefined;
}
