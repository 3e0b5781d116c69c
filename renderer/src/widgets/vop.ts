// How the app shows a Verification of Payee result: one status value per outcome (its colour
// comes from the status vocabulary), the words a PSU reads before approving, and which of
// several results matters most.
import type { PaymentSummary, VopSummary } from '../../../preload/api/workbench-api';
import { vopWords } from './plain-words';

/** The pain.002 reason code; a match has none, so it gets its own value. */
export function vopStatusValue(vop: VopSummary): string {
  return vop.reasonCode ?? 'match';
}

/** The result in a word or two, as the banner's title (the vocabulary's). */
export function vopLabel(vop: VopSummary): string {
  return vopWords(vop.outcome).label;
}

/** What the PSU must take in at a glance, worded as the EPC VoP rulebook has the bank's app show it. */
export function vopHeadline(vop: VopSummary): string {
  if (vop.outcome === 'closeMatch' && vop.additionalInfo) return `Did you mean ${vop.additionalInfo}?`;
  return vopWords(vop.outcome).headline;
}

/** Most needing attention first: a wrong payee, then an unfinished check, then a near miss. */
const SEVERITY = ['NMTC', 'RECI', 'CMTC', 'NOAP', 'match'];

/** The result that matters most among a payment's listed credit transfers, with how many share it. */
export function mostSevereVop(payment: PaymentSummary): { vop: VopSummary; count: number } | undefined {
  const results = payment.creditors.flatMap((c) => (c.vop ? [c.vop] : []));
  const rank = (v: VopSummary) => SEVERITY.indexOf(vopStatusValue(v));
  const worst = results.reduce<VopSummary | undefined>((a, b) => (a === undefined || rank(b) < rank(a) ? b : a), undefined);
  if (!worst) return undefined;
  return { vop: worst, count: results.filter((r) => vopStatusValue(r) === vopStatusValue(worst)).length };
}

/** The result that matters most of a payment in the bank's list, by its id. */
export function vopOfPayment(payments: readonly PaymentSummary[], paymentId: string): VopSummary | undefined {
  const payment = payments.find((p) => p.paymentId === paymentId);
  return payment && mostSevereVop(payment)?.vop;
}
