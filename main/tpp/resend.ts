import { randomUUID } from 'node:crypto';
import { signedOperationFor, type SignedOperation } from '../domain/signing/profiles';
import type { TppClient } from './client';
import type { PreparedRequest, TppOperation, TppResponse } from './types';

/** The Inspector's explicit choices for sending an exchange again as the built-in TPP. */
export interface ResendChoices {
  method: string;
  /** Path and query on the simulator. */
  path: string;
  /** In sending order, as edited. */
  headers: Record<string, string>;
  /** The exact body (UTF-8 text); null without one. */
  body: string | null;
  /** keep: Digest, Signature and TPP-Signature-Certificate go as given; resign: the demo TPP's QSEAL signs the request as it now is. */
  signature: 'keep' | 'resign';
  /** A new X-Request-ID (a UUID) in place of the one given. */
  newRequestId: boolean;
  /** A new access token from the bank in place of the Authorization given: the TPP's, or the PSU's for the consent. */
  freshToken: boolean;
}

export class ResendError extends Error {}

/** The header fetch computes itself from what it sends. */
const RECOMPUTED = new Set(['host', 'content-length', 'connection', 'transfer-encoding', 'keep-alive', 'expect', 'upgrade', 'te']);

/** The built-in TPP's name for each signed row of the profile, for the prepared request it re-signs. */
const TPP_OPERATION: Readonly<Record<SignedOperation, TppOperation>> = {
  'payment-initiation': 'payment-create',
  'start-authorisation': 'authorisation-start',
  'signing-basket': 'basket-create',
  'payment-cancellation': 'payment-cancel',
  'funds-confirmation': 'funds-confirmation',
  registration: 'client-registration',
};

/** Sets a header whatever the case it was given in, keeping its place. */
function withHeader(headers: Record<string, string>, name: string, value: string): Record<string, string> {
  const given = Object.keys(headers).find((key) => key.toLowerCase() === name);
  return given === undefined ? { ...headers, [name]: value } : Object.fromEntries(Object.entries(headers).map(([key, v]) => [key, key === given ? value : v]));
}

const headerOf = (headers: Record<string, string>, name: string): string | undefined => Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];

/**
 * Which token the request goes under: the consent's PSU token for account information, payments and
 * the consent itself; the TPP's token (client credentials) to create a consent or read its status.
 */
export function tokenFor(method: string, path: string, headers: Record<string, string>): { institution: string; consentId: string | null } {
  const bare = path.split('?', 1)[0] ?? '';
  const institution = bare.split('/')[1] ?? '';
  const consentPath = /\/consents\/([^/]+)(\/status)?$/.exec(bare);
  if ((method === 'POST' && /\/consents$/.test(bare)) || consentPath?.[2] !== undefined) return { institution, consentId: null };
  return { institution, consentId: consentPath?.[1] ?? headerOf(headers, 'consent-id') ?? null };
}

/**
 * Sends an edited exchange again as the built-in TPP, as the user chose: with a new X-Request-ID, a
 * fresh token from the bank, and signed again with the demo TPP's QSEAL (main/tpp/sign.ts) or kept
 * byte for byte as given. The bank logs and diagnoses it like any other request.
 */
export async function resendAsTpp(client: TppClient, choices: ResendChoices): Promise<TppResponse> {
  const method = choices.method.toUpperCase();
  let headers = Object.fromEntries(Object.entries(choices.headers).filter(([name]) => !RECOMPUTED.has(name.toLowerCase())));
  if (choices.newRequestId) headers = withHeader(headers, 'x-request-id', randomUUID());
  if (choices.freshToken) headers = withHeader(headers, 'authorization', `Bearer ${await freshToken(client, method, choices.path, headers)}`);
  const request: PreparedRequest = {
    method,
    path: choices.path,
    headers,
    body: choices.body === null ? null : Buffer.from(choices.body, 'utf8'),
    operation: 'payment-create',
    institution: null,
    signedOperation: null,
    signedHeaders: null,
    signingString: null,
    faults: {},
  };
  if (choices.signature === 'keep') return client.send(request);
  const operation = signedOperationFor(method, choices.path);
  if (operation === null) throw new ResendError(`${method} ${choices.path} is not a signed operation: there is nothing to sign again; choose to keep the signature`);
  return client.send(await client.sign({ ...request, operation: TPP_OPERATION[operation], signedOperation: operation }));
}

async function freshToken(client: TppClient, method: string, path: string, headers: Record<string, string>): Promise<string> {
  const { institution, consentId } = tokenFor(method, path, headers);
  if (institution === '') throw new ResendError(`${path} names no institution to ask for a token`);
  try {
    if (consentId === null) return await client.tppToken(institution, { renew: true });
    return (await client.psuTokens(institution, consentId, headerOf(headers, 'psu-id') ?? '')).accessToken;
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new ResendError(`the bank gave no fresh ${consentId === null ? 'TPP' : `PSU token for consent ${consentId}`}: ${why}`);
  }
}
