/**
 * The pain.002 status report read for the explained view, with the domain's own XML reader (no
 * other parser): the group status and reasons, and each credit transfer's TxSts with its reason
 * codes, amount and creditor; then each put in plain words, with the status vocabulary of
 * docs/architecture.md#look-and-feel (PATC, PDNG, ACCP, RJCT) and the VoP codes of the spec
 * (RECI, CMTC, NMTC, NOAP). Pure.
 */
import { readXml, type XmlElement } from '../../../../../main/domain/iso20022/xml-tree';

export interface ReportReason {
  code: string;
  info: string[];
}

export interface ReportTransaction {
  endToEndId: string;
  status: string | null;
  reasons: ReportReason[];
  amount: string | null;
  currency: string | null;
  creditorName: string | null;
}

export interface StatusReport {
  messageId: string;
  createdAt: string;
  originalMessageId: string;
  groupStatus: string | null;
  groupReasons: ReportReason[];
  transactions: ReportTransaction[];
}

const child = (e: XmlElement | undefined, ...names: string[]): XmlElement | undefined =>
  names.reduce<XmlElement | undefined>((at, name) => at?.children.find((c) => c.name === name), e);
const all = (e: XmlElement | undefined, name: string): XmlElement[] => e?.children.filter((c) => c.name === name) ?? [];
const text = (e: XmlElement | undefined): string | null => (e === undefined ? null : e.text.trim());

function reasonsOf(e: XmlElement | undefined): ReportReason[] {
  return all(e, 'StsRsnInf').map((r) => ({
    code: text(child(r, 'Rsn', 'Cd')) ?? text(child(r, 'Rsn', 'Prtry')) ?? '',
    info: all(r, 'AddtlInf').map((i) => i.text.trim()),
  }));
}

/** The report, or an error naming why it cannot be read. */
export function readStatusReport(xml: string): { ok: true; report: StatusReport } | { ok: false; error: string } {
  const read = readXml(xml);
  if (!read.ok) return { ok: false, error: read.problem.message };
  const report = child(read.document.root, 'CstmrPmtStsRpt');
  if (read.document.root.name !== 'Document' || report === undefined) return { ok: false, error: 'not a pain.002 Customer Payment Status Report' };
  const group = child(report, 'OrgnlGrpInfAndSts');
  const transactions = all(report, 'OrgnlPmtInfAndSts').flatMap((p) =>
    all(p, 'TxInfAndSts').map((tx): ReportTransaction => {
      const amount = child(tx, 'OrgnlTxRef', 'Amt', 'InstdAmt');
      return {
        endToEndId: text(child(tx, 'OrgnlEndToEndId')) ?? '',
        status: text(child(tx, 'TxSts')),
        reasons: reasonsOf(tx),
        amount: text(amount),
        currency: amount?.attributes.find((a) => a.name === 'Ccy')?.value ?? null,
        creditorName: text(child(tx, 'OrgnlTxRef', 'Cdtr', 'Nm')),
      };
    }),
  );
  return {
    ok: true,
    report: {
      messageId: text(child(report, 'GrpHdr', 'MsgId')) ?? '',
      createdAt: text(child(report, 'GrpHdr', 'CreDtTm')) ?? '',
      originalMessageId: text(child(group, 'OrgnlMsgId')) ?? '',
      groupStatus: text(child(group, 'GrpSts')),
      groupReasons: reasonsOf(group),
      transactions,
    },
  };
}

/** What the payment's authorisations stand at (from the payment summary), for PATC's words. */
export interface Authorisations {
  given: number;
  required: number;
}

/** A transaction status in plain words. */
export function statusWords(status: string | null, authorisations: Authorisations | null): string {
  switch (status) {
    case 'PATC':
      return authorisations
        ? `Waiting for authorisations (${Math.min(authorisations.given, authorisations.required)} of ${authorisations.required} given)`
        : 'Waiting for authorisations';
    case 'PDNG':
      return 'Authorised; pending at the bank until it is processed on the execution date';
    case 'ACCP':
      return 'Accepted: the bank has executed the payment';
    case 'RJCT':
      return 'Rejected';
    case null:
      return 'No status given';
    default:
      return `Status ${status}`;
  }
}

/** ISO external status reason codes the bank gives for rejections. */
const REJECTIONS: Readonly<Record<string, string>> = {
  AM04: 'insufficient funds',
  DS02: 'cancelled by the TPP or the PSU',
  AB05: 'the authorisation time limit passed',
  FF01: 'invalid file format',
  AM02: 'the amount is above the allowed maximum',
  AC04: 'the account is closed',
  AG01: 'transaction forbidden on this account',
  MS02: 'refused by the debtor',
  MS03: 'rejected by the bank',
};

const first = (r: ReportReason): string | null => r.info.join(' ').trim() || null;

/** A reason code in plain words: the VoP results of the spec, then the rejection reasons. */
export function reasonWords(reason: ReportReason): string {
  switch (reason.code) {
    case 'RECI':
      return 'Payee check in progress';
    case 'CMTC':
      return `Close match: the payee’s bank holds the name ${first(reason) ?? '(not given)'}`;
    case 'NMTC':
      return 'The name does not match the account holder';
    case 'NOAP':
      return `Payee check not possible${first(reason) ? `: ${first(reason)}` : ''}`;
    default: {
      const known = REJECTIONS[reason.code];
      const info = first(reason);
      return `${reason.code}: ${known ?? 'reason'}${info ? ` (${info})` : ''}`;
    }
  }
}

export const VOP_CODES: ReadonlySet<string> = new Set(['RECI', 'CMTC', 'NMTC', 'NOAP']);

/**
 * The payment's status as a whole: the group status where the bank gives one (a group rejection),
 * else the transactions' status when they share one.
 */
export function overallStatus(report: StatusReport): string | null {
  if (report.groupStatus !== null) return report.groupStatus;
  const statuses = new Set(report.transactions.map((t) => t.status));
  return statuses.size === 1 ? ([...statuses][0] ?? null) : null;
}
