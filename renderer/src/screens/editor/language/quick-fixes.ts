/**
 * Quick fixes for the markers where the right text is obvious: NbOfTxs and CtrlSum recomputed from
 * the transactions (group header and PmtInf), the institution's BIC as the debtor agent, and a valid
 * requested execution date (the institution's next business day after the simulated today). Pure: edits are offsets
 * into the text; the Monaco code action provider (EditorScreen) turns them into workspace edits.
 */
import { businessDateAfter } from '../../../../../main/domain/iso20022/pain001/execution-date';
import type { ValidationContext } from '../../../../../main/domain/iso20022/pain001/validate';
import { contentRange } from './structure';

type Institution = ValidationContext['institution'];

export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

export interface QuickFix {
  title: string;
  edits: TextEdit[];
}

export interface FixContext {
  /** The institution as the bank knows it: its BIC ('' when unknown) and its business calendar. */
  institution: Pick<Institution, 'id' | 'name' | 'bic' | 'calendar'>;
  /** The simulated today in the institution's zone, YYYY-MM-DD. */
  today: string;
}

interface Amounts {
  count: number;
  /** The sum in minor units of `scale` decimals. */
  sum: bigint;
  scale: number;
}

function amountsIn(block: string): Amounts | null {
  const values = [...block.matchAll(/<(?:[\w.-]+:)?InstdAmt\b[^>]*>([^<]*)</g)].map((m) => (m[1] ?? '').trim());
  if (!values.every((v) => /^\d+(\.\d+)?$/.test(v))) return null;
  const scale = Math.max(0, ...values.map((v) => v.split('.')[1]?.length ?? 0));
  const sum = values.reduce((total, v) => {
    const [whole = '0', fraction = ''] = v.split('.');
    return total + BigInt(whole + fraction.padEnd(scale, '0'));
  }, 0n);
  return { count: (block.match(/<(?:[\w.-]+:)?CdtTrfTxInf[\s>]/g) ?? []).length, sum, scale };
}

function formatAmount(a: Amounts): string {
  if (a.scale === 0) return a.sum.toString();
  const digits = a.sum.toString().padStart(a.scale + 1, '0');
  return `${digits.slice(0, -a.scale)}.${digits.slice(-a.scale)}`;
}

/** The field's edit when its value differs from the one computed; none when absent or already right. */
function fieldEdit(text: string, path: string, value: string): TextEdit[] {
  const at = contentRange(text, path);
  if (at === null || text.slice(at.start, at.end).trim() === value) return [];
  return [{ start: at.start, end: at.end, text: value }];
}

/** NbOfTxs and CtrlSum of the group header and of every PmtInf, recomputed; null when nothing changes or an amount is unreadable. */
export function recomputeTotals(text: string): QuickFix | null {
  const root = 'Document/CstmrCdtTrfInitn';
  const infos = [...text.matchAll(/<(?:[\w.-]+:)?PmtInf>[\s\S]*?<\/(?:[\w.-]+:)?PmtInf>/g)].map((m) => m[0]);
  const perInfo = infos.map(amountsIn);
  if (perInfo.some((a) => a === null)) return null;
  const all = amountsIn(infos.join(''));
  if (all === null) return null;
  const edits = [
    ...fieldEdit(text, `${root}/GrpHdr/NbOfTxs`, String(all.count)),
    ...fieldEdit(text, `${root}/GrpHdr/CtrlSum`, formatAmount(all)),
    ...perInfo.flatMap((a, i) =>
      a === null
        ? []
        : [...fieldEdit(text, `${root}/PmtInf[${i + 1}]/NbOfTxs`, String(a.count)), ...fieldEdit(text, `${root}/PmtInf[${i + 1}]/CtrlSum`, formatAmount(a))],
    ),
  ];
  return edits.length === 0 ? null : { title: 'Recompute NbOfTxs and CtrlSum from the transactions', edits };
}

const endsWith = (path: string, tail: string): boolean => path.replace(/\[\d+\]/g, '').endsWith(tail);

/** The fixes for one marker, named by the validator's path and rule. */
export function quickFixesFor(text: string, issue: { path: string; rule: string }, context: FixContext): QuickFix[] {
  const fixes: QuickFix[] = [];
  if (issue.rule === 'NbOfTxs' || issue.rule === 'CtrlSum' || endsWith(issue.path, '/NbOfTxs') || endsWith(issue.path, '/CtrlSum')) {
    const totals = recomputeTotals(text);
    if (totals) fixes.push(totals);
  }
  const { bic } = context.institution;
  if (bic !== '' && (issue.rule === 'debtor agent' || endsWith(issue.path, 'DbtrAgt/FinInstnId/BIC'))) {
    const edits = fieldEdit(text, issue.path, bic);
    if (edits.length > 0) fixes.push({ title: `Use the institution’s BIC ${bic}`, edits });
  }
  if (endsWith(issue.path, '/ReqdExctnDt')) {
    const date = businessDateAfter(context.today, context.institution);
    const edits = fieldEdit(text, issue.path, date);
    if (edits.length > 0) fixes.push({ title: `Execute on the next business day, ${date}`, edits });
  }
  return fixes;
}

/** The text with the edits applied (they do not overlap). */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  return [...edits].sort((a, b) => b.start - a.start).reduce((t, e) => t.slice(0, e.start) + e.text + t.slice(e.end), text);
}
