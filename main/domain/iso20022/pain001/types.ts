/**
 * What pain.001 validation takes and gives. Issues of kind 'schema' are the message's
 * form, 'business' its content against the bank and the product; the bank answers both
 * with PAYMENT_FAILED (spec "Errors": correct the request per the ISO 20022 schema), and
 * the kind tells the editor and the diagnosis which of the two failed.
 */
import type { Account, Institution, PaymentProduct } from '../../dataset/types';
import type { Pain001Version } from '../versions';

export interface ValidationContext {
  product: PaymentProduct;
  institution: Institution;
  /** All accounts of the bank, for internal transfers and the debtor lookup. */
  accounts: Account[];
  /** YYYY-MM-DD in the institution's zone. Past execution dates are moved (executionDate()), never rejected. */
  today: string;
}

export interface ValidationIssue {
  /** Element path, e.g. Document/CstmrCdtTrfInitn/PmtInf[1]/CdtTrfTxInf[3]/Amt/InstdAmt; repeatable elements carry a 1-based index. */
  path: string;
  /** Short rule id: the schema type for facet problems (Max35Text, ISODate), else e.g. "minOccurs", "SEPA: EUR only". */
  rule: string;
  message: string;
  kind: 'schema' | 'business';
  line?: number;
}

export interface ParsedTransaction {
  /** 1-based position in the PmtInf, as in issue paths (CdtTrfTxInf[index]). */
  index: number;
  endToEndId: string;
  instrId?: string;
  /** Plain decimal with the currency's number of decimals, e.g. "1250.50". */
  amount: string;
  currency: string;
  creditorName: string;
  creditorIban?: string;
  /** CdtrAcct/Id/Othr/Id as written. */
  creditorOtherId?: string;
  creditorAgentBic?: string;
  /** The Ustrd lines joined by a space. */
  remittance?: string;
}

export interface CurrencyTotal {
  currency: string;
  /** Sum of the transactions in this currency, plain decimal with the currency's decimals. */
  amount: string;
  count: number;
}

export interface ParsedPayment {
  messageVersion: Pain001Version;
  msgId: string;
  creationDateTime: string;
  pmtInfId: string;
  numberOfTransactions: number;
  /** GrpHdr/CtrlSum as written, when given. */
  controlSum?: string;
  /** ReqdExctnDt as a calendar date (YYYY-MM-DD), before any move by executionDate(). */
  requestedExecutionDate: string;
  batchBooking?: boolean;
  debtor: {
    name: string;
    iban?: string;
    /** DbtrAcct/Id/Othr/Id as written (UK sort code and account number). */
    otherId?: string;
    accountResourceId: string;
  };
  /** DbtrAgt BIC as written, or the institution's BIC when the message gives none. */
  debtorAgentBic: string;
  /** PmtInf/ChrgBr, when given. */
  chargeBearer?: string;
  /** PmtInf/PmtTpInf/SvcLvl/Cd, when given. */
  serviceLevel?: string;
  /** One entry per currency, in order of first appearance. */
  totals: CurrencyTotal[];
  transactions: ParsedTransaction[];
}

export type ValidationResult = { ok: true; payment: ParsedPayment } | { ok: false; errors: ValidationIssue[] };
