// Payments created again (spec "Payments" rule 6 and the payment status table): not while the first
// is still PATC or PDNG, not unchanged after RJCT, and a temporary error on a status read is not RJCT.
import { exchangeList, finding, groupBy, type RuleFinding, type RuleResult } from './finding';
import type { ObservedExchange } from './observed';
import { isIncomplete, type JourneyEnd } from './polling';

interface KnownPayment {
  creation: ObservedExchange;
  key: string;
  /** The status the TPP was last told; null once an SCA journey of it ended unread. */
  status: string | null;
  /** The exchange that told it. */
  toldBy: ObservedExchange;
  /** Ends of its SCA journeys not yet passed, simulated milliseconds, ascending. */
  ends: number[];
}

const isCreation = (e: ObservedExchange): boolean => e.operation === 'payment-create' && e.paymentKey !== null;

/**
 * What each TPP knew of its payments at each moment: PATC at creation, what a status read answered,
 * RJCT after a cancellation the bank accepted, nothing certain once an SCA journey ended. The
 * rules judge the TPP by what it was told, so a payment the bank moved on unread is no finding.
 */
function walkPayments(
  exchanges: readonly ObservedExchange[],
  journeyEnds: readonly JourneyEnd[],
  onCreation: (creation: ObservedExchange, earlier: KnownPayment[]) => void,
): number {
  let checked = 0;
  for (const own of groupBy(exchanges, (e) => (e.tppId === null ? null : `${e.tppId} ${e.institution ?? ''}`))) {
    const payments = new Map<string, KnownPayment>();
    for (const e of own) {
      // A journey's end is passed once, by the first exchange at or after it on the simulated clock.
      for (const p of payments.values())
        while ((p.ends[0] ?? Infinity) <= e.simulatedAt) {
          p.ends.shift();
          p.status = null;
        }
      const known = e.resourceId === null ? undefined : payments.get(e.resourceId);
      if (isCreation(e)) {
        checked++;
        onCreation(
          e,
          [...payments.values()].filter((p) => p.key === e.paymentKey),
        );
        if (e.status === 201 && e.resourceId !== null) {
          const ends = journeyEnds.filter((end) => end.resourceId === e.resourceId).map((end) => end.at);
          payments.set(e.resourceId, { creation: e, key: e.paymentKey as string, status: 'PATC', toldBy: e, ends: ends.sort((a, b) => a - b) });
        }
      } else if (known !== undefined && e.operation === 'payment-status' && e.resourceStatus !== null) {
        known.status = e.resourceStatus;
        known.toldBy = e;
      } else if (known !== undefined && e.operation === 'payment-cancel' && e.status >= 200 && e.status < 300) {
        known.status = 'RJCT';
        known.toldBy = e;
      }
    }
  }
  return checked;
}

export function duplicatePaymentWhilePending(exchanges: readonly ObservedExchange[], journeyEnds: readonly JourneyEnd[]): RuleResult {
  const findings: RuleFinding[] = [];
  const checked = walkPayments(exchanges, journeyEnds, (creation, earlier) => {
    const pending = earlier.find((p) => p.status === 'PATC' || p.status === 'PDNG');
    if (pending === undefined) return;
    findings.push(
      finding(
        'duplicate-payment-while-pending',
        [pending.creation, pending.toldBy, creation],
        `#${creation.id} created the same payment (debtor, creditor, amount, remittance) as #${pending.creation.id}, payment ${pending.creation.resourceId ?? ''}, while that one was ${pending.status ?? ''} (told in #${pending.toldBy.id}).`,
      ),
    );
  });
  return { findings, checked };
}

export function resubmissionAfterRejection(exchanges: readonly ObservedExchange[], journeyEnds: readonly JourneyEnd[]): RuleResult {
  const findings: RuleFinding[] = [];
  const checked = walkPayments(exchanges, journeyEnds, (creation, earlier) => {
    const rejected = earlier.find((p) => p.status === 'RJCT');
    if (rejected === undefined || earlier.some((p) => p.status === 'PATC' || p.status === 'PDNG')) return;
    findings.push(
      finding(
        'resubmission-after-rejection',
        [rejected.toldBy, creation],
        `#${creation.id} sent payment ${rejected.creation.resourceId ?? ''} again unchanged after the bank had rejected it (RJCT, told in #${rejected.toldBy.id}).`,
      ),
    );
  });
  return { findings, checked };
}

/**
 * After a status read of a payment the bank did not complete (no answer, 5xx), the next thing the
 * TPP does about that payment must be another status read: a cancellation, or the same payment
 * created again, takes the temporary error for a rejection.
 */
export function temporaryErrorTreatedAsRejection(exchanges: readonly ObservedExchange[]): RuleResult {
  const findings: RuleFinding[] = [];
  let checked = 0;
  for (const own of groupBy(exchanges, (e) => e.tppId)) {
    const contentOf = new Map<string, string>();
    let unanswered: { read: ObservedExchange; key: string | undefined }[] = [];
    for (const e of own) {
      if (isCreation(e) && e.status === 201 && e.resourceId !== null) contentOf.set(e.resourceId, e.paymentKey as string);
      if (e.operation === 'payment-status' && e.resourceId !== null) {
        unanswered = unanswered.filter((u) => u.read.resourceId !== e.resourceId);
        if (isIncomplete(e) && e.status !== 429) {
          checked++;
          unanswered.push({ read: e, key: contentOf.get(e.resourceId) });
        }
        continue;
      }
      const cancelled = e.operation === 'payment-cancel' ? unanswered.find((u) => u.read.resourceId === e.resourceId) : undefined;
      const recreated = isCreation(e) ? unanswered.find((u) => u.key !== undefined && u.key === e.paymentKey) : undefined;
      const after = cancelled ?? recreated;
      if (after === undefined) continue;
      unanswered = unanswered.filter((u) => u !== after);
      const answer = after.read.status === 0 ? 'no answer' : `${after.read.status}`;
      findings.push(
        finding(
          'temporary-error-treated-as-rejection',
          [after.read, e],
          `After the status read #${after.read.id} of payment ${after.read.resourceId ?? ''} got ${answer}, #${e.id} ${cancelled !== undefined ? 'cancelled the payment' : 'created the same payment again'} instead of reading the status again (${exchangeList([after.read, e])}).`,
        ),
      );
    }
  }
  return { findings, checked };
}
