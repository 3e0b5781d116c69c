/**
 * The pain.002 Customer Payment Status Report for a payment: the group part (with a group
 * status only when the whole request is rejected at group level) and one TxInfAndSts per
 * credit transfer with its status, its reasons (rejections, VoP results) and the original
 * amount and creditor. Built as text: a 10,000-transaction report must stay fast.
 */
import type { ParsedPayment, ParsedTransaction } from '../pain001/types';
import { namespaceOf, pain002VersionFor } from '../versions';
import { escapeXml } from '../xml-text';

export interface StatusReason {
  /** ISO external status reason code (1-4 characters), e.g. AM04, RECI, CMTC, NMTC, NOAP. */
  code: string;
  /** Additional information lines; each is cut into pieces of at most 105 characters (Max105Text). */
  info?: string[];
}

export interface TransactionStatus {
  endToEndId: string;
  /** PATC, PDNG, ACCP, RJCT or another ISO 20022 status code; null where no status applies (TxSts is optional). */
  status: string | null;
  reasons: StatusReason[];
}

export interface Pain002Input {
  messageId: string;
  createdAt: Date;
  original: ParsedPayment;
  /** Only when the whole request is rejected at group level. */
  groupStatus?: { status: string; reasonCode: string; info?: string[] };
  /** In any order; each names a credit transfer of `original` by its EndToEndId. */
  transactions: TransactionStatus[];
}

const MAX_ADDITIONAL_INFO = 105;
const STATUS_CODE = /^[A-Z0-9]{4}$/;
const REASON_CODE = /^[A-Za-z0-9]{1,4}$/;

function check(ok: boolean, message: string): void {
  if (!ok) throw new RangeError(message);
}

/** Cuts text into Max105Text pieces at character (not UTF-16 unit) boundaries. */
function pieces(text: string): string[] {
  const chars = [...text];
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += MAX_ADDITIONAL_INFO) out.push(chars.slice(i, i + MAX_ADDITIONAL_INFO).join(''));
  return out;
}

/** ISO date-time without milliseconds, in UTC. */
const isoDateTime = (d: Date): string => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

const leaf = (out: string[], pad: string, name: string, value: string): void => {
  out.push(`${pad}<${name}>${escapeXml(value)}</${name}>`);
};

function reasons(out: string[], pad: string, list: readonly StatusReason[]): void {
  for (const r of list) {
    check(REASON_CODE.test(r.code), `status reason code ${JSON.stringify(r.code)} is not 1-4 letters or digits`);
    out.push(`${pad}<StsRsnInf>`, `${pad}  <Rsn>`);
    leaf(out, `${pad}    `, 'Cd', r.code);
    out.push(`${pad}  </Rsn>`);
    for (const line of r.info ?? []) for (const piece of pieces(line)) leaf(out, `${pad}  `, 'AddtlInf', piece);
    out.push(`${pad}</StsRsnInf>`);
  }
}

function transaction(out: string[], tx: ParsedTransaction, status: TransactionStatus): void {
  check(status.status === null || STATUS_CODE.test(status.status), `transaction status ${JSON.stringify(status.status)} is not a 4-character code`);
  const pad = '        ';
  out.push('      <TxInfAndSts>');
  if (tx.instrId !== undefined) leaf(out, pad, 'OrgnlInstrId', tx.instrId);
  leaf(out, pad, 'OrgnlEndToEndId', tx.endToEndId);
  if (status.status !== null) leaf(out, pad, 'TxSts', status.status);
  reasons(out, pad, status.reasons);
  out.push(`${pad}<OrgnlTxRef>`, `${pad}  <Amt>`);
  out.push(`${pad}    <InstdAmt Ccy="${escapeXml(tx.currency)}">${escapeXml(tx.amount)}</InstdAmt>`);
  out.push(`${pad}  </Amt>`);
  if (tx.creditorAgentBic !== undefined) {
    out.push(`${pad}  <CdtrAgt>`, `${pad}    <FinInstnId>`);
    leaf(out, `${pad}      `, 'BIC', tx.creditorAgentBic);
    out.push(`${pad}    </FinInstnId>`, `${pad}  </CdtrAgt>`);
  }
  out.push(`${pad}  <Cdtr>`);
  leaf(out, `${pad}    `, 'Nm', tx.creditorName);
  out.push(`${pad}  </Cdtr>`);
  if (tx.creditorIban !== undefined || tx.creditorOtherId !== undefined) {
    out.push(`${pad}  <CdtrAcct>`, `${pad}    <Id>`);
    if (tx.creditorIban !== undefined) leaf(out, `${pad}      `, 'IBAN', tx.creditorIban);
    else {
      out.push(`${pad}      <Othr>`);
      leaf(out, `${pad}        `, 'Id', tx.creditorOtherId ?? '');
      out.push(`${pad}      </Othr>`);
    }
    out.push(`${pad}    </Id>`, `${pad}  </CdtrAcct>`);
  }
  out.push(`${pad}</OrgnlTxRef>`, '      </TxInfAndSts>');
}

/** The sum of all instructed amounts when the original message gave no control sum. */
function controlSum(original: ParsedPayment): string {
  if (original.controlSum !== undefined) return original.controlSum;
  const scale = 5;
  const total = original.transactions.reduce((s, t) => {
    const [whole = '0', fraction = ''] = t.amount.split('.');
    return s + BigInt(`${whole}${fraction.padEnd(scale, '0')}`);
  }, 0n);
  const digits = total.toString().padStart(scale + 1, '0');
  return `${digits.slice(0, -scale)}.${digits.slice(-scale)}`.replace(/\.?0+$/, '');
}

export function buildPain002(input: Pain002Input): string {
  const { original } = input;
  check(input.messageId.length >= 1 && [...input.messageId].length <= 35, 'messageId must have 1 to 35 characters');
  check(!Number.isNaN(input.createdAt.getTime()), 'createdAt is not a valid date');
  const byEndToEndId = new Map(original.transactions.map((t) => [t.endToEndId, t]));
  const statuses = new Map<string, TransactionStatus>();
  for (const s of input.transactions) {
    check(byEndToEndId.has(s.endToEndId), `EndToEndId ${JSON.stringify(s.endToEndId)} is not a transaction of ${original.msgId}`);
    check(!statuses.has(s.endToEndId), `EndToEndId ${JSON.stringify(s.endToEndId)} has two statuses`);
    statuses.set(s.endToEndId, s);
  }
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<Document xmlns="${namespaceOf(pain002VersionFor(original.messageVersion))}">`,
    '  <CstmrPmtStsRpt>',
    '    <GrpHdr>',
  ];
  leaf(out, '      ', 'MsgId', input.messageId);
  leaf(out, '      ', 'CreDtTm', isoDateTime(input.createdAt));
  out.push('    </GrpHdr>', '    <OrgnlGrpInfAndSts>');
  leaf(out, '      ', 'OrgnlMsgId', original.msgId);
  leaf(out, '      ', 'OrgnlMsgNmId', original.messageVersion);
  leaf(out, '      ', 'OrgnlCreDtTm', original.creationDateTime);
  leaf(out, '      ', 'OrgnlNbOfTxs', String(original.numberOfTransactions));
  leaf(out, '      ', 'OrgnlCtrlSum', controlSum(original));
  if (input.groupStatus !== undefined) {
    const g = input.groupStatus;
    check(STATUS_CODE.test(g.status), `group status ${JSON.stringify(g.status)} is not a 4-character code`);
    leaf(out, '      ', 'GrpSts', g.status);
    reasons(out, '      ', [{ code: g.reasonCode, ...(g.info !== undefined ? { info: g.info } : {}) }]);
  }
  out.push('    </OrgnlGrpInfAndSts>', '    <OrgnlPmtInfAndSts>');
  leaf(out, '      ', 'OrgnlPmtInfId', original.pmtInfId);
  for (const tx of original.transactions) {
    const status = statuses.get(tx.endToEndId);
    if (status !== undefined) transaction(out, tx, status);
  }
  out.push('    </OrgnlPmtInfAndSts>', '  </CstmrPmtStsRpt>', '</Document>', '');
  return out.join('\n');
}
