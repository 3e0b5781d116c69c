/**
 * The transaction list as XML: an ISO 20022 camt.052.001.02 Bank To Customer Account Report
 * (BkToCstmrAcctRpt). One report per page: the group header carries the page number and the
 * last-page indicator (MsgPgntn), the report the period, the account, the four balances and one
 * entry per transaction (Sts BOOK or PDNG). Written by hand, in the schema's element order, with
 * only the elements the bank has data for; built as text like the pain.002.
 */
import type { Account } from '../dataset/types';
import { escapeXml } from '../iso20022/xml-text';
import type { AccountEntry, Balance, BalanceType } from './ledger';
import { isoSeconds } from '../time/iso-seconds';

export const CAMT052_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:camt.052.001.02';

export interface Camt052Input {
  /** GrpHdr/MsgId, Max35Text. */
  messageId: string;
  /** Rpt/Id, Max35Text. */
  reportId: string;
  createdAt: Date;
  account: Account;
  ownerName?: string;
  dateFrom: string;
  dateTo: string;
  balances: readonly Balance[];
  /** In report order: booked, then pending. */
  entries: readonly AccountEntry[];
  /** 1-based page number and whether it is the last. */
  page: { number: number; last: boolean };
}

/** BalanceType12Code. */
const BALANCE_CODES: Record<BalanceType, string> = {
  openingBooked: 'OPBD',
  openingAvailable: 'OPAV',
  interimBooked: 'ITBD',
  interimAvailable: 'ITAV',
  closingBooked: 'CLBD',
  closingAvailable: 'CLAV',
};

const IBAN = /^[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{1,30}$/;
const BANK_TRANSACTION_CODE = /^([A-Z]{4})-([A-Z]{4})-([A-Z]{4})$/;

/** Cut to a Max<n>Text at character (not UTF-16 unit) boundaries. */
function maxText(text: string, n: number): string {
  const chars = [...text];
  return chars.length <= n ? text : chars.slice(0, n).join('');
}

function pieces(text: string, n: number): string[] {
  const chars = [...text];
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += n) out.push(chars.slice(i, i + n).join(''));
  return out;
}

/** ISODateTime without milliseconds, in UTC. */

class XmlText {
  readonly lines: string[] = [];
  private depth = 0;

  open(name: string, attributes = ''): this {
    this.lines.push(`${'  '.repeat(this.depth++)}<${name}${attributes}>`);
    return this;
  }

  close(name: string): this {
    this.lines.push(`${'  '.repeat(--this.depth)}</${name}>`);
    return this;
  }

  leaf(name: string, value: string, attributes = ''): this {
    this.lines.push(`${'  '.repeat(this.depth)}<${name}${attributes}>${escapeXml(value)}</${name}>`);
    return this;
  }
}

/** ActiveOrHistoricCurrencyAndAmount is never negative: the sign goes to CdtDbtInd. */
function amount(x: XmlText, value: string, currency: string): void {
  x.leaf('Amt', value.replace(/^-/, ''), ` Ccy="${escapeXml(currency)}"`);
  x.leaf('CdtDbtInd', value.startsWith('-') ? 'DBIT' : 'CRDT');
}

/** AccountIdentification4Choice: the IBAN, or another identification named a BBAN. */
function accountId(x: XmlText, iban: string | undefined, other: string | undefined): void {
  x.open('Id');
  if (iban !== undefined && IBAN.test(iban)) x.leaf('IBAN', iban);
  else
    x.open('Othr')
      .leaf('Id', maxText(iban ?? other ?? '', 34))
      .open('SchmeNm')
      .leaf('Cd', 'BBAN')
      .close('SchmeNm')
      .close('Othr');
  x.close('Id');
}

function balance(x: XmlText, b: Balance): void {
  x.open('Bal').open('Tp').open('CdOrPrtry').leaf('Cd', BALANCE_CODES[b.balanceType]).close('CdOrPrtry').close('Tp');
  amount(x, b.amount, b.currency);
  x.open('Dt').leaf('Dt', b.referenceDate).close('Dt').close('Bal');
}

function bankTransactionCode(x: XmlText, code: string): void {
  x.open('BkTxCd');
  const m = BANK_TRANSACTION_CODE.exec(code);
  if (m) {
    x.open('Domn')
      .leaf('Cd', m[1] ?? '')
      .open('Fmly')
      .leaf('Cd', m[2] ?? '')
      .leaf('SubFmlyCd', m[3] ?? '')
      .close('Fmly')
      .close('Domn');
  } else {
    x.open('Prtry').leaf('Cd', maxText(code, 35)).close('Prtry');
  }
  x.close('BkTxCd');
}

function entry(x: XmlText, e: AccountEntry): void {
  x.open('Ntry');
  if ([...e.transactionId].length <= 35) x.leaf('NtryRef', e.transactionId);
  amount(x, e.amount, e.currency);
  x.leaf('Sts', e.status === 'booked' ? 'BOOK' : 'PDNG');
  if (e.bookingDate !== undefined) x.open('BookgDt').leaf('Dt', e.bookingDate).close('BookgDt');
  x.open('ValDt').leaf('Dt', e.valueDate).close('ValDt');
  bankTransactionCode(x, e.bankTransactionCode);
  x.open('NtryDtls').open('TxDtls');
  if (e.endToEndId !== undefined) x.open('Refs').leaf('EndToEndId', maxText(e.endToEndId, 35)).close('Refs');
  // The counterparty: the creditor of a debit, the debtor of a credit.
  const [party, partyAccount] = e.amount.startsWith('-') ? ['Cdtr', 'CdtrAcct'] : ['Dbtr', 'DbtrAcct'];
  x.open('RltdPties').open(party).leaf('Nm', maxText(e.counterparty.name, 140)).close(party);
  if (e.counterparty.iban !== undefined || e.counterparty.otherId !== undefined) {
    x.open(partyAccount);
    accountId(x, e.counterparty.iban, e.counterparty.otherId);
    x.close(partyAccount);
  }
  x.close('RltdPties');
  if (e.remittanceInformation !== undefined && e.remittanceInformation !== '') {
    x.open('RmtInf');
    for (const piece of pieces(e.remittanceInformation, 140)) x.leaf('Ustrd', piece);
    x.close('RmtInf');
  }
  x.close('TxDtls').close('NtryDtls').close('Ntry');
}

export function buildCamt052(input: Camt052Input): string {
  const { account } = input;
  const created = isoSeconds(input.createdAt);
  const x = new XmlText();
  x.lines.push('<?xml version="1.0" encoding="UTF-8"?>');
  x.open('Document', ` xmlns="${CAMT052_NAMESPACE}"`).open('BkToCstmrAcctRpt');
  x.open('GrpHdr').leaf('MsgId', maxText(input.messageId, 35)).leaf('CreDtTm', created);
  x.open('MsgPgntn').leaf('PgNb', String(input.page.number)).leaf('LastPgInd', String(input.page.last)).close('MsgPgntn');
  x.close('GrpHdr');
  x.open('Rpt').leaf('Id', maxText(input.reportId, 35)).leaf('CreDtTm', created);
  x.open('FrToDt').leaf('FrDtTm', `${input.dateFrom}T00:00:00`).leaf('ToDtTm', `${input.dateTo}T23:59:59`).close('FrToDt');
  x.open('Acct');
  accountId(x, account.iban, account.sortCode && account.accountNumber ? `${account.sortCode.replace(/-/g, '')}${account.accountNumber}` : account.resourceId);
  x.leaf('Ccy', account.currency).leaf('Nm', maxText(account.name, 70));
  if (input.ownerName !== undefined) x.open('Ownr').leaf('Nm', maxText(input.ownerName, 140)).close('Ownr');
  x.open('Svcr').open('FinInstnId').leaf('BIC', account.bic).close('FinInstnId').close('Svcr');
  x.close('Acct');
  for (const b of input.balances) balance(x, b);
  for (const e of input.entries) entry(x, e);
  x.close('Rpt').close('BkToCstmrAcctRpt').close('Document');
  return `${x.lines.join('\n')}\n`;
}
