// How the app shows a Verification of Payee result: one status value per outcome (its colour
// comes from the status vocabulary), the words a PSU reads before approving, and which of
// several results matters most.
import type { PaymentSummary, VopSummary } from '../../../preload/api/workbench-api';

/** The pain.002 reason code; a match has none, so it gets its own value. */
export function vopStatusValue(vop: VopSummary): string {
  return vop.reasonCode ?? 'match';
}

/** The result in a word or two, as the banner's title. */
export function vopLabel(vop: VopSummary): string {
  switch (vop.outcome) {
    case 'match':
      return 'Name checked';
    case 'closeMatch':
      return 'Close match';
    case 'noMatch':
      return 'No match';
    case 'inProgress':
      return 'Checking';
    case 'notApplicable':
    case 'serviceUnavailable':
    case 'timeout':
      return 'Not checked';
  }
}

/** What the PSU must take in at a glance, worded as the EPC VoP rulebook has the bank's app show it. */
export function vopHeadline(vop: VopSummary): string {
  switch (vop.outcome) {
    case 'match':
      return 'The name matches the account holder.';
    case 'closeMatch':
      return vop.additionalInfo ? `Did you mean ${vop.additionalInfo}?` : 'The name is close to the account holder’s name.';
    case 'noMatch':
      return 'The name does not match the account holder.';
    case 'inProgress':
      return 'Checking the payee…';
    case 'notApplicable':
    case 'serviceUnavailable':
    case 'timeout':
      return 'The payee could not be checked.';
  }
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
