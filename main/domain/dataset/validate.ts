/**
 * Checks a parsed dataset file (`--dataset FILE`) against the format of types.ts and the
 * spec's rules, so a bad file fails at load with the JSON path of its first problem
 * rather than as an odd answer from the simulated bank much later.
 */
import type {
  Account,
  AccountGrant,
  ApprovalRules,
  BusinessCalendar,
  CorporateCustomer,
  Dataset,
  Institution,
  InstitutionId,
  Money,
  Payee,
  PaymentProduct,
  Psu,
  RecurringTransaction,
  SandboxBasket,
  SandboxConsent,
  SandboxData,
  SandboxPayment,
  TransactionHistory,
} from './types';
import { sandboxPaymentAnswersAt } from './sandbox';
import { ACCOUNT_PERMISSIONS, INSTITUTION_IDS, PAYMENT_CATEGORIES, PAYMENT_PRODUCTS } from './types';
import { ibanProblem } from '../iso20022/iban';
import { isValidBic } from '../iso20022/bic';
import { MAX_PROCESSING_DELAY_DAYS, processingDelayMs } from '../payment/processing';
import { isDecimalAmount, isSignedDecimalAmount, toMinorUnits } from '../money';

export class DatasetError extends Error {
  override readonly name = 'DatasetError';

  constructor(
    /** JSON path of the offending value, e.g. `psus[3].approvalLimits.sepa.amount`. */
    readonly path: string,
    readonly problem: string,
  ) {
    super(`${path === '' ? '(dataset)' : path}: ${problem}`);
  }
}

type JsonObject = Record<string, unknown>;

function fail(path: string, problem: string): never {
  throw new DatasetError(path, problem);
}

function show(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

function at(path: string, key: string): string {
  if (!/^[A-Za-z_$][\w$]*$/.test(key)) return `${path}[${JSON.stringify(key)}]`;
  return path === '' ? key : `${path}.${key}`;
}

function item(path: string, i: number): string {
  return `${path}[${i}]`;
}

function isJsonObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** An object with exactly these fields; unknown fields are refused because they are usually misspelt ones. */
function record(v: unknown, path: string, required: readonly string[], optional: readonly string[] = []): JsonObject {
  if (!isJsonObject(v)) fail(path, `${show(v)} is not an object`);
  for (const key of Object.keys(v)) {
    if (!required.includes(key) && !optional.includes(key)) fail(at(path, key), 'is not a field of this object');
  }
  for (const key of required) {
    if (v[key] === undefined) fail(at(path, key), 'is missing');
  }
  return v;
}

function list<T>(v: unknown, path: string, read: (x: unknown, path: string) => T, minLength = 0): T[] {
  if (!Array.isArray(v)) fail(path, `${show(v)} is not an array`);
  if (v.length < minLength) fail(path, `needs at least ${minLength} entr${minLength === 1 ? 'y' : 'ies'}`);
  return v.map((x, i) => read(x, item(path, i)));
}

function text(v: unknown, path: string): string {
  if (typeof v !== 'string') fail(path, `${show(v)} is not a string`);
  if (v.trim() === '') fail(path, 'is empty');
  return v;
}

function anyText(v: unknown, path: string): string {
  if (typeof v !== 'string') fail(path, `${show(v)} is not a string`);
  return v;
}

function bool(v: unknown, path: string): boolean {
  if (typeof v !== 'boolean') fail(path, `${show(v)} is not a boolean`);
  return v;
}

function integer(v: unknown, path: string, min: number, max: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v)) fail(path, `${show(v)} is not an integer`);
  if (v < min || v > max) fail(path, `${v} is outside ${min}..${max}`);
  return v;
}

function oneOf<T extends string | number>(v: unknown, path: string, values: readonly T[]): T {
  const found = values.find((x) => x === v);
  if (found === undefined) fail(path, `${show(v)} is not one of ${values.join(', ')}`);
  return found;
}

function amount(v: unknown, path: string): string {
  if (typeof v !== 'string' || !isDecimalAmount(v)) fail(path, `${show(v)} is not a decimal amount`);
  return v;
}

function signedAmount(v: unknown, path: string): string {
  if (typeof v !== 'string' || !isSignedDecimalAmount(v)) fail(path, `${show(v)} is not a signed decimal amount`);
  return v;
}

function currency(v: unknown, path: string): string {
  if (typeof v !== 'string' || !/^[A-Z]{3}$/.test(v)) fail(path, `${show(v)} is not an ISO 4217 currency code`);
  return v;
}

function isoDate(v: unknown, path: string): string {
  const m = typeof v === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(v) : null;
  const date = m === null ? null : new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (typeof v !== 'string' || date === null || date.toISOString().slice(0, 10) !== v) {
    fail(path, `${show(v)} is not an ISO date (YYYY-MM-DD)`);
  }
  return v;
}

function clockTime(v: unknown, path: string): string {
  if (typeof v !== 'string' || !/^([01]\d|2[0-3]):[0-5]\d$/.test(v)) fail(path, `${show(v)} is not a time HH:MM`);
  return v;
}

function processingDelay(v: unknown, path: string): string {
  if (typeof v !== 'string' || processingDelayMs(v) === null) {
    fail(path, `${show(v)} is not an ISO-8601 duration in days, hours, minutes or seconds of at most ${MAX_PROCESSING_DELAY_DAYS} days (e.g. "PT15M")`);
  }
  return v;
}

/**
 * Intl's canonical zones, listed once: a formatter's first creation loads ICU's date patterns as well, a good
 * part of reading the dataset at every start (docs/benchmarks.md, "Issue 24, session 4: start-up").
 */
let canonicalZones: ReadonlySet<string> | undefined;

function timeZone(v: unknown, path: string): string {
  const zone = text(v, path);
  if ((canonicalZones ??= new Set(Intl.supportedValuesOf('timeZone'))).has(zone)) return zone;
  // Not listed, yet maybe known: an alias such as UTC.
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    fail(path, `${show(v)} is not an IANA time zone`);
  }
  return zone;
}

function iban(v: unknown, path: string): string {
  const s = anyText(v, path);
  const problem = ibanProblem(s);
  if (problem !== null) fail(path, `${show(v)} is not a valid IBAN: ${problem}`);
  return s;
}

function bic(v: unknown, path: string): string {
  if (typeof v !== 'string' || !isValidBic(v)) fail(path, `${show(v)} is not a BIC`);
  return v;
}

function money(v: unknown, path: string): Money {
  const o = record(v, path, ['currency', 'amount']);
  return { currency: currency(o.currency, at(path, 'currency')), amount: amount(o.amount, at(path, 'amount')) };
}

/** An object keyed by some of `keys` (cut-offs per product, limits per category). */
function keyed<K extends string, T>(v: unknown, path: string, keys: readonly K[], what: string, read: (x: unknown, path: string) => T): Partial<Record<K, T>> {
  if (!isJsonObject(v)) fail(path, `${show(v)} is not an object`);
  const result: Partial<Record<K, T>> = {};
  for (const [key, value] of Object.entries(v)) {
    const k = keys.find((x) => x === key);
    if (k === undefined) fail(at(path, key), `is not ${what}: use one of ${keys.join(', ')}`);
    result[k] = read(value, at(path, key));
  }
  return result;
}

function optional<T>(o: JsonObject, key: string, path: string, read: (x: unknown, path: string) => T): T | undefined {
  return o[key] === undefined ? undefined : read(o[key], at(path, key));
}

function calendar(v: unknown, path: string): BusinessCalendar {
  const o = record(v, path, ['timeZone', 'weekendDays', 'holidays']);
  return {
    timeZone: timeZone(o.timeZone, at(path, 'timeZone')),
    weekendDays: list(o.weekendDays, at(path, 'weekendDays'), (x, p) => integer(x, p, 0, 6)),
    holidays: list(o.holidays, at(path, 'holidays'), isoDate),
  };
}

function institution(v: unknown, path: string): Institution {
  const o = record(
    v,
    path,
    ['id', 'name', 'countryCode', 'bic', 'currency', 'trustFramework', 'products', 'verificationOfPayee', 'calendar', 'cutOffs', 'processingDelays'],
    ['productLimits'],
  );
  const countryCode = o.countryCode;
  if (typeof countryCode !== 'string' || !/^[A-Z]{2}$/.test(countryCode)) {
    fail(at(path, 'countryCode'), `${show(countryCode)} is not an ISO 3166 country code`);
  }
  const result: Institution = {
    id: oneOf(o.id, at(path, 'id'), INSTITUTION_IDS),
    name: text(o.name, at(path, 'name')),
    countryCode,
    bic: bic(o.bic, at(path, 'bic')),
    currency: currency(o.currency, at(path, 'currency')),
    trustFramework: oneOf(o.trustFramework, at(path, 'trustFramework'), ['eidas', 'uk-open-banking'] as const),
    products: list(o.products, at(path, 'products'), (x, p) => oneOf(x, p, PAYMENT_PRODUCTS), 1),
    verificationOfPayee: bool(o.verificationOfPayee, at(path, 'verificationOfPayee')),
    calendar: calendar(o.calendar, at(path, 'calendar')),
    cutOffs: keyed(o.cutOffs, at(path, 'cutOffs'), PAYMENT_PRODUCTS, 'a payment product', clockTime),
    processingDelays: keyed(o.processingDelays, at(path, 'processingDelays'), PAYMENT_PRODUCTS, 'a payment product', processingDelay),
  };
  const productLimits = optional(o, 'productLimits', path, (x, p) => keyed(x, p, PAYMENT_PRODUCTS, 'a payment product', money));
  if (productLimits !== undefined) result.productLimits = productLimits;
  return result;
}

function approvalRules(v: unknown, path: string): ApprovalRules {
  const o = record(v, path, ['authorisationsRequired', 'creatorMayAuthoriseSecond', 'distinctSignatoryGroups'], ['singleAuthorisationUpTo']);
  const result: ApprovalRules = {
    authorisationsRequired: oneOf(o.authorisationsRequired, at(path, 'authorisationsRequired'), [1, 2] as const),
    creatorMayAuthoriseSecond: bool(o.creatorMayAuthoriseSecond, at(path, 'creatorMayAuthoriseSecond')),
    distinctSignatoryGroups: bool(o.distinctSignatoryGroups, at(path, 'distinctSignatoryGroups')),
  };
  const upTo = optional(o, 'singleAuthorisationUpTo', path, (x, p) => list(x, p, money));
  if (upTo !== undefined) {
    unique(
      upTo.map((m) => m.currency),
      at(path, 'singleAuthorisationUpTo'),
      'currency',
    );
    result.singleAuthorisationUpTo = upTo;
  }
  return result;
}

function corporate(v: unknown, path: string): CorporateCustomer {
  const o = record(v, path, ['id', 'institution', 'name', 'approvalRules']);
  return {
    id: text(o.id, at(path, 'id')),
    institution: oneOf(o.institution, at(path, 'institution'), INSTITUTION_IDS),
    name: text(o.name, at(path, 'name')),
    approvalRules: approvalRules(o.approvalRules, at(path, 'approvalRules')),
  };
}

function grant(v: unknown, path: string): AccountGrant {
  const o = record(v, path, ['resourceId', 'permissions']);
  const permissions = list(o.permissions, at(path, 'permissions'), (x, p) => oneOf(x, p, ACCOUNT_PERMISSIONS), 1);
  unique(permissions, at(path, 'permissions'), 'permission');
  return { resourceId: text(o.resourceId, at(path, 'resourceId')), permissions };
}

function psu(v: unknown, path: string): Psu {
  const o = record(v, path, ['psuId', 'name', 'institution', 'corporateId', 'signatoryGroup', 'scaEnrolled', 'accounts', 'approvalLimits', 'role']);
  return {
    psuId: text(o.psuId, at(path, 'psuId')),
    name: text(o.name, at(path, 'name')),
    institution: oneOf(o.institution, at(path, 'institution'), INSTITUTION_IDS),
    corporateId: text(o.corporateId, at(path, 'corporateId')),
    signatoryGroup: o.signatoryGroup === null ? null : text(o.signatoryGroup, at(path, 'signatoryGroup')),
    scaEnrolled: bool(o.scaEnrolled, at(path, 'scaEnrolled')),
    accounts: list(o.accounts, at(path, 'accounts'), grant),
    approvalLimits: keyed(o.approvalLimits, at(path, 'approvalLimits'), PAYMENT_CATEGORIES, 'a payment category', money),
    role: text(o.role, at(path, 'role')),
  };
}

function recurring(v: unknown, path: string): RecurringTransaction {
  const o = record(v, path, ['counterpartyName', 'amount', 'remittanceInformation', 'dayOfMonth'], ['counterpartyIban', 'bankTransactionCode']);
  const value = signedAmount(o.amount, at(path, 'amount'));
  if (toMinorUnits(value) === 0n) fail(at(path, 'amount'), 'is zero');
  const result: RecurringTransaction = {
    counterpartyName: text(o.counterpartyName, at(path, 'counterpartyName')),
    amount: value,
    remittanceInformation: text(o.remittanceInformation, at(path, 'remittanceInformation')),
    dayOfMonth: integer(o.dayOfMonth, at(path, 'dayOfMonth'), 1, 28),
  };
  const counterpartyIban = optional(o, 'counterpartyIban', path, iban);
  if (counterpartyIban !== undefined) result.counterpartyIban = counterpartyIban;
  const code = optional(o, 'bankTransactionCode', path, (x, p) => {
    if (typeof x !== 'string' || !/^[A-Z]{4}-[A-Z]{4}-[A-Z]{4}$/.test(x)) {
      fail(p, `${show(x)} is not a bank transaction code like PMNT-ICDT-ESCT`);
    }
    return x;
  });
  if (code !== undefined) result.bankTransactionCode = code;
  return result;
}

function history(v: unknown, path: string): TransactionHistory {
  const o = record(v, path, ['seed', 'months', 'recurring', 'randomPerMonth', 'randomCounterparties', 'randomMaxAmount']);
  const result: TransactionHistory = {
    seed: integer(o.seed, at(path, 'seed'), 0, 0xffffffff),
    months: integer(o.months, at(path, 'months'), 1, 120),
    recurring: list(o.recurring, at(path, 'recurring'), recurring),
    randomPerMonth: integer(o.randomPerMonth, at(path, 'randomPerMonth'), 0, 500),
    randomCounterparties: list(o.randomCounterparties, at(path, 'randomCounterparties'), text),
    randomMaxAmount: amount(o.randomMaxAmount, at(path, 'randomMaxAmount')),
  };
  if (result.randomPerMonth > 0 && result.randomCounterparties.length === 0) {
    fail(at(path, 'randomCounterparties'), 'is empty although randomPerMonth is above 0');
  }
  return result;
}

function account(v: unknown, path: string): Account {
  const o = record(
    v,
    path,
    ['resourceId', 'institution', 'corporateId', 'name', 'currency', 'bic', 'cashAccountType', 'balance', 'availableBalance', 'history'],
    ['iban', 'sortCode', 'accountNumber'],
  );
  const cashAccountType = o.cashAccountType;
  if (typeof cashAccountType !== 'string' || !/^[A-Z]{4}$/.test(cashAccountType)) {
    fail(at(path, 'cashAccountType'), `${show(cashAccountType)} is not an ISO 20022 cash account type such as CACC`);
  }
  const result: Account = {
    resourceId: text(o.resourceId, at(path, 'resourceId')),
    institution: oneOf(o.institution, at(path, 'institution'), INSTITUTION_IDS),
    corporateId: text(o.corporateId, at(path, 'corporateId')),
    name: text(o.name, at(path, 'name')),
    currency: currency(o.currency, at(path, 'currency')),
    bic: bic(o.bic, at(path, 'bic')),
    cashAccountType,
    balance: signedAmount(o.balance, at(path, 'balance')),
    availableBalance: signedAmount(o.availableBalance, at(path, 'availableBalance')),
    history: history(o.history, at(path, 'history')),
  };
  const accountIban = optional(o, 'iban', path, iban);
  const sortCode = optional(o, 'sortCode', path, (x, p) => {
    if (typeof x !== 'string' || !/^(\d{2}-\d{2}-\d{2}|\d{6})$/.test(x)) fail(p, `${show(x)} is not a sort code NN-NN-NN`);
    return x;
  });
  const accountNumber = optional(o, 'accountNumber', path, (x, p) => {
    if (typeof x !== 'string' || !/^\d{8}$/.test(x)) fail(p, `${show(x)} is not an 8-digit account number`);
    return x;
  });
  if ((sortCode === undefined) !== (accountNumber === undefined)) {
    fail(at(path, sortCode === undefined ? 'sortCode' : 'accountNumber'), 'is missing: sortCode and accountNumber go together');
  }
  if (accountIban === undefined && sortCode === undefined) {
    fail(at(path, 'iban'), 'is missing: an account needs an IBAN or a sort code and account number');
  }
  if (accountIban !== undefined) result.iban = accountIban;
  if (sortCode !== undefined) result.sortCode = sortCode;
  if (accountNumber !== undefined) result.accountNumber = accountNumber;
  return result;
}

function payee(v: unknown, path: string): Payee {
  const o = record(v, path, ['iban', 'registeredName', 'demonstrates'], ['forcedOutcome']);
  const result: Payee = {
    iban: iban(o.iban, at(path, 'iban')),
    registeredName: text(o.registeredName, at(path, 'registeredName')),
    demonstrates: text(o.demonstrates, at(path, 'demonstrates')),
  };
  const forced = optional(o, 'forcedOutcome', path, (x, p) => oneOf(x, p, ['notApplicable', 'serviceUnavailable', 'timeout'] as const));
  if (forced !== undefined) result.forcedOutcome = forced;
  return result;
}

function sandboxPayment(v: unknown, path: string): SandboxPayment {
  const o = record(v, path, ['paymentId', 'product', 'transactionStatus', 'startAuthorisation', 'authorisationScaStatus', 'cancellation', 'templateFile']);
  const templateFile = text(o.templateFile, at(path, 'templateFile'));
  // Resolved against the resources folder: a path leaving it would read arbitrary files.
  if (templateFile.startsWith('/') || /^[A-Za-z]:/.test(templateFile) || templateFile.split(/[\\/]/).includes('..')) {
    fail(at(path, 'templateFile'), `${show(templateFile)} must be a relative path inside the resources folder`);
  }
  return {
    paymentId: text(o.paymentId, at(path, 'paymentId')),
    product: oneOf(o.product, at(path, 'product'), PAYMENT_PRODUCTS),
    transactionStatus: oneOf(o.transactionStatus, at(path, 'transactionStatus'), ['PATC', 'RJCT', 'n.a.'] as const),
    startAuthorisation: oneOf(o.startAuthorisation, at(path, 'startAuthorisation'), ['redirect', 'statusInvalid'] as const),
    authorisationScaStatus: oneOf(o.authorisationScaStatus, at(path, 'authorisationScaStatus'), ['started', 'finalised'] as const),
    cancellation: oneOf(o.cancellation, at(path, 'cancellation'), ['accepted', 'invalid'] as const),
    templateFile,
  };
}

function sandboxBasket(v: unknown, path: string): SandboxBasket {
  const o = record(v, path, ['basketId', 'paymentIds', 'scaStatus', 'transactionStatus']);
  return {
    basketId: text(o.basketId, at(path, 'basketId')),
    paymentIds: list(o.paymentIds, at(path, 'paymentIds'), text, 1),
    scaStatus: oneOf(o.scaStatus, at(path, 'scaStatus'), ['finalised', 'failed'] as const),
    transactionStatus: oneOf(o.transactionStatus, at(path, 'transactionStatus'), ['ACTC', 'RJCT'] as const),
  };
}

function sandboxConsent(v: unknown, path: string): SandboxConsent {
  const o = record(v, path, ['psuId', 'consentId']);
  return { psuId: text(o.psuId, at(path, 'psuId')), consentId: text(o.consentId, at(path, 'consentId')) };
}

function sandbox(v: unknown, path: string): SandboxData {
  const o = record(v, path, ['consents', 'createdPaymentIds', 'createdBasketId', 'createdBasketPaymentIds', 'payments', 'baskets']);
  return {
    consents: list(o.consents, at(path, 'consents'), sandboxConsent),
    createdPaymentIds: keyed(o.createdPaymentIds, at(path, 'createdPaymentIds'), PAYMENT_PRODUCTS, 'a payment product', text),
    createdBasketId: text(o.createdBasketId, at(path, 'createdBasketId')),
    createdBasketPaymentIds: list(o.createdBasketPaymentIds, at(path, 'createdBasketPaymentIds'), text, 1),
    payments: list(o.payments, at(path, 'payments'), sandboxPayment),
    baskets: list(o.baskets, at(path, 'baskets'), sandboxBasket),
  };
}

/** Fails at the second occurrence of a value, naming that entry. */
function unique(values: readonly string[], path: string, what: string, field?: string): void {
  const seen = new Set<string>();
  values.forEach((value, i) => {
    if (seen.has(value)) fail(field === undefined ? item(path, i) : at(item(path, i), field), `duplicate ${what} ${show(value)}`);
    seen.add(value);
  });
}

function checkInstitutions(institutions: readonly Institution[]): void {
  unique(
    institutions.map((i) => i.id),
    'institutions',
    'institution id',
    'id',
  );
  for (const id of INSTITUTION_IDS) {
    if (!institutions.some((i) => i.id === id)) fail('institutions', `no entry for institution "${id}"`);
  }
  institutions.forEach((inst, i) => {
    const path = item('institutions', i);
    unique(inst.products, at(path, 'products'), 'product');
    unique(inst.calendar.weekendDays.map(String), at(at(path, 'calendar'), 'weekendDays'), 'weekend day');
    if (inst.id === 'london' && inst.verificationOfPayee) {
      fail(at(path, 'verificationOfPayee'), 'must be false for london: the spec excludes London from Verification of Payee');
    }
    const framework = inst.id === 'london' ? 'uk-open-banking' : 'eidas';
    if (inst.trustFramework !== framework) {
      fail(at(path, 'trustFramework'), `must be "${framework}" for ${inst.id} (spec: Access model)`);
    }
    for (const [field, byProduct] of [
      ['cutOffs', inst.cutOffs],
      ['processingDelays', inst.processingDelays],
      ['productLimits', inst.productLimits ?? {}],
    ] as const) {
      for (const product of Object.keys(byProduct)) {
        if (!inst.products.some((p) => p === product)) {
          fail(at(at(path, field), product), `product is not offered by ${inst.id}`);
        }
      }
    }
    for (const product of inst.products) {
      if (inst.processingDelays[product] === undefined)
        fail(at(at(path, 'processingDelays'), product), `is missing: every product ${inst.id} offers needs one`);
    }
  });
}

function checkReferences(d: Dataset): void {
  const corporates = new Map(d.corporates.map((c) => [c.id, c]));
  const accounts = new Map(d.accounts.map((a) => [a.resourceId, a]));
  const corporateOf = (id: string, path: string): CorporateCustomer => corporates.get(id) ?? fail(path, `unknown corporate customer ${show(id)}`);
  const sameInstitution = (mine: InstitutionId, corporate: CorporateCustomer, path: string): void => {
    if (mine !== corporate.institution) {
      fail(path, `"${mine}" differs from the institution "${corporate.institution}" of corporate customer ${corporate.id}`);
    }
  };

  unique(
    d.corporates.map((c) => c.id),
    'corporates',
    'corporate id',
    'id',
  );
  unique(
    d.accounts.map((a) => a.resourceId),
    'accounts',
    'resourceId',
    'resourceId',
  );
  const ibans = new Set<string>();
  d.accounts.forEach((a, i) => {
    if (a.iban === undefined) return;
    if (ibans.has(a.iban)) fail(at(item('accounts', i), 'iban'), `duplicate IBAN ${show(a.iban)}`);
    ibans.add(a.iban);
  });
  d.accounts.forEach((a, i) => {
    const path = item('accounts', i);
    sameInstitution(a.institution, corporateOf(a.corporateId, at(path, 'corporateId')), at(path, 'institution'));
  });

  unique(
    d.psus.map((p) => p.psuId),
    'psus',
    'psuId',
    'psuId',
  );
  d.psus.forEach((p, i) => {
    const path = item('psus', i);
    const corporate = corporateOf(p.corporateId, at(path, 'corporateId'));
    sameInstitution(p.institution, corporate, at(path, 'institution'));
    unique(
      p.accounts.map((g) => g.resourceId),
      at(path, 'accounts'),
      'account grant',
      'resourceId',
    );
    p.accounts.forEach((g, j) => {
      const grantPath = at(item(at(path, 'accounts'), j), 'resourceId');
      const granted = accounts.get(g.resourceId) ?? fail(grantPath, `unknown account ${show(g.resourceId)}`);
      if (granted.corporateId !== p.corporateId) {
        fail(grantPath, `account belongs to corporate customer ${granted.corporateId}, not to the PSU's ${p.corporateId}`);
      }
    });
  });

  unique(
    d.payees.map((p) => p.iban),
    'payees',
    'IBAN',
    'iban',
  );

  const sb = d.sandbox;
  const psuIds = new Set(d.psus.map((p) => p.psuId));
  const offered = new Set<PaymentProduct>(d.institutions.flatMap((i) => i.products));
  sb.consents.forEach((c, i) => {
    if (!psuIds.has(c.psuId)) fail(at(item('sandbox.consents', i), 'psuId'), `unknown PSU ${show(c.psuId)}`);
  });
  unique(
    sb.consents.map((c) => c.consentId),
    'sandbox.consents',
    'consentId',
    'consentId',
  );
  for (const product of PAYMENT_PRODUCTS) {
    if (sb.createdPaymentIds[product] !== undefined && !offered.has(product)) {
      fail(at('sandbox.createdPaymentIds', product), 'product is offered by no institution');
    }
  }
  unique(
    sb.payments.map((p) => p.paymentId),
    'sandbox.payments',
    'paymentId',
    'paymentId',
  );
  sb.payments.forEach((p, i) => {
    if (!offered.has(p.product)) fail(at(item('sandbox.payments', i), 'product'), `${p.product} is offered by no institution`);
  });
  const productOf = new Map(sb.payments.map((p) => [p.paymentId, p.product]));
  unique(
    sb.baskets.map((b) => b.basketId),
    'sandbox.baskets',
    'basketId',
    'basketId',
  );
  /** Through every institution a basket lists at least one payment that answers there (spec "Sandbox behaviour" 6). */
  const basketPayments = (ids: readonly string[], path: string): void => {
    ids.forEach((id, j) => {
      if (!productOf.has(id)) fail(item(path, j), `unknown sandbox payment ${show(id)}`);
    });
    for (const institution of d.institutions) {
      if (!ids.some((id) => sandboxPaymentAnswersAt(d, productOf.get(id) as PaymentProduct, institution.id))) {
        fail(path, `no payment of a product ${institution.id} offers (${institution.products.join(', ')}), so the basket would list none there`);
      }
    }
  };
  basketPayments(sb.createdBasketPaymentIds, 'sandbox.createdBasketPaymentIds');
  sb.baskets.forEach((b, i) => {
    const path = item('sandbox.baskets', i);
    basketPayments(b.paymentIds, at(path, 'paymentIds'));
    if ((b.scaStatus === 'finalised') !== (b.transactionStatus === 'ACTC')) {
      fail(at(path, 'transactionStatus'), `${b.transactionStatus} does not go with scaStatus ${b.scaStatus} (finalised/ACTC, failed/RJCT)`);
    }
  });
}

/** The dataset typed, or a DatasetError naming the JSON path of the first problem. */
export function validateDataset(input: unknown): Dataset {
  const o = record(input, '', ['formatVersion', 'name', 'description', 'institutions', 'corporates', 'psus', 'accounts', 'payees', 'sandbox']);
  if (o.formatVersion !== 1) fail('formatVersion', `${show(o.formatVersion)} is not a supported format version (1)`);
  const dataset: Dataset = {
    formatVersion: 1,
    name: text(o.name, 'name'),
    description: anyText(o.description, 'description'),
    institutions: list(o.institutions, 'institutions', institution),
    corporates: list(o.corporates, 'corporates', corporate),
    psus: list(o.psus, 'psus', psu),
    accounts: list(o.accounts, 'accounts', account),
    payees: list(o.payees, 'payees', payee),
    sandbox: sandbox(o.sandbox, 'sandbox'),
  };
  checkInstitutions(dataset.institutions);
  checkReferences(dataset);
  return dataset;
}
