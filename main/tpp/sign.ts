import { SIGNING_PROFILES, type SignedOperation } from '../domain/signing/profiles';
import { signRequest, type SigningKey } from '../domain/signing/sign';
import type { PreparedRequest, SignFaults } from './types';

const SIGNATURE_HEADERS = new Set(['digest', 'signature', 'tpp-signature-certificate']);

/** The profile's names for this request: the required ones, then those signed only when the request carries them (rule 1). */
export function profileNames(operation: SignedOperation, headers: Readonly<Record<string, string>>): string[] {
  const present = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
  const profile = SIGNING_PROFILES[operation];
  return [...profile.required, ...profile.ifPresent.filter((name) => present.has(name))];
}

export interface SigningKeys {
  own: SigningKey;
  /** Another TPP's QSEAL, for the otherTppCertificate fault. */
  other?: SigningKey;
}

export interface SignOptions {
  faults?: SignFaults;
  /** Names to sign instead of the profile's: for the signature utilities, which take any list. */
  names?: readonly string[];
}

const bodyBytes = (body: PreparedRequest['body']): Buffer => (body === null ? Buffer.alloc(0) : typeof body === 'string' ? Buffer.from(body, 'utf8') : body);

/** One byte more than was hashed: a newline at the end, the change an editor or a serialiser most often makes unseen (rule 6). */
function changedBody(body: PreparedRequest['body']): Buffer | string {
  if (typeof body === 'string') return `${body}\n`;
  return Buffer.concat([bodyBytes(body), Buffer.from('\n')]);
}

/**
 * Signs a prepared request as the profile of its operation says (rules 1-9), replacing any earlier
 * Digest, Signature and TPP-Signature-Certificate, so an edited request can be signed again. The
 * faults make exactly one deliberate mistake each, after which the bank's diagnosis names it.
 */
export function signPrepared(request: PreparedRequest, keys: SigningKeys, options: SignOptions = {}): PreparedRequest {
  const faults = options.faults ?? {};
  const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !SIGNATURE_HEADERS.has(name.toLowerCase())));
  const lower = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  const operation = request.signedOperation;
  if (options.names === undefined && operation === null) throw new Error(`${request.method} ${request.path} is not a signed operation`);
  let names = options.names ? [...options.names] : profileNames(operation as SignedOperation, headers);
  if (faults.headerLeftOut !== undefined) {
    const left = faults.headerLeftOut.toLowerCase();
    if (!lower.has(left)) throw new Error(`the request has no ${left} header to leave out of the signature`);
    names = names.filter((name) => name !== left);
  }
  if (faults.signRequestTarget) names = ['(request-target)', ...names];
  const key = faults.otherTppCertificate ? keys.other : keys.own;
  if (key === undefined) throw new Error("the otherTppCertificate fault needs another TPP's QSEAL");
  const requestTarget = `${request.method.toLowerCase()} ${request.path}`;
  const signed = signRequest(names, (name) => (name === '(request-target)' ? requestTarget : lower.get(name)), bodyBytes(request.body), key);
  return {
    ...request,
    headers: { ...headers, digest: signed.digest, signature: signed.signature, 'tpp-signature-certificate': signed.tppSignatureCertificate },
    body: faults.bodyChangedAfterDigest ? changedBody(request.body) : request.body,
    signedHeaders: names,
    signingString: signed.signingString.text,
    faults,
  };
}
