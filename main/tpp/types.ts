import type { BankOperation } from '../domain/operations/registry';
import type { SignedOperation } from '../domain/signing/profiles';

/** One header line: the name as it goes on the wire (any case), the value. */
export type HeaderLine = [name: string, value: string];

/** One HTTP request on the simulator's origin, exactly as it goes on the wire. */
export interface HttpRequest {
  method: string;
  /** Path and query on the simulator's origin, e.g. `/frankfurt/berlingroup/v1/consents`. */
  path: string;
  /** In sending order; names in lower case as the builders write them (an edit may use any case). */
  headers: Record<string, string>;
  /**
   * When given, the header lines sent instead of `headers`: in this order, names in this case, a name
   * given twice sent twice (a logged request sent again as it was). Host and Content-Length are added.
   */
  headerLines?: readonly HeaderLine[];
  /** The exact bytes to send: what the Digest covers. */
  body: Buffer | string | null;
  /**
   * Set when the PSU's browser opens a page of the bank (the scaRedirect): its origin, which under
   * --tls is the PSU pages' own. The browser trusts the bank's CA but has no client certificate.
   */
  browserOrigin?: string;
}

/** The deliberate mistakes QA reproduces; each gives the bank's own diagnosis. */
export interface SignFaults {
  /** The body gets one more byte after the Digest is computed. */
  bodyChangedAfterDigest?: boolean;
  /** A header the request carries but the signature does not cover. */
  headerLeftOut?: string;
  /** `(request-target)` signed first, as generic Cavage clients do. */
  signRequestTarget?: boolean;
  /** Signed with another TPP's QSEAL (key, certificate and keyId). */
  otherTppCertificate?: boolean;
}

/**
 * A request built but not sent: what the Flows screen shows, lets the user edit and re-signs.
 * Plain data, so it crosses IPC and can be kept with a run.
 */
export interface PreparedRequest extends HttpRequest {
  operation: BankOperation;
  /** null for the SCA page, which lives on the origin. */
  institution: string | null;
  /** The row of the signing profile table, or null when the operation is not signed. */
  signedOperation: SignedOperation | null;
  /** Lower-case names in the Signature's headers parameter, once signed. */
  signedHeaders: string[] | null;
  /** The signing string as signed (rule 4), once signed. */
  signingString: string | null;
  /** The faults the signature was made with, once signed; empty when it is as it should be. */
  faults: SignFaults;
}

/** What came back. `body` is the parsed JSON (null when the answer is not JSON), `text` the body as received. */
export interface TppResponse<J = unknown> {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  text: string;
  body: J;
  durationMs: number;
}
