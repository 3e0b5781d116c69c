/**
 * The dataset's leaf values: each a JSON Schema a generic tool checks (its type and pattern), and the
 * check the simulator runs, which words the problem and holds what a pattern cannot (a check digit, a
 * real date, a zone Intl knows, a duration's length).
 */
import Type, { type TString } from 'typebox';
import { isDecimalAmount, isSignedDecimalAmount } from '../money';
import { isValidBic } from '../iso20022/bic';
import { ibanProblem } from '../iso20022/iban';
import { MAX_PROCESSING_DELAY_DAYS, processingDelayMs } from '../payment/processing';
import { show } from './dataset-error';
import { checkedBy } from './schema-check';

const described = (description?: string): { description?: string } => (description === undefined ? {} : { description });

/** A string the pattern describes and `accepts` decides, else "`value` is not `what`". */
const stringOf = (pattern: string, what: string, accepts: (s: string) => boolean, description?: string): TString =>
  checkedBy(Type.String({ pattern, ...described(description) }), (v) => (typeof v === 'string' && accepts(v) ? null : `${show(v)} is not ${what}`));

/** A string matching the pattern, else "`value` is not `what`". */
const matching = (pattern: string, what: string, description?: string): TString => {
  const regex = new RegExp(pattern);
  return stringOf(pattern, what, (s) => regex.test(s), description);
};

const textProblem = (v: unknown): string | null => (typeof v !== 'string' ? `${show(v)} is not a string` : v.trim() === '' ? 'is empty' : null);

/** Text with at least one character that is not a space. */
export const NonEmptyText = (description?: string): TString => checkedBy(Type.String({ pattern: '\\S', ...described(description) }), textProblem);

/** Any text, empty included. */
export const AnyText = (description?: string): TString => Type.String(described(description));

export const FormatVersion = checkedBy(Type.Literal(1, { description: 'The format version of this file: 1' }), (v) =>
  v === 1 ? null : `${show(v)} is not a supported format version (1)`,
);

export const CurrencyCode = matching('^[A-Z]{3}$', 'an ISO 4217 currency code');
export const CountryCode = matching('^[A-Z]{2}$', 'an ISO 3166 country code');
export const DecimalAmount = stringOf('^(0|[1-9]\\d*)(\\.\\d{1,2})?$', 'a decimal amount', (s) => isDecimalAmount(s), 'A decimal string, at most two decimals');
export const SignedAmount = (description?: string): TString =>
  stringOf('^-?(0|[1-9]\\d*)(\\.\\d{1,2})?$', 'a signed decimal amount', (s) => isSignedDecimalAmount(s), description);
export const ClockTime = matching('^([01]\\d|2[0-3]):[0-5]\\d$', 'a time HH:MM');
export const Bic = stringOf('^[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$', 'a BIC', isValidBic);
export const CashAccountType = matching('^[A-Z]{4}$', 'an ISO 20022 cash account type such as CACC');
export const BankTransactionCode = matching('^[A-Z]{4}-[A-Z]{4}-[A-Z]{4}$', 'a bank transaction code like PMNT-ICDT-ESCT');
export const SortCode = matching('^(\\d{2}-\\d{2}-\\d{2}|\\d{6})$', 'a sort code NN-NN-NN', 'UK sort code (London)');
export const AccountNumber = matching('^\\d{8}$', 'an 8-digit account number', 'UK account number (London)');

/** A calendar date, checked to exist (2026-02-30 does not). */
export const IsoDate = checkedBy(Type.String({ format: 'date' }), (v) => {
  const m = typeof v === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(v) : null;
  const date = m === null ? null : new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return typeof v === 'string' && date !== null && date.toISOString().slice(0, 10) === v ? null : `${show(v)} is not an ISO date (YYYY-MM-DD)`;
});

export const ProcessingDelay = checkedBy(
  Type.String({
    pattern: '^P(?!$)(\\d+W)?(\\d+D)?(T(?=\\d)(\\d+H)?(\\d+M)?(\\d+(\\.\\d{1,3})?S)?)?$',
    description: `An ISO-8601 duration in days, hours, minutes or seconds, at most ${MAX_PROCESSING_DELAY_DAYS} days (e.g. "PT15M")`,
  }),
  (v) =>
    typeof v === 'string' && processingDelayMs(v) !== null
      ? null
      : `${show(v)} is not an ISO-8601 duration in days, hours, minutes or seconds of at most ${MAX_PROCESSING_DELAY_DAYS} days (e.g. "PT15M")`,
);

/**
 * Intl's canonical zones, listed once: a formatter's first creation loads ICU's date patterns as well, a good
 * part of reading the dataset at every start (docs/benchmarks.md).
 */
let canonicalZones: ReadonlySet<string> | undefined;

const isTimeZone = (zone: string): boolean => {
  if ((canonicalZones ??= new Set(Intl.supportedValuesOf('timeZone'))).has(zone)) return true;
  // Not listed, yet maybe known: an alias such as UTC.
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

export const TimeZone = checkedBy(
  Type.String({ pattern: '\\S', description: 'An IANA time zone, in which cut-off times and business dates are read' }),
  (v) => {
    const problem = textProblem(v);
    if (problem !== null) return problem;
    return isTimeZone(v as string) ? null : `${show(v)} is not an IANA time zone`;
  },
);

/** An IBAN in its electronic format; the simulator also checks its length per country and its check digits. */
export const Iban = (description?: string): TString =>
  checkedBy(Type.String({ pattern: '^[A-Z]{2}\\d{2}[A-Z0-9]{11,30}$', ...described(description) }), (v) => {
    if (typeof v !== 'string') return `${show(v)} is not a string`;
    const problem = ibanProblem(v);
    return problem === null ? null : `${show(v)} is not a valid IBAN: ${problem}`;
  });

/** Resolved against the resources folder: a path leaving it would read arbitrary files. */
export const TemplateFile = checkedBy(
  Type.String({ pattern: '\\S', description: 'The pain.001 GET answers: a relative path inside the resources folder' }),
  (v) => {
    const problem = textProblem(v);
    if (problem !== null) return problem;
    const path = v as string;
    return path.startsWith('/') || /^[A-Za-z]:/.test(path) || path.split(/[\\/]/).includes('..')
      ? `${show(path)} must be a relative path inside the resources folder`
      : null;
  },
);
