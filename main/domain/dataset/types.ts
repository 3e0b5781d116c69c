/**
 * The dataset format (`resources/datasets/*.json`, `--dataset FILE`).
 * Everything the simulated bank knows at reset: institutions, corporate customers and
 * their approval rules, PSUs, accounts with history, the VoP payee registry, calendars,
 * and the fixed data of the sandbox behaviour. Amounts are decimal strings, never floats.
 */

export const INSTITUTION_IDS = ['london', 'frankfurt', 'paris', 'dusseldorf', 'brussels'] as const;
export type InstitutionId = (typeof INSTITUTION_IDS)[number];

export const PAYMENT_PRODUCTS = [
  'pain.001-sepa-credit-transfers',
  'pain.001-internal-transfers',
  'pain.001-swift-transfers',
  'pain.001-chaps-payments',
  'pain.001-faster-payments',
] as const;
export type PaymentProduct = (typeof PAYMENT_PRODUCTS)[number];

/** Approval limits are set per payment category; a product maps to one category. */
export const PAYMENT_CATEGORIES = ['domestic', 'sepa', 'international', 'internal'] as const;
export type PaymentCategory = (typeof PAYMENT_CATEGORIES)[number];

export interface Money {
  currency: string;
  amount: string;
}

export interface BusinessCalendar {
  /** IANA zone in which cut-off times and business dates are read. */
  timeZone: string;
  /** 0 = Sunday … 6 = Saturday. */
  weekendDays: number[];
  /** ISO dates (YYYY-MM-DD) on which the institution does not execute payments. */
  holidays: string[];
}

export interface Institution {
  id: InstitutionId;
  name: string;
  countryCode: string;
  bic: string;
  currency: string;
  /** Which certificate family mutual TLS accepts: eIDAS for the euro institutions, UK open banking for London. */
  trustFramework: 'eidas' | 'uk-open-banking';
  products: PaymentProduct[];
  /** Verification of Payee on SEPA credit transfers (the spec excludes London). */
  verificationOfPayee: boolean;
  calendar: BusinessCalendar;
  /** Local cut-off time (HH:MM) per product offered. */
  cutOffs: Partial<Record<PaymentProduct, string>>;
  /**
   * Per product offered: how long the bank takes to process a payment once its last authorisation
   * makes it PDNG (ISO-8601 duration, days at most, e.g. "PT15M"); it is never processed before its
   * execution date either.
   */
  processingDelays: Partial<Record<PaymentProduct, string>>;
  /** Per-product maximum amount where the scheme has one (Faster Payments). */
  productLimits?: Partial<Record<PaymentProduct, Money>>;
}

export interface ApprovalRules {
  /** How many customer authorisations a payment needs: 1 or 2 (spec: never more than 2). */
  authorisationsRequired: 1 | 2;
  /** Payments up to this amount (per currency) need only one authorisation even where two are the rule. */
  singleAuthorisationUpTo?: Money[];
  /** May the PSU who created a payment give its second authorisation? (never its first). */
  creatorMayAuthoriseSecond: boolean;
  /** Must the two authorisations come from PSUs of different signatory groups? */
  distinctSignatoryGroups: boolean;
}

export interface CorporateCustomer {
  id: string;
  institution: InstitutionId;
  name: string;
  approvalRules: ApprovalRules;
}

/** Accounts, balances and transactions are granted together ("ais"). */
export const ACCOUNT_PERMISSIONS = ['ais', 'paymentCreation', 'paymentAuthorisation'] as const;
export type AccountPermission = (typeof ACCOUNT_PERMISSIONS)[number];

export interface AccountGrant {
  resourceId: string;
  permissions: AccountPermission[];
}

export interface Psu {
  psuId: string;
  name: string;
  institution: InstitutionId;
  corporateId: string;
  /** Null where the customer has no signatory groups or the PSU is not a signatory. */
  signatoryGroup: string | null;
  /** False: the PSU cannot complete SCA (no enrolled bank app); consent creation fails with PSU_CREDENTIALS_INVALID. */
  scaEnrolled: boolean;
  accounts: AccountGrant[];
  /** Highest amount the PSU may authorise, per payment category; absent category = may not authorise it. */
  approvalLimits: Partial<Record<PaymentCategory, Money>>;
  /** What this PSU is for in the default dataset, shown in the UI and docs/dataset.md. */
  role: string;
}

export interface RecurringTransaction {
  /** Counterparty shown on the transaction. */
  counterpartyName: string;
  counterpartyIban?: string;
  /** Signed decimal: negative = debit. */
  amount: string;
  remittanceInformation: string;
  /** Day of month (1-28) on which it books. */
  dayOfMonth: number;
  bankTransactionCode?: string;
}

export interface TransactionHistory {
  /** Seed of the deterministic generator, so every reset yields the same history. */
  seed: number;
  /** How far back from the clock at reset the history reaches. */
  months: number;
  recurring: RecurringTransaction[];
  /** Irregular card and transfer items drawn by the generator, per month. */
  randomPerMonth: number;
  randomCounterparties: string[];
  /** Upper bound of a random item's absolute amount. */
  randomMaxAmount: string;
}

export interface Account {
  resourceId: string;
  institution: InstitutionId;
  corporateId: string;
  name: string;
  currency: string;
  /** IBAN where the account has one (all but some London accounts). */
  iban?: string;
  /** UK sort code and account number (London). */
  sortCode?: string;
  accountNumber?: string;
  bic: string;
  cashAccountType: string;
  /** Interim booked balance at reset. */
  balance: string;
  /** Balance available for payments and funds confirmation (may include an overdraft). */
  availableBalance: string;
  history: TransactionHistory;
}

export const VOP_OUTCOMES = ['match', 'closeMatch', 'noMatch', 'notApplicable', 'serviceUnavailable', 'timeout'] as const;
export type VopOutcome = (typeof VOP_OUTCOMES)[number];

export interface Payee {
  iban: string;
  /** The account holder's registered name, what VoP compares the creditor name with. */
  registeredName: string;
  /** Forces an outcome whatever the name (service unavailable, timeout, not applicable). */
  forcedOutcome?: Extract<VopOutcome, 'notApplicable' | 'serviceUnavailable' | 'timeout'>;
  /** Human note of what this entry demonstrates. */
  demonstrates: string;
}

export interface SandboxPayment {
  paymentId: string;
  product: PaymentProduct;
  /** Sandbox states: PATC, RJCT or n.a. (not applicable). */
  transactionStatus: 'PATC' | 'RJCT' | 'n.a.';
  /** What create-authorisation answers: a redirect (201) or 409 STATUS_INVALID. */
  startAuthorisation: 'redirect' | 'statusInvalid';
  /** What GET authorisation answers. */
  authorisationScaStatus: 'started' | 'finalised';
  /** What DELETE answers: 204 or 405 cancellation invalid. */
  cancellation: 'accepted' | 'invalid';
  /** The pain.001 returned by GET. */
  templateFile: string;
}

export interface SandboxBasket {
  basketId: string;
  paymentIds: string[];
  scaStatus: 'finalised' | 'failed';
  transactionStatus: 'ACTC' | 'RJCT';
}

export interface SandboxConsent {
  psuId: string;
  consentId: string;
}

export interface SandboxData {
  consents: SandboxConsent[];
  /** The fixed paymentId POST /payments returns, per product. */
  createdPaymentIds: Partial<Record<PaymentProduct, string>>;
  createdBasketId: string;
  /** What GET of the fixed basket lists: through each institution, at least one payment that answers there. */
  createdBasketPaymentIds: string[];
  payments: SandboxPayment[];
  baskets: SandboxBasket[];
}

export interface Dataset {
  formatVersion: 1;
  name: string;
  description: string;
  institutions: Institution[];
  corporates: CorporateCustomer[];
  psus: Psu[];
  accounts: Account[];
  payees: Payee[];
  sandbox: SandboxData;
}
