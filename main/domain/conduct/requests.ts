// How a TPP sends requests again (spec "Errors" table, TPP action column; the X-Request-ID header):
// not before the Retry-After it was given, not unchanged after SERVICE_BLOCKED, never with the
// X-Request-ID of another request.
import { exchangeList, finding, groupBy, type RuleFinding, type RuleResult } from './finding';
import type { ObservedExchange } from './observed';

/** Log times are taken on the bank's side: a request this much early is the clocks', not the TPP's. */
const RETRY_AFTER_SLACK_MS = 10;

export function retryBeforeRetryAfter(exchanges: readonly ObservedExchange[]): RuleResult {
  const findings: RuleFinding[] = [];
  let checked = 0;
  for (const own of groupBy(exchanges, (e) => (e.tppId === null ? null : `${e.tppId} ${e.institution ?? ''}`))) {
    for (const [i, answer] of own.entries()) {
      if ((answer.status !== 429 && answer.status !== 503) || answer.retryAfterMs === null) continue;
      checked++;
      const until = answer.answeredAt + answer.retryAfterMs - RETRY_AFTER_SLACK_MS;
      const early = own.slice(i + 1).filter((e) => e.startedAt >= answer.answeredAt && e.startedAt < until);
      if (early.length === 0) continue;
      const waited = ((early[0] as ObservedExchange).startedAt - answer.answeredAt) / 1000;
      findings.push(
        finding(
          'retry-before-retry-after',
          [answer, ...early],
          `#${answer.id} answered ${answer.status} with Retry-After ${answer.retryAfterMs / 1000} s; ${early.length === 1 ? 'a request followed' : `${early.length} requests followed`} sooner (${exchangeList(early)}), the first after ${waited.toFixed(1)} s.`,
        ),
      );
    }
  }
  return { findings, checked };
}

export function retryUnchangedAfterServiceBlocked(exchanges: readonly ObservedExchange[]): RuleResult {
  const findings: RuleFinding[] = [];
  let checked = 0;
  for (const own of groupBy(exchanges, (e) => e.tppId)) {
    for (const [i, blocked] of own.entries()) {
      if (blocked.status !== 403 || !blocked.errorCodes.includes('SERVICE_BLOCKED')) continue;
      checked++;
      const again = own.slice(i + 1).filter((e) => e.requestKey === blocked.requestKey);
      // Each retry is shown once: under the first block it followed.
      if (again.length === 0 || own.slice(0, i).some((e) => e.requestKey === blocked.requestKey && e.errorCodes.includes('SERVICE_BLOCKED'))) continue;
      findings.push(
        finding(
          'retry-unchanged-after-service-blocked',
          [blocked, ...again],
          `#${blocked.id} was refused with SERVICE_BLOCKED; the same request (method, path, PSU-ID, Consent-ID and body) was sent again ${again.length === 1 ? 'once' : `${again.length} times`} (${exchangeList(again)}).`,
        ),
      );
    }
  }
  return { findings, checked };
}

export function xRequestIdReused(exchanges: readonly ObservedExchange[]): RuleResult {
  const groups = groupBy(exchanges, (e) => (e.tppId === null || e.requestId === null ? null : `${e.tppId} ${e.requestId}`));
  const findings = groups.flatMap((sent) => {
    if (new Set(sent.map((e) => e.requestKey)).size < 2) return [];
    return [
      finding(
        'x-request-id-reused',
        sent,
        `X-Request-ID ${(sent[0] as ObservedExchange).requestId ?? ''} was sent on ${sent.length} requests that differ (${exchangeList(sent)}); a retry of the very same request may keep it, another request needs its own.`,
      ),
    ];
  });
  return { findings, checked: groups.length };
}
