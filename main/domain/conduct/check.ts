// The conduct report (GET /simulator/v1/conduct, `psd2-workbench conduct`): every rule of
// rules.ts run over the TPPs' exchanges, in the log's order. Pure: the observations in, the report out.
import { consentPerRequest } from './consents';
import type { RuleFinding, RuleResult } from './finding';
import type { ObservedExchange } from './observed';
import { duplicatePaymentWhilePending, resubmissionAfterRejection, temporaryErrorTreatedAsRejection } from './payments';
import { concurrentStatusPolling, pollingAfterFinalStatus, statusPollingWithoutReason, type JourneyEnd } from './polling';
import { retryBeforeRetryAfter, retryUnchangedAfterServiceBlocked, xRequestIdReused } from './requests';
import { CONDUCT_RULE_IDS, type ConductRuleId } from './rules';
import { signatureMissingOnSignedOperation, signatureOnUnsignedOperation } from './signatures';

export interface ConductCheck {
  findings: RuleFinding[];
  /** How many exchanges (or resources) each rule looked at: a rule that checked nothing found nothing. */
  checked: Record<ConductRuleId, number>;
}

type Check = (exchanges: readonly ObservedExchange[], journeyEnds: readonly JourneyEnd[]) => RuleResult;

const CHECKS: Record<ConductRuleId, Check> = {
  'polling-after-final-status': pollingAfterFinalStatus,
  'concurrent-status-polling': concurrentStatusPolling,
  'status-polling-without-reason': statusPollingWithoutReason,
  'duplicate-payment-while-pending': duplicatePaymentWhilePending,
  'resubmission-after-rejection': resubmissionAfterRejection,
  'temporary-error-treated-as-rejection': temporaryErrorTreatedAsRejection,
  'retry-before-retry-after': retryBeforeRetryAfter,
  'retry-unchanged-after-service-blocked': retryUnchangedAfterServiceBlocked,
  'x-request-id-reused': xRequestIdReused,
  'consent-per-request': consentPerRequest,
  'signature-on-unsigned-operation': signatureOnUnsignedOperation,
  'signature-missing-on-signed-operation': signatureMissingOnSignedOperation,
};

/** `exchanges` in the log's order (ascending id). */
export function checkConduct(exchanges: readonly ObservedExchange[], journeyEnds: readonly JourneyEnd[]): ConductCheck {
  const findings: RuleFinding[] = [];
  const checked = {} as Record<ConductRuleId, number>;
  for (const rule of CONDUCT_RULE_IDS) {
    const result = CHECKS[rule](exchanges, journeyEnds);
    findings.push(...result.findings);
    checked[rule] = result.checked;
  }
  findings.sort((a, b) => (a.exchanges[0] ?? 0) - (b.exchanges[0] ?? 0));
  return { findings, checked };
}
