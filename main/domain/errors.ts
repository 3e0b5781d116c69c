/**
 * The one error type of the bank. Services and domain rules throw it; the HTTP layer turns it
 * into a Berlin Group body (`tppMessages`) or, on the OAuth endpoints, an RFC 6749 body.
 */

/** Berlin Group message codes with their HTTP status (spec "Errors"; docs/tpp-developers.md#choices-where-the-spec-says-not-shown for the "not shown" ones). */
export const BERLIN_GROUP_STATUS = {
  FORMAT_ERROR: 400,
  PAYMENT_FAILED: 400,
  PRODUCT_UNKNOWN: 404,
  RESOURCE_UNKNOWN: 404,
  RESOURCE_EXPIRED: 403,
  STATUS_INVALID: 409,
  CANCELLATION_INVALID: 405,
  SIGNATURE_INVALID: 401,
  SIGNATURE_MISSING: 401,
  CERTIFICATE_INVALID: 401,
  ROLE_INVALID: 401,
  TOKEN_INVALID: 401,
  PSU_CREDENTIALS_INVALID: 401,
  CONSENT_INVALID: 401,
  CONSENT_UNKNOWN: 403,
  SERVICE_BLOCKED: 403,
  TOO_MANY_REQUESTS: 429,
  SERVICE_INVALID: 405,
  REQUESTED_FORMATS_INVALID: 406,
  INTERNAL_SERVER_ERROR: 500,
  // Only a fault rule answers it: the bank under maintenance (docs/testing-your-tpp.md).
  SERVICE_UNAVAILABLE: 503,
} as const;
export type BerlinGroupCode = keyof typeof BERLIN_GROUP_STATUS;

/** RFC 6749 section 5.2 and 4.1.2.1 error codes. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'invalid_scope'
  | 'access_denied'
  // RFC 7591 section 3.2.2: dynamic client registration.
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata';

const OAUTH_STATUS: Record<OAuthErrorCode, number> = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unauthorized_client: 400,
  unsupported_grant_type: 400,
  unsupported_response_type: 400,
  invalid_scope: 400,
  access_denied: 403,
  invalid_redirect_uri: 400,
  invalid_client_metadata: 400,
};

export type ErrorProtocol = 'berlin-group' | 'oauth';

/** V8's bound on the frames an error captures (Node and the renderer's Chromium both run V8; the DOM typings omit it). */
const v8Error = Error as ErrorConstructor & { stackTraceLimit: number };

export class BankError extends Error {
  readonly protocol: ErrorProtocol;
  readonly code: BerlinGroupCode | OAuthErrorCode;
  readonly status: number;
  /** Further messages for the same failure (e.g. every pain.001 issue), one tppMessage each. */
  details: readonly string[] = [];
  /** When the client may try again (TOO_MANY_REQUESTS), sent as Retry-After in whole seconds. */
  retryAfterSeconds: number | null = null;
  /** The methods a path does take, when the one used is not among them (405, sent as Allow). */
  allow: readonly string[] | null = null;

  private constructor(protocol: ErrorProtocol, code: BerlinGroupCode | OAuthErrorCode, status: number, text: string) {
    // A refusal is an answer the bank gives, not a fault: nothing shows its stack, and capturing one was the
    // largest single cost of a refused request in the profile. Bugs are other errors and keep theirs.
    const stackTraceLimit = v8Error.stackTraceLimit;
    v8Error.stackTraceLimit = 0;
    super(text);
    v8Error.stackTraceLimit = stackTraceLimit;
    this.name = 'BankError';
    this.protocol = protocol;
    this.code = code;
    this.status = status;
  }

  /** `status` overrides the code's usual one where the spec differs by case (RESOURCE_UNKNOWN 403 for another TPP's resource). */
  static of(code: BerlinGroupCode, text: string, status?: number): BankError {
    return new BankError('berlin-group', code, status ?? BERLIN_GROUP_STATUS[code], text);
  }

  withDetails(details: readonly string[]): this {
    this.details = details;
    return this;
  }

  withRetryAfter(seconds: number): this {
    this.retryAfterSeconds = seconds;
    return this;
  }

  withAllow(methods: readonly string[]): this {
    this.allow = methods;
    return this;
  }

  /** `status` overrides the code's usual one where HTTP says more than RFC 6749 does (405 for a wrong method). */
  static oauth(code: OAuthErrorCode, text: string, status?: number): BankError {
    return new BankError('oauth', code, status ?? OAUTH_STATUS[code], text);
  }
}

export const formatError = (text: string): BankError => BankError.of('FORMAT_ERROR', text);
