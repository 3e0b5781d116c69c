/**
 * The dataset format (`resources/datasets/*.json`, `--dataset FILE`) as JSON Schema: everything the
 * simulated bank knows at reset (institutions, corporate customers and their approval rules, PSUs,
 * accounts with history, the VoP payee registry, calendars, the sandbox's fixed data). types.ts derives
 * the types from it, validate.ts checks a file against it and then the references between its parts,
 * and the control API publishes it (`GET /simulator/v1/dataset-schema.json`). Amounts are decimal strings, never floats.
 */
import Type, { type TSchema } from 'typebox';
import {
  AccountNumber,
  AnyText,
  BankTransactionCode,
  Bic,
  CashAccountType,
  ClockTime,
  CountryCode,
  CurrencyCode,
  DecimalAmount,
  FormatVersion,
  Iban,
  IsoDate,
  NonEmptyText,
  ProcessingDelay,
  SignedAmount,
  SortCode,
  TemplateFile,
  TimeZone,
} from './field-formats';
import { keyedBy } from './schema-check';

export const INSTITUTION_IDS = ['london', 'frankfurt', 'paris', 'dusseldorf', 'brussels'] as const;

export const PAYMENT_PRODUCTS = [
  'pain.001-sepa-credit-transfers',
  'pain.001-internal-transfers',
  'pain.001-swift-transfers',
  'pain.001-chaps-payments',
  'pain.001-faster-payments',
] as const;

/** Approval limits are set per payment category; a product maps to one category. */
export const PAYMENT_CATEGORIES = ['domestic', 'sepa', 'international', 'internal'] as const;

/** Accounts, balances and transactions are granted together ("ais"). */
export const ACCOUNT_PERMISSIONS = ['ais', 'paymentCreation', 'paymentAuthorisation'] as const;

export const VOP_OUTCOMES = ['match', 'closeMatch', 'noMatch', 'notApplicable', 'serviceUnavailable', 'timeout'] as const;

/** An object with exactly these fields: an unknown one is refused, because it is usually a misspelt one. */
const CLOSED = { additionalProperties: false } as const;
const about = (description: string) => ({ description });

const InstitutionRef = Type.Enum(INSTITUTION_IDS);
const Product = Type.Enum(PAYMENT_PRODUCTS);

/** An object keyed by some of the payment products (cut-offs, limits). */
const perProduct = <V extends TSchema>(value: V, description: string) =>
  keyedBy(Type.Partial(Type.Record(Product, value), { ...CLOSED, description }), 'a payment product');

/** An object keyed by some of the payment categories (approval limits). */
const perCategory = <V extends TSchema>(value: V, description: string) =>
  keyedBy(Type.Partial(Type.Record(Type.Enum(PAYMENT_CATEGORIES), value), { ...CLOSED, description }), 'a payment category');

export const Money = Type.Object({ currency: CurrencyCode, amount: DecimalAmount }, CLOSED);

export const BusinessCalendar = Type.Object(
  {
    timeZone: TimeZone,
    weekendDays: Type.Array(Type.Integer({ minimum: 0, maximum: 6 }), about('0 = Sunday … 6 = Saturday')),
    holidays: Type.Array(IsoDate, about('ISO dates (YYYY-MM-DD) on which the institution does not execute payments')),
  },
  CLOSED,
);

export const Institution = Type.Object(
  {
    id: InstitutionRef,
    name: NonEmptyText(),
    countryCode: CountryCode,
    bic: Bic,
    currency: CurrencyCode,
    trustFramework: Type.Enum(
      ['eidas', 'uk-open-banking'],
      about('Which certificate family mutual TLS accepts: eIDAS for the euro institutions, UK open banking for London'),
    ),
    products: Type.Array(Product, { minItems: 1 }),
    verificationOfPayee: Type.Boolean(about('Verification of Payee on SEPA credit transfers (the spec excludes London)')),
    calendar: BusinessCalendar,
    cutOffs: perProduct(ClockTime, 'Local cut-off time (HH:MM) per product offered'),
    processingDelays: perProduct(
      ProcessingDelay,
      'Per product offered: how long the bank takes to process a payment once its last authorisation makes it PDNG; it is never processed before its execution date either',
    ),
    productLimits: Type.Optional(perProduct(Money, 'Per-product maximum amount where the scheme has one (Faster Payments)')),
  },
  CLOSED,
);

export const ApprovalRules = Type.Object(
  {
    authorisationsRequired: Type.Enum([1, 2], about('How many customer authorisations a payment needs: 1 or 2 (spec: never more than 2)')),
    creatorMayAuthoriseSecond: Type.Boolean(about('May the PSU who created a payment give its second authorisation? (never its first)')),
    distinctSignatoryGroups: Type.Boolean(about('Must the two authorisations come from PSUs of different signatory groups?')),
    singleAuthorisationUpTo: Type.Optional(
      Type.Array(Money, about('Payments up to this amount (per currency) need only one authorisation even where two are the rule')),
    ),
  },
  CLOSED,
);

export const CorporateCustomer = Type.Object({ id: NonEmptyText(), institution: InstitutionRef, name: NonEmptyText(), approvalRules: ApprovalRules }, CLOSED);

export const AccountGrant = Type.Object({ resourceId: NonEmptyText(), permissions: Type.Array(Type.Enum(ACCOUNT_PERMISSIONS), { minItems: 1 }) }, CLOSED);

export const Psu = Type.Object(
  {
    psuId: NonEmptyText(),
    name: NonEmptyText(),
    institution: InstitutionRef,
    corporateId: NonEmptyText(),
    signatoryGroup: Type.Union([NonEmptyText(), Type.Null()], about('Null where the customer has no signatory groups or the PSU is not a signatory')),
    scaEnrolled: Type.Boolean(about('False: the PSU cannot complete SCA (no enrolled bank app); consent creation fails with PSU_CREDENTIALS_INVALID')),
    accounts: Type.Array(AccountGrant),
    approvalLimits: perCategory(Money, 'Highest amount the PSU may authorise, per payment category; absent category = may not authorise it'),
    role: NonEmptyText('What this PSU is for in the default dataset, shown in the UI and docs/dataset.md'),
  },
  CLOSED,
);

export const RecurringTransaction = Type.Object(
  {
    counterpartyName: NonEmptyText('Counterparty shown on the transaction'),
    amount: SignedAmount('Signed decimal: negative = debit; never zero'),
    remittanceInformation: NonEmptyText(),
    dayOfMonth: Type.Integer({ minimum: 1, maximum: 28, description: 'Day of month (1-28) on which it books' }),
    counterpartyIban: Type.Optional(Iban()),
    bankTransactionCode: Type.Optional(BankTransactionCode),
  },
  CLOSED,
);

export const TransactionHistory = Type.Object(
  {
    seed: Type.Integer({ minimum: 0, maximum: 0xffffffff, description: 'Seed of the deterministic generator, so every reset yields the same history' }),
    months: Type.Integer({ minimum: 1, maximum: 120, description: 'How far back from the clock at reset the history reaches' }),
    recurring: Type.Array(RecurringTransaction),
    randomPerMonth: Type.Integer({ minimum: 0, maximum: 500, description: 'Irregular card and transfer items drawn by the generator, per month' }),
    randomCounterparties: Type.Array(NonEmptyText()),
    randomMaxAmount: DecimalAmount,
  },
  CLOSED,
);

export const Account = Type.Object(
  {
    resourceId: NonEmptyText(),
    institution: InstitutionRef,
    corporateId: NonEmptyText(),
    name: NonEmptyText(),
    currency: CurrencyCode,
    bic: Bic,
    cashAccountType: CashAccountType,
    balance: SignedAmount('Interim booked balance at reset'),
    availableBalance: SignedAmount('Balance available for payments and funds confirmation (may include an overdraft)'),
    history: TransactionHistory,
    iban: Type.Optional(Iban('IBAN where the account has one (all but some London accounts); without one, a sort code and account number')),
    sortCode: Type.Optional(SortCode),
    accountNumber: Type.Optional(AccountNumber),
  },
  CLOSED,
);

export const Payee = Type.Object(
  {
    iban: Iban(),
    registeredName: NonEmptyText("The account holder's registered name, what VoP compares the creditor name with"),
    demonstrates: NonEmptyText('Human note of what this entry demonstrates'),
    forcedOutcome: Type.Optional(
      Type.Enum(
        ['notApplicable', 'serviceUnavailable', 'timeout'],
        about('Forces an outcome whatever the name (service unavailable, timeout, not applicable)'),
      ),
    ),
  },
  CLOSED,
);

export const SandboxPayment = Type.Object(
  {
    paymentId: NonEmptyText(),
    product: Product,
    transactionStatus: Type.Enum(['PATC', 'RJCT', 'n.a.'], about('Sandbox states: PATC, RJCT or n.a. (not applicable)')),
    startAuthorisation: Type.Enum(['redirect', 'statusInvalid'], about('What create-authorisation answers: a redirect (201) or 409 STATUS_INVALID')),
    authorisationScaStatus: Type.Enum(['started', 'finalised'], about('What GET authorisation answers')),
    cancellation: Type.Enum(['accepted', 'invalid'], about('What DELETE answers: 204 or 405 cancellation invalid')),
    templateFile: TemplateFile,
  },
  CLOSED,
);

export const SandboxBasket = Type.Object(
  {
    basketId: NonEmptyText(),
    paymentIds: Type.Array(NonEmptyText(), { minItems: 1 }),
    scaStatus: Type.Enum(['finalised', 'failed']),
    transactionStatus: Type.Enum(['ACTC', 'RJCT']),
  },
  CLOSED,
);

export const SandboxConsent = Type.Object({ psuId: NonEmptyText(), consentId: NonEmptyText() }, CLOSED);

export const SandboxData = Type.Object(
  {
    consents: Type.Array(SandboxConsent),
    createdPaymentIds: perProduct(NonEmptyText(), 'The fixed paymentId POST /payments returns, per product'),
    createdBasketId: NonEmptyText(),
    createdBasketPaymentIds: Type.Array(NonEmptyText(), {
      minItems: 1,
      description: 'What GET of the fixed basket lists: through each institution, at least one payment that answers there',
    }),
    payments: Type.Array(SandboxPayment),
    baskets: Type.Array(SandboxBasket),
  },
  CLOSED,
);

export const Dataset = Type.Object(
  {
    formatVersion: FormatVersion,
    name: NonEmptyText(),
    description: AnyText(),
    institutions: Type.Array(Institution),
    corporates: Type.Array(CorporateCustomer),
    psus: Type.Array(Psu),
    accounts: Type.Array(Account),
    payees: Type.Array(Payee, about('The Verification of Payee registry')),
    sandbox: SandboxData,
  },
  {
    ...CLOSED,
    title: 'Dataset',
    description: 'A simulator dataset: what the bank knows at reset (`--dataset FILE`). References between its parts are checked at load.',
  },
);
