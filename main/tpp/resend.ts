import { randomUUID } from 'node:crypto';
import { operationSignedBy, signedOperationFor } from '../domain/operations/registry';
import type { TppClient } from './client';
import type { HeaderLine, PreparedRequest, TppResponse } from './types';

/** The Inspector's explicit choices for sending an exchange again as the built-in TPP. */
export interface ResendChoices {
  method: string;
  /** Path and query on the simulator. */
  path: string;
  /**
   * In sending order, as edited: the lines as logged (a header sent twice goes twice, names in their
   * case), or an object of names to values.
   */
  headers: Record<string, string> | readonly HeaderLine[];
  /** The exact body (UTF-8 text); null without one. */
  body: string | null;
  /** The exact bytes in base64, in place of `body`: a logged body that is not UTF-8, sent again as logged. */
  bodyBase64?: string | undefined;
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

const named = (line: HeaderLine, name: string): boolean => line[0].toLowerCase() === name.toLowerCase();

/** Sets a header whatever the case it was given in: its first line takes the value and keeps its place, a repeat of it goes. */
function withHeader(lines: readonly HeaderLine[], name: string, value: string): HeaderLine[] {
  const first = lines.findIndex((line) => named(line, name));
  if (first === -1) return [...lines, [name, value]];
  return lines.flatMap((line, i): HeaderLine[] => (i === first ? [[line[0], value]] : named(line, name) ? [] : [line]));
}

/** The lines as one value per name, a repeated name's values joined as a server reads them; for signing and choosing a token. */
function headerObject(lines: readonly HeaderLine[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of lines) {
    const given = Object.keys(headers).find((key) => key.toLowerCase() === name.toLowerCase()) ?? name;
    headers[given] = given in headers ? `${headers[given]}, ${value}` : value;
  }
  return headers;
}

const headerOf = (headers: Record<string, string>, name: string): string | undefined =>
  Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];

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
  const given: readonly HeaderLine[] = Array.isArray(choices.headers) ? choices.headers : Object.entries(choices.headers);
  let lines = given.filter(([name]) => !RECOMPUTED.has(name.toLowerCase()));
  if (choices.newRequestId) lines = withHeader(lines, 'x-request-id', randomUUID());
  if (choices.freshToken) lines = withHeader(lines, 'authorization', `Bearer ${await freshToken(client, method, choices.path, headerObject(lines))}`);
  const request: PreparedRequest = {
    method,
    path: choices.path,
    headers: headerObject(lines),
    headerLines: lines,
    body: choices.bodyBase64 !== undefined ? Buffer.from(choices.bodyBase64, 'base64') : choices.body === null ? null : Buffer.from(choices.body, 'utf8'),
    operation: 'payment-create',
    institution: null,
    signedOperation: null,
    signedHeaders: null,
    signingString: null,
    faults: {},
  };
  if (choices.signature === 'keep') return client.send(request);
  const operation = signedOperationFor(method, choices.path);
  if (operation === null)
    throw new ResendError(`${method} ${choices.path} is not a signed operation: there is nothing to sign again; choose to keep the signature`);
  const signed = await client.sign({ ...request, operation: operationSignedBy(operation), signedOperation: operation });
  // The signer sets Digest, Signature and the certificate; every other line goes as it was given.
  for (const [name, value] of Object.entries(signed.headers)) if (request.headers[name] !== value) lines = withHeader(lines, name, value);
  return client.send({ ...signed, headerLines: lines });
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
