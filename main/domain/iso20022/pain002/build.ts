/**
 * The pain.002 Customer Payment Status Report for a payment: the group part (with a group
 * status only when the whole request is rejected at group level) and one TxInfAndSts per
 * credit transfer with its status, its reasons (rejections, VoP results) and the original
 * amount and creditor. Built as text: a 10,000-transaction report must stay fast.
 */
import type { ParsedPayment, ParsedTransaction } from '../pain001/types';
import { namespaceOf, pain002VersionFor } from '../versions';
import { escapeXml } from '../xml-text';
import { isoSeconds } from '../../time/iso-seconds';

export interface StatusReasonEntry {
  /** ISO external status reason code (1-4 characters), e.g. AM04, RECI, CMTC, NMTC, NOAP. */
  code: string;
  /** Additional information lines; each is cut into pieces of at most 105 characters (Max105Text). */
  info?: string[];
}

export interface TransactionStatusEntry {
  endToEndId: string;
  /** PATC, PDNG, ACCP, RJCT or another ISO 20022 status code; null where no status applies (TxSts is optional). */
  status: string | null;
  reasons: StatusReasonEntry[];
}

export interface Pain002Input {
  messageId: string;
  createdAt: Date;
  original: ParsedPayment;
  /** Only when the whole request is rejected at group level. */
  groupStatus?: { status: string; reasonCode: string; info?: string[] };
  /** In any order; each names a credit transfer of `original` by its EndToEndId. */
  transactions: TransactionStatusEntry[];
}

const MAX_ADDITIONAL_INFO = 105;
const STATUS_CODE = /^[A-Z0-9]{4}$/;
const REASON_CODE = /^[A-Za-z0-9]{1,4}$/;

/** Refuses input no report may carry; the message is built only then, as these checks run once per transaction. */
function check(ok: boolean, message: () => string): void {
  if (!ok) throw new RangeError(message());
}

/** Cuts text into Max105Text pieces at character (not UTF-16 unit) boundaries. */
function pieces(text: string): string[] {
  // Fewer UTF-16 units than the limit is fewer characters too; an empty line is no piece (Max105Text has one at least).
  if (text.length <= MAX_ADDITIONAL_INFO) return text.length === 0 ? [] : [text];
  const chars = [...text];
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += MAX_ADDITIONAL_INFO) out.push(chars.slice(i, i + MAX_ADDITIONAL_INFO).join(''));
  return out;
}

/*
 * Each part (the group part, one transaction) is one string of lines with their newlines, and the parts are
 * joined once: an array of all 300,000 lines of a 10,000-transaction report cost most of the build, and one
 * string grown by `+=` leaves a chain of pieces that must be flattened again before it can be sent.
 */
const leaf = (pad: string, name: string, value: string): string => `${pad}<${name}>${escapeXml(value)}</${name}>\n`;

function reasons(pad: string, list: readonly StatusReasonEntry[]): string {
  let out = '';
  for (const r of list) {
    check(REASON_CODE.test(r.code), () => `status reason code ${JSON.stringify(r.code)} is not 1-4 letters or digits`);
    out += `${pad}<StsRsnInf>\n${pad}  <Rsn>\n${leaf(`${pad}    `, 'Cd', r.code)}${pad}  </Rsn>\n`;
    for (const line of r.info ?? []) for (const piece of pieces(line)) out += leaf(`${pad}  `, 'AddtlInf', piece);
    out += `${pad}</StsRsnInf>\n`;
  }
  return out;
}

const PAD = '        ';

function creditorAccount(tx: ParsedTransaction): string {
  if (tx.creditorIban !== undefined)
    return `${PAD}  <CdtrAcct>\n${PAD}    <Id>\n${leaf(`${PAD}      `, 'IBAN', tx.creditorIban)}${PAD}    </Id>\n${PAD}  </CdtrAcct>\n`;
  if (tx.creditorOtherId === undefined) return '';
  return `${PAD}  <CdtrAcct>\n${PAD}    <Id>\n${PAD}      <Othr>\n${leaf(`${PAD}        `, 'Id', tx.creditorOtherId)}${PAD}      </Othr>\n${PAD}    </Id>\n${PAD}  </CdtrAcct>\n`;
}

function transaction(tx: ParsedTransaction, status: TransactionStatusEntry): string {
  check(status.status === null || STATUS_CODE.test(status.status), () => `transaction status ${JSON.stringify(status.status)} is not a 4-character code`);
  return (
    '      <TxInfAndSts>\n' +
    (tx.instrId !== undefined ? leaf(PAD, 'OrgnlInstrId', tx.instrId) : '') +
    leaf(PAD, 'OrgnlEndToEndId', tx.endToEndId) +
    (status.status !== null ? leaf(PAD, 'TxSts', status.status) : '') +
    reasons(PAD, status.reasons) +
    `${PAD}<OrgnlTxRef>\n${PAD}  <Amt>\n${PAD}    <InstdAmt Ccy="${escapeXml(tx.currency)}">${escapeXml(tx.amount)}</InstdAmt>\n${PAD}  </Amt>\n` +
    (tx.creditorAgentBic !== undefined
      ? `${PAD}  <CdtrAgt>\n${PAD}    <FinInstnId>\n${leaf(`${PAD}      `, 'BIC', tx.creditorAgentBic)}${PAD}    </FinInstnId>\n${PAD}  </CdtrAgt>\n`
      : '') +
    `${PAD}  <Cdtr>\n${leaf(`${PAD}    `, 'Nm', tx.creditorName)}${PAD}  </Cdtr>\n` +
    creditorAccount(tx) +
    `${PAD}</OrgnlTxRef>\n      </TxInfAndSts>\n`
  );
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

/**
 * The report around its group header's MsgId and CreDtTm, the only parts that change on every request:
 * a payment's report can be kept whole between the writes that change it, and only these two made anew.
 */
export interface Pain002Parts {
  /** Up to and including the opening GrpHdr. */
  opening: string;
  /** From the closing GrpHdr to the end. */
  rest: string;
}

export function buildPain002(input: Pain002Input): string {
  return pain002With(pain002Parts(input), input.messageId, input.createdAt);
}

/** The report of `parts` with its own message id and creation time. */
export function pain002With(parts: Pain002Parts, messageId: string, createdAt: Date): string {
  check(messageId.length >= 1 && [...messageId].length <= 35, () => 'messageId must have 1 to 35 characters');
  check(!Number.isNaN(createdAt.getTime()), () => 'createdAt is not a valid date');
  return parts.opening + leaf('      ', 'MsgId', messageId) + leaf('      ', 'CreDtTm', isoSeconds(createdAt)) + parts.rest;
}

export function pain002Parts(input: Omit<Pain002Input, 'messageId' | 'createdAt'>): Pain002Parts {
  const { original } = input;
  const byEndToEndId = new Map(original.transactions.map((t) => [t.endToEndId, t]));
  const statuses = new Map<string, TransactionStatusEntry>();
  for (const s of input.transactions) {
    check(byEndToEndId.has(s.endToEndId), () => `EndToEndId ${JSON.stringify(s.endToEndId)} is not a transaction of ${original.msgId}`);
    check(!statuses.has(s.endToEndId), () => `EndToEndId ${JSON.stringify(s.endToEndId)} has two statuses`);
    statuses.set(s.endToEndId, s);
  }
  const opening =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Document xmlns="${namespaceOf(pain002VersionFor(original.messageVersion))}">\n` +
    '  <CstmrPmtStsRpt>\n    <GrpHdr>\n';
  let out =
    '    </GrpHdr>\n    <OrgnlGrpInfAndSts>\n' +
    leaf('      ', 'OrgnlMsgId', original.msgId) +
    leaf('      ', 'OrgnlMsgNmId', original.messageVersion) +
    leaf('      ', 'OrgnlCreDtTm', original.creationDateTime) +
    leaf('      ', 'OrgnlNbOfTxs', String(original.numberOfTransactions)) +
    leaf('      ', 'OrgnlCtrlSum', controlSum(original));
  if (input.groupStatus !== undefined) {
    const g = input.groupStatus;
    check(STATUS_CODE.test(g.status), () => `group status ${JSON.stringify(g.status)} is not a 4-character code`);
    out += leaf('      ', 'GrpSts', g.status) + reasons('      ', [{ code: g.reasonCode, ...(g.info !== undefined ? { info: g.info } : {}) }]);
  }
  out += `    </OrgnlGrpInfAndSts>\n    <OrgnlPmtInfAndSts>\n${leaf('      ', 'OrgnlPmtInfId', original.pmtInfId)}`;
  const parts = [out];
  for (const tx of original.transactions) {
    const status = statuses.get(tx.endToEndId);
    if (status !== undefined) parts.push(transaction(tx, status));
  }
  parts.push('    </OrgnlPmtInfAndSts>\n  </CstmrPmtStsRpt>\n</Document>\n');
  return { opening, rest: parts.join('') };
}
