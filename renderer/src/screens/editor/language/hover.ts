/**
 * Hover on an element name: its ISO 20022 name spelt out ("CtrlSum — Control Sum"), its
 * cardinality and type where it stands, and the rule the bank applies to it (spec
 * "Payment" and the bank's validator, main/domain/iso20022/pain001). Pure.
 */
import { cardinality, openElementsAt, particleAt } from './structure';

/** ISO 20022's abbreviations of the words in pain.001.001.03's element names. */
const WORDS: Readonly<Record<string, string>> = {
  Acct: 'Account',
  Addtl: 'Additional',
  Adjstmnt: 'Adjustment',
  Admstn: 'Administration',
  Adr: 'Address',
  Agt: 'Agent',
  Amt: 'Amount',
  Apld: 'Applied',
  Authrty: 'Authority',
  Authstn: 'Authorisation',
  Bldg: 'Building',
  Bookg: 'Booking',
  Br: 'Bearer',
  Brnch: 'Branch',
  Btch: 'Batch',
  Ccy: 'Currency',
  Cd: 'Code',
  Cdt: 'Credit',
  Cdtr: 'Creditor',
  Cert: 'Certificate',
  Chq: 'Cheque',
  Chrg: 'Charge',
  Chrgs: 'Charges',
  Clr: 'Clearing',
  Cre: 'Creation',
  Cstmr: 'Customer',
  Ctct: 'Contact',
  Ctgy: 'Category',
  Ctrct: 'Contract',
  Ctrl: 'Control',
  Ctry: 'Country',
  Dbt: 'Debit',
  Dbtr: 'Debtor',
  Dept: 'Department',
  Dlvr: 'Deliver',
  Dlvry: 'Delivery',
  Doc: 'Document',
  Dscnt: 'Discount',
  Dt: 'Date',
  Dtls: 'Details',
  Dvsn: 'Division',
  Elctrnc: 'Electronic',
  Eqvt: 'Equivalent',
  Exctn: 'Execution',
  Fin: 'Financial',
  Fld: 'Field',
  Fr: 'From',
  Frms: 'Forms',
  Fwdg: 'Forwarding',
  Grp: 'Group',
  Hdr: 'Header',
  Id: 'Identification',
  Ind: 'Indicator',
  Inf: 'Information',
  Initg: 'Initiating',
  Initn: 'Initiation',
  Instd: 'Instructed',
  Instn: 'Institution',
  Instr: 'Instruction',
  Instrm: 'Instrument',
  Intrmy: 'Intermediary',
  Invcee: 'Invoicee',
  Invcr: 'Invoicer',
  Issr: 'Issuer',
  Lcl: 'Local',
  Lctn: 'Location',
  Lvl: 'Level',
  Mmb: 'Member',
  Mob: 'Mobile',
  Msg: 'Message',
  Mtd: 'Method',
  Mtrty: 'Maturity',
  Nb: 'Number',
  Nm: 'Name',
  Org: 'Organisation',
  Othr: 'Other',
  Phne: 'Phone',
  Plc: 'Place',
  Pmt: 'Payment',
  Poolg: 'Pooling',
  Prd: 'Period',
  Prfx: 'Prefix',
  Prt: 'Print',
  Prtry: 'Proprietary',
  Prty: 'Priority',
  Prvc: 'Province',
  Prvt: 'Private',
  Pst: 'Post',
  Pstl: 'Postal',
  Pty: 'Party',
  Purp: 'Purpose',
  Pybl: 'Payable',
  Rcrd: 'Record',
  Ref: 'Reference',
  Regn: 'Registration',
  Reqd: 'Requested',
  Res: 'Residence',
  Rfrd: 'Referred',
  Rgltry: 'Regulatory',
  Rgnl: 'Regional',
  Rltd: 'Related',
  Rmt: 'Remittance',
  Rmtd: 'Remitted',
  Rptg: 'Reporting',
  Rsn: 'Reason',
  Schme: 'Scheme',
  Seq: 'Sequence',
  Strd: 'Structured',
  Strt: 'Street',
  Sts: 'Status',
  Svc: 'Service',
  Sys: 'System',
  Taxbl: 'Taxable',
  Titl: 'Title',
  Tm: 'Time',
  Tp: 'Type',
  Trf: 'Transfer',
  Ttl: 'Total',
  Twn: 'Town',
  Tx: 'Transaction',
  Txs: 'Transactions',
  Ultmt: 'Ultimate',
  Ustrd: 'Unstructured',
  Xchg: 'Exchange',
  Yr: 'Year',
  Zn: 'Zone',
};

/** "CtrlSum" → "Control Sum", "NbOfTxs" → "Number Of Transactions", "BICOrBEI" → "BIC Or BEI". */
export function isoName(tag: string): string {
  const words = tag.match(/[A-Z]+(?=[A-Z][a-z]|\d|$)|[A-Z][a-z]*|\d+/g) ?? [tag];
  return words.map((w) => WORDS[w] ?? w).join(' ');
}

/**
 * The rules the bank applies per element beyond the schema (spec "Payment": one PmtInf, a valid
 * execution date; the validator's business rules), keyed by element name or by "Parent/Name".
 */
export const BANK_RULES: Readonly<Record<string, string>> = {
  PmtInf: 'Exactly one PmtInf per message: it is the one payment resource (one paymentId). A bulk is several CdtTrfTxInf in it.',
  NbOfTxs: 'Must equal the number of CdtTrfTxInf (in GrpHdr: of the message; in PmtInf: of the PmtInf).',
  CtrlSum: 'Must equal the sum of the InstdAmt values (in GrpHdr: of the message; in PmtInf: of the PmtInf).',
  PmtMtd: 'Must be TRF (credit transfer).',
  ReqdExctnDt:
    'A date in the past, on a weekend or holiday, or today after the product’s cut-off moves to the earliest business date; the payment is not refused.',
  'DbtrAgt/BIC': 'Must be the BIC of the institution the payment is sent to.',
  DbtrAcct: 'An account held at this institution that the PSU’s consent allows payment creation from; otherwise PAYMENT_FAILED.',
  'Dbtr/Nm': 'The debtor name is required.',
  'Cdtr/Nm': 'Required. SEPA: at most 70 characters of the SEPA character set. Verification of Payee compares it with the name the payee’s bank holds.',
  CdtrAcct:
    'Required. SEPA: an IBAN. CHAPS and Faster Payments: a UK account (sort code and account number, or a GB IBAN). Internal transfers: an account of this bank.',
  InstdAmt:
    'Greater than zero, in the currency’s decimals. SEPA: EUR with at most 2 decimals; CHAPS and Faster Payments: GBP, Faster Payments up to its per-transaction limit.',
  EqvtAmt: 'Not accepted: give the amount as InstdAmt.',
  EndToEndId: 'Unique within the PmtInf: the pain.002 names each transaction by it.',
  'SvcLvl/Cd': 'SEPA: SEPA is required, on the PmtInf or on each transaction.',
  'CdtrAgt/BIC': 'SWIFT transfers: the creditor agent’s BIC is required to route the payment.',
};

export interface HoverInfo {
  name: string;
  /** "CtrlSum — Control Sum". */
  title: string;
  /** "0..1", or null outside the schema. */
  cardinality: string | null;
  type: string | null;
  rule: string | null;
  /** Offsets of the name hovered. */
  start: number;
  end: number;
}

/** The bank's rule for an element at a path of local names, by "Parent/Name" first (DbtrAgt/FinInstnId/BIC counts as DbtrAgt/BIC). */
export function bankRule(path: readonly string[]): string | null {
  const name = path[path.length - 1] ?? '';
  const parent = path[path.length - 2] ?? '';
  const agent = path[path.length - 3] ?? '';
  return BANK_RULES[`${parent}/${name}`] ?? BANK_RULES[`${agent}/${name}`] ?? BANK_RULES[name] ?? null;
}

/** The hover of the element name at `offset` (in a start or end tag), or null elsewhere. */
export function hoverAt(text: string, offset: number): HoverInfo | null {
  let start = offset;
  while (start > 0 && /[\w.-]/.test(text[start - 1] ?? '')) start--;
  let end = offset;
  while (end < text.length && /[\w.-]/.test(text[end] ?? '')) end++;
  if (start === end) return null;
  const closing = text[start - 1] === '/' && text[start - 2] === '<';
  if (text[start - 1] !== '<' && !closing) return null;
  const tagAt = closing ? start - 2 : start - 1;
  const open = openElementsAt(text, tagAt).map((e) => e.name);
  const name = text.slice(start, end);
  const path = closing ? open : [...open, name];
  const particle = particleAt(path);
  return {
    name,
    title: `${name} — ${isoName(name)}`,
    cardinality: particle ? cardinality(particle) : null,
    type: particle?.type ?? null,
    rule: bankRule(path),
    start,
    end,
  };
}
