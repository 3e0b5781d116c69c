// Status reads (spec "Payments" rule 6, the payment and consent status tables): not after the final
// status is known, never overlapping, and while PATC only when something may have changed.
import { exchangeList, finding, groupBy, type RuleResult } from './finding';
import type { ObservedExchange } from './observed';

/** The ends of SCA journeys, on the simulated clock: after one, the TPP has a reason to read the status again. */
export interface JourneyEnd {
  resourceId: string;
  /** Simulated milliseconds. */
  at: number;
}

const PAYMENT_FINAL = new Set(['RJCT', 'ACCP', 'ACSC', 'ACCC', 'ACWC', 'CANC']);
const CONSENT_FINAL = new Set(['rejected', 'expired', 'revokedByPsu', 'terminatedByTpp']);
/** One more read after the final status is known may confirm it; the second is polling. */
const READS_AFTER_FINAL = 1;
/** Reads of a PATC payment with nothing to wait for, tolerated before it is a finding. */
export const READS_WITHOUT_REASON = 2;

const isStatusRead = (e: ObservedExchange): boolean => e.operation === 'payment-status' || e.operation === 'consent-status';
const isFinal = (e: ObservedExchange): boolean =>
  e.resourceStatus !== null && (e.operation === 'payment-status' ? PAYMENT_FINAL : CONSENT_FINAL).has(e.resourceStatus);
/** A read the bank did not complete: no answer, a server error or a rate limit. The TPP may read again. */
export const isIncomplete = (e: ObservedExchange): boolean => e.status === 0 || e.status === 429 || e.status >= 500;

const readsByResource = (exchanges: readonly ObservedExchange[]): ObservedExchange[][] =>
  groupBy(exchanges.filter(isStatusRead), (e) =>
    e.tppId === null || e.resourceId === null ? null : `${e.tppId} ${e.institution ?? ''} ${e.operation ?? ''} ${e.resourceId}`,
  );

const what = (e: ObservedExchange): string => `${e.operation === 'payment-status' ? 'payment' : 'consent'} ${e.resourceId ?? ''}`;

export function pollingAfterFinalStatus(exchanges: readonly ObservedExchange[]): RuleResult {
  const groups = readsByResource(exchanges);
  const findings = groups.flatMap((reads) => {
    const told = reads.findIndex(isFinal);
    if (told < 0) return [];
    const again = reads.slice(told + 1);
    if (again.length <= READS_AFTER_FINAL) return [];
    const first = reads[told] as ObservedExchange;
    return [
      finding(
        'polling-after-final-status',
        [first, ...again],
        `The status of ${what(first)} was read ${again.length} more times (${exchangeList(again)}) after the bank answered ${first.resourceStatus ?? ''} in #${first.id}, a final status.`,
      ),
    ];
  });
  return { findings, checked: groups.reduce((n, reads) => n + reads.length, 0) };
}

export function concurrentStatusPolling(exchanges: readonly ObservedExchange[]): RuleResult {
  const groups = readsByResource(exchanges);
  const findings = groups.flatMap((reads) => {
    const sorted = [...reads].sort((a, b) => a.startedAt - b.startedAt);
    const overlapping = new Set<ObservedExchange>();
    let open: ObservedExchange | null = null;
    for (const read of sorted) {
      if (open !== null && read.startedAt < open.answeredAt) {
        overlapping.add(open);
        overlapping.add(read);
      }
      if (open === null || read.answeredAt > open.answeredAt) open = read;
    }
    if (overlapping.size === 0) return [];
    const shown = [...overlapping];
    return [
      finding(
        'concurrent-status-polling',
        shown,
        `${shown.length} status reads of ${what(shown[0] as ObservedExchange)} overlapped (${exchangeList(shown)}): a read was sent while another was still unanswered.`,
      ),
    ];
  });
  return { findings, checked: groups.reduce((n, reads) => n + reads.length, 0) };
}

/**
 * A read of a PATC payment has a reason when it is the first, when the last read told a pending payee
 * check (RECI) or could not be completed, or when since then the TPP acted on the payment
 * (authorisation, its status, cancellation) or one of its SCA journeys ended. A journey's end is
 * on the simulated clock: it gives its reason to the first read at or after it (a paused clock
 * cannot tell a read just before it from one just after, and a doubt is no finding).
 */
export function statusPollingWithoutReason(exchanges: readonly ObservedExchange[], journeyEnds: readonly JourneyEnd[]): RuleResult {
  const byPayment = groupBy(
    exchanges.filter((e) => e.operation !== null && (e.operation.startsWith('payment-') || e.operation.startsWith('authorisation-'))),
    (e) => (e.tppId === null || e.resourceId === null ? null : `${e.tppId} ${e.resourceId}`),
  );
  let checked = 0;
  const findings = byPayment.flatMap((events) => {
    const paymentId = events[0]?.resourceId ?? '';
    const ends = journeyEnds
      .filter((end) => end.resourceId === paymentId)
      .map((end) => end.at)
      .sort((a, b) => a - b);
    const idle: ObservedExchange[] = [];
    let reason = true;
    for (const e of events) {
      if (e.operation !== 'payment-status') {
        reason = true;
        continue;
      }
      checked++;
      let journeyEnded = false;
      while ((ends[0] ?? Infinity) <= e.simulatedAt) {
        ends.shift();
        journeyEnded = true;
      }
      if (e.resourceStatus === 'PATC' && !reason && !journeyEnded) idle.push(e);
      reason = isIncomplete(e) || e.payeeCheckPending;
    }
    if (idle.length <= READS_WITHOUT_REASON) return [];
    return [
      finding(
        'status-polling-without-reason',
        idle,
        `Payment ${paymentId} was read ${idle.length} times while PATC with nothing to wait for (${exchangeList(idle)}): no authorisation, no SCA journey ended, no payee check pending since the read before.`,
      ),
    ];
  });
  return { findings, checked };
}
