import type { SignedOperation } from '../signing/profiles';
import type { ServiceArea } from '../tpp/roles';

/**
 * Every request a TPP (and the PSU's browser) sends the bank, by one name each. A name without its
 * row in BANK_OPERATIONS does not compile, and the row is where everything else reads the operation
 * from: the signature check's lookup (signedOperationFor), the resend, the built-in TPP's builders,
 * the "not a signed operation" text and the tests' lists.
 */
export type BankOperation =
  | 'token-client-credentials'
  | 'token-authorization-code'
  | 'token-refresh'
  | 'authorize'
  | 'client-registration'
  | 'consent-create'
  | 'consent-get'
  | 'consent-status'
  | 'consent-delete'
  | 'sca-open'
  | 'accounts-list'
  | 'account-details'
  | 'account-balances'
  | 'account-transactions'
  | 'payment-create'
  | 'payment-get'
  | 'payment-status'
  | 'payment-cancel'
  | 'authorisation-start'
  | 'authorisation-get'
  | 'basket-create'
  | 'basket-get'
  | 'funds-confirmation'
  | 'signature-create'
  | 'signature-validate';

export interface BankOperationRow {
  method: 'GET' | 'POST' | 'DELETE';
  /** The path as the simulator serves it; `{name}` stands for one segment. */
  path: string;
  /** The row of the signing profile table (spec "Application-layer signing") it is signed by, or null: not signed. */
  profile: SignedOperation | null;
  /** What it asks of the TPP's PSD2 roles (spec "Access model" 2), or null where no role is checked. */
  area: ServiceArea | null;
}

const BG = '/{institution}/berlingroup/v1';

export const BANK_OPERATIONS = {
  'token-client-credentials': { method: 'POST', path: '/{institution}/oauth/v1/token', profile: null, area: null },
  'token-authorization-code': { method: 'POST', path: '/{institution}/oauth/v1/token', profile: null, area: null },
  'token-refresh': { method: 'POST', path: '/{institution}/oauth/v1/token', profile: null, area: null },
  authorize: { method: 'GET', path: '/{institution}/sandboxauth/v1/authorize', profile: null, area: null },
  'client-registration': { method: 'POST', path: '/{institution}/oauth/v1/register', profile: 'registration', area: 'registration' },
  'consent-create': { method: 'POST', path: `${BG}/consents`, profile: null, area: 'consent' },
  'consent-get': { method: 'GET', path: `${BG}/consents/{consentId}`, profile: null, area: 'consent' },
  'consent-status': { method: 'GET', path: `${BG}/consents/{consentId}/status`, profile: null, area: 'consent' },
  'consent-delete': { method: 'DELETE', path: `${BG}/consents/{consentId}`, profile: null, area: 'consent' },
  'sca-open': { method: 'GET', path: '/sca/{journeyId}', profile: null, area: null },
  'accounts-list': { method: 'GET', path: `${BG}/accounts`, profile: null, area: 'account-information' },
  'account-details': { method: 'GET', path: `${BG}/accounts/{accountId}`, profile: null, area: 'account-information' },
  'account-balances': { method: 'GET', path: `${BG}/accounts/{accountId}/balances`, profile: null, area: 'account-information' },
  'account-transactions': { method: 'GET', path: `${BG}/accounts/{accountId}/transactions`, profile: null, area: 'account-information' },
  'payment-create': { method: 'POST', path: `${BG}/payments/{product}`, profile: 'payment-initiation', area: 'payment-initiation' },
  'payment-get': { method: 'GET', path: `${BG}/payments/{product}/{paymentId}`, profile: null, area: 'payment-initiation' },
  'payment-status': { method: 'GET', path: `${BG}/payments/{product}/{paymentId}/status`, profile: null, area: 'payment-initiation' },
  'payment-cancel': { method: 'DELETE', path: `${BG}/payments/{product}/{paymentId}`, profile: 'payment-cancellation', area: 'payment-initiation' },
  'authorisation-start': {
    method: 'POST',
    path: `${BG}/payments/{product}/{paymentId}/authorisations`,
    profile: 'start-authorisation',
    area: 'payment-initiation',
  },
  'authorisation-get': {
    method: 'GET',
    path: `${BG}/payments/{product}/{paymentId}/authorisations/{authorisationId}`,
    profile: null,
    area: 'payment-initiation',
  },
  'basket-create': { method: 'POST', path: `${BG}/signing-baskets`, profile: 'signing-basket', area: 'payment-initiation' },
  'basket-get': { method: 'GET', path: `${BG}/signing-baskets/{basketId}`, profile: null, area: 'payment-initiation' },
  'funds-confirmation': { method: 'POST', path: `${BG}/funds-confirmations`, profile: 'funds-confirmation', area: 'funds-confirmation' },
  'signature-create': { method: 'POST', path: '/{institution}/sandbox/v1/signature', profile: null, area: null },
  'signature-validate': { method: 'POST', path: '/{institution}/sandbox/v1/signature/validation', profile: null, area: null },
} as const satisfies Record<BankOperation, BankOperationRow>;

/** The operations the bank verifies a signature on: those whose row names a signing profile. */
export type SignedBankOperation = { [K in BankOperation]: (typeof BANK_OPERATIONS)[K]['profile'] extends null ? never : K }[BankOperation];

/** The operations that ask for a PSD2 role: those whose row names a role area. */
export type RoleBankOperation = { [K in BankOperation]: (typeof BANK_OPERATIONS)[K]['area'] extends null ? never : K }[BankOperation];

/** The role area of an operation that asks for a PSD2 role. */
export const areaOf = (operation: RoleBankOperation): ServiceArea => BANK_OPERATIONS[operation].area;

/** The signing profile row of a signed operation. */
export const profileOf = (operation: SignedBankOperation): SignedOperation => BANK_OPERATIONS[operation].profile;

export const BANK_OPERATION_NAMES = Object.keys(BANK_OPERATIONS) as BankOperation[];

export const isSigned = (operation: BankOperation): boolean => BANK_OPERATIONS[operation].profile !== null;

/** The signed operations, each with its signing profile row. */
const SIGNED = BANK_OPERATION_NAMES.flatMap((name) => {
  const row: BankOperationRow = BANK_OPERATIONS[name];
  return row.profile === null ? [] : [{ name, ...row, profile: row.profile }];
});

/** The operation signed by a signing profile row: each row signs exactly one. */
export function operationSignedBy(profile: SignedOperation): BankOperation {
  const found = SIGNED.find((row) => row.profile === profile);
  if (!found) throw new Error(`no operation is signed by the profile row ${profile}`);
  return found.name;
}

/** The segments after a path's first `v1`, or null without one. */
function afterV1(path: string): string[] | null {
  const segments = path.replace(/\/$/, '').split('/');
  const v1 = segments.indexOf('v1');
  return v1 < 0 ? null : segments.slice(v1 + 1);
}

const matches = (template: readonly string[], segments: readonly string[]): boolean =>
  template.length === segments.length && template.every((part, i) => (part.startsWith('{') ? segments[i] !== '' : part === segments[i]));

const TOKEN_GRANTS: Record<string, BankOperation> = {
  client_credentials: 'token-client-credentials',
  authorization_code: 'token-authorization-code',
  refresh_token: 'token-refresh',
};

/** The token endpoint's operation, by the grant its form body names; null for a grant it does not take. */
export const tokenOperationOf = (formBody: string): BankOperation | null => TOKEN_GRANTS[new URLSearchParams(formBody).get('grant_type') ?? ''] ?? null;

/** A request target's path as the router reads it: no query, each segment percent-decoded (one that will not decode stays as sent). */
export function decodedPathOf(url: string): string {
  return (url.split(/[?#]/, 1)[0] ?? '')
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join('/');
}

/** Whether a request's method and path (query ignored) are this operation's. */
export function isRequestOf(operation: BankOperation, method: string, path: string): boolean {
  const row = BANK_OPERATIONS[operation];
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  return row.method === method.toUpperCase() && matches(row.path.split('/'), bare.replace(/\/$/, '').split('/'));
}

/**
 * The signing profile row a request is signed by, or null when it is not signed. Accepts the
 * simulator's own paths (`/{institution}/berlingroup/v1/...`) and production-style targets such as
 * `/v1/payments/sepa-credit-transfers`, as the signature utility's bank-request-target names them:
 * only the part after the first `v1` segment counts. Query string and one trailing slash are ignored.
 */
export function signedOperationFor(method: string, path: string): SignedOperation | null {
  const rest = afterV1(path.split(/[?#]/, 1)[0] ?? '');
  if (rest === null || rest.some((segment) => segment === '')) return null;
  const verb = method.toUpperCase();
  return SIGNED.find((row) => row.method === verb && matches(afterV1(row.path) ?? [], rest))?.profile ?? null;
}

/** The signed requests in words, as the bank names them when a request is not one: "POST /payments/{product}, ...". */
export const SIGNED_REQUESTS_IN_WORDS = SIGNED.map((row) => `${row.method} /${(afterV1(row.path) ?? []).join('/')}`).join(', ');
