/**
 * The simple types of pain.001.001.03 with their facets, and the check of one value
 * against one type. A failed check names the type as its rule, as the schema does.
 */
import { ibanProblem } from '../iban';
import { isXsdDateTime, parseXsdDecimal, xsdBoolean, xsdDate } from '../xsd-values';

type SimpleType =
  | { kind: 'text'; min: number; max: number }
  | { kind: 'pattern'; pattern: RegExp; shape: string }
  | { kind: 'enumeration'; values: readonly string[] }
  | { kind: 'decimal'; totalDigits: number; fractionDigits: number; nonNegative: boolean }
  | { kind: 'date' | 'dateTime' | 'boolean' | 'iban' };

const text = (min: number, max: number): SimpleType => ({ kind: 'text', min, max });
const pattern = (re: RegExp, shape: string): SimpleType => ({ kind: 'pattern', pattern: re, shape });
const oneOf = (...values: string[]): SimpleType => ({ kind: 'enumeration', values });
const decimal = (totalDigits: number, fractionDigits: number, nonNegative = false): SimpleType => ({
  kind: 'decimal',
  totalDigits,
  fractionDigits,
  nonNegative,
});

const BIC_PATTERN = pattern(
  /^[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$/,
  '4 letters bank code, 2 letters country code, 2 characters location, optional 3 characters branch',
);

export const SIMPLE_TYPES: Readonly<Record<string, SimpleType>> = {
  Max4Text: text(1, 4),
  Max10Text: text(1, 10),
  Max16Text: text(1, 16),
  Max34Text: text(1, 34),
  Max35Text: text(1, 35),
  Max70Text: text(1, 70),
  Max128Text: text(1, 128),
  Max140Text: text(1, 140),
  Max2048Text: text(1, 2048),
  ExternalAccountIdentification1Code: text(1, 4),
  ExternalCategoryPurpose1Code: text(1, 4),
  ExternalClearingSystemIdentification1Code: text(1, 5),
  ExternalFinancialInstitutionIdentification1Code: text(1, 4),
  ExternalLocalInstrument1Code: text(1, 35),
  ExternalOrganisationIdentification1Code: text(1, 4),
  ExternalPersonIdentification1Code: text(1, 4),
  ExternalPurpose1Code: text(1, 4),
  ExternalServiceLevel1Code: text(1, 4),
  Max15NumericText: pattern(/^[0-9]{1,15}$/, '1 to 15 digits'),
  ActiveOrHistoricCurrencyCode: pattern(/^[A-Z]{3}$/, 'three upper-case letters'),
  CountryCode: pattern(/^[A-Z]{2}$/, 'two upper-case letters'),
  PhoneNumber: pattern(/^\+[0-9]{1,3}-[0-9()+-]{1,30}$/, '+country code-number, e.g. +49-6912345678'),
  BICIdentifier: BIC_PATTERN,
  AnyBICIdentifier: BIC_PATTERN,
  IBAN2007Identifier: { kind: 'iban' },
  ISODate: { kind: 'date' },
  ISODateTime: { kind: 'dateTime' },
  BatchBookingIndicator: { kind: 'boolean' },
  DecimalNumber: decimal(18, 17),
  Number: decimal(18, 0),
  BaseOneRate: decimal(11, 10),
  PercentageRate: decimal(11, 10),
  ActiveOrHistoricCurrencyAndAmount_SimpleType: decimal(18, 5, true),
  AddressType2Code: oneOf('ADDR', 'PBOX', 'HOME', 'BIZZ', 'MLTO', 'DLVY'),
  Authorisation1Code: oneOf('AUTH', 'FDET', 'FSUM', 'ILEV'),
  CashAccountType4Code: oneOf('CASH', 'CHAR', 'COMM', 'TAXE', 'CISH', 'TRAS', 'SACC', 'CACC', 'SVGS', 'ONDP', 'MGLD', 'NREX', 'MOMA', 'LOAN', 'SLRY', 'ODFT'),
  ChargeBearerType1Code: oneOf('DEBT', 'CRED', 'SHAR', 'SLEV'),
  ChequeDelivery1Code: oneOf('MLDB', 'MLCD', 'MLFA', 'CRDB', 'CRCD', 'CRFA', 'PUDB', 'PUCD', 'PUFA', 'RGDB', 'RGCD', 'RGFA'),
  ChequeType2Code: oneOf('CCHQ', 'CCCH', 'BCHQ', 'DRFT', 'ELDR'),
  CreditDebitCode: oneOf('CRDT', 'DBIT'),
  DocumentType3Code: oneOf('RADM', 'RPIN', 'FXDR', 'DISP', 'PUOR', 'SCOR'),
  DocumentType5Code: oneOf('MSIN', 'CNFA', 'DNFA', 'CINV', 'CREN', 'DEBN', 'HIRI', 'SBIN', 'CMCN', 'SOAC', 'DISP', 'BOLD', 'VCHR', 'AROI', 'TSUT'),
  ExchangeRateType1Code: oneOf('SPOT', 'SALE', 'AGRD'),
  Instruction3Code: oneOf('CHQB', 'HOLD', 'PHOB', 'TELB'),
  NamePrefix1Code: oneOf('DOCT', 'MIST', 'MISS', 'MADM'),
  PaymentMethod3Code: oneOf('CHK', 'TRF', 'TRA'),
  Priority2Code: oneOf('HIGH', 'NORM'),
  RegulatoryReportingType1Code: oneOf('CRED', 'DEBT', 'BOTH'),
  RemittanceLocationMethod2Code: oneOf('FAXI', 'EDIC', 'URID', 'EMAL', 'POST', 'SMSM'),
  TaxRecordPeriod1Code: oneOf(
    'MM01',
    'MM02',
    'MM03',
    'MM04',
    'MM05',
    'MM06',
    'MM07',
    'MM08',
    'MM09',
    'MM10',
    'MM11',
    'MM12',
    'QTR1',
    'QTR2',
    'QTR3',
    'QTR4',
    'HLF1',
    'HLF2',
  ),
};

export interface ValueProblem {
  rule: string;
  message: string;
}

const quote = (s: string): string => JSON.stringify(s.length > 60 ? `${s.slice(0, 57)}...` : s);

function checkDecimal(type: string, t: Extract<SimpleType, { kind: 'decimal' }>, raw: string): ValueProblem | null {
  const d = parseXsdDecimal(raw.trim());
  if (d === null) return { rule: type, message: `${quote(raw)} is not a decimal number` };
  if (d.fraction.length > t.fractionDigits) {
    return { rule: type, message: `${quote(raw)} has ${d.fraction.length} fraction digits, at most ${t.fractionDigits} allowed` };
  }
  if (d.integer.length + d.fraction.length > t.totalDigits) {
    return { rule: type, message: `${quote(raw)} has ${d.integer.length + d.fraction.length} digits, at most ${t.totalDigits} allowed` };
  }
  if (t.nonNegative && d.negative && (d.integer !== '' || d.fraction !== '')) {
    return { rule: type, message: `${quote(raw)} is negative` };
  }
  return null;
}

function checkIban(raw: string): ValueProblem | null {
  if (!/^[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{1,30}$/.test(raw)) {
    return { rule: 'IBAN2007Identifier', message: `${quote(raw)} is not an IBAN (country code, 2 check digits, up to 30 letters or digits, no spaces)` };
  }
  const problem = ibanProblem(raw);
  if (problem === null) return null;
  return { rule: problem.includes('check digits') ? 'IBAN check digits' : 'IBAN', message: `IBAN ${raw} ${problem}` };
}

/** What is wrong with a value of a simple type, or null. Unknown type names are a programming error. */
export function checkSimpleValue(type: string, raw: string): ValueProblem | null {
  const t = SIMPLE_TYPES[type];
  if (t === undefined) throw new Error(`no simple type ${type}`);
  switch (t.kind) {
    case 'text': {
      if (raw.length === 0) return { rule: type, message: `must not be empty (1 to ${t.max} characters)` };
      // UTF-16 length bounds the character count from above; count code points only near the limit.
      if (raw.length > t.max) {
        const chars = [...raw].length;
        if (chars > t.max) return { rule: type, message: `has ${chars} characters, at most ${t.max} allowed` };
      }
      return null;
    }
    case 'pattern':
      return t.pattern.test(raw) ? null : { rule: type, message: `${quote(raw)} does not match the pattern (${t.shape})` };
    case 'enumeration':
      return t.values.includes(raw) ? null : { rule: type, message: `${quote(raw)} is not one of ${t.values.join(', ')}` };
    case 'decimal':
      return checkDecimal(type, t, raw);
    case 'date':
      return xsdDate(raw.trim()) !== null ? null : { rule: type, message: `${quote(raw)} is not a valid date (YYYY-MM-DD)` };
    case 'dateTime':
      return isXsdDateTime(raw.trim())
        ? null
        : { rule: type, message: `${quote(raw)} is not a valid date and time (YYYY-MM-DDThh:mm:ss, optional fraction and zone)` };
    case 'boolean':
      return xsdBoolean(raw.trim()) !== null ? null : { rule: type, message: `${quote(raw)} is not a boolean (true, false, 1 or 0)` };
    case 'iban':
      return checkIban(raw);
  }
}
