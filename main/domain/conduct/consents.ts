// Consents are created once and used (spec "Consents" rule 6): a new consent for the same PSU and
// access while one the TPP knows to be valid exists, again and again, is a consent per request.
import { exchangeList, finding, groupBy, type RuleFinding, type RuleResult } from './finding';
import type { ObservedExchange } from './observed';

/** One redundant consent may be a slip (a second browser tab); the second is a habit. */
const REDUNDANT_TOLERATED = 1;

const ACCOUNT_READS = new Set(['accounts-list', 'account-details', 'account-balances', 'account-transactions']);
const NOT_USABLE = new Set(['CONSENT_INVALID', 'CONSENT_EXPIRED', 'CONSENT_UNKNOWN']);

export function consentPerRequest(exchanges: readonly ObservedExchange[]): RuleResult {
  const findings: RuleFinding[] = [];
  let checked = 0;
  for (const own of groupBy(exchanges, (e) => (e.tppId === null ? null : `${e.tppId} ${e.institution ?? ''}`))) {
    const keyOf = new Map<string, string>();
    const valid = new Set<string>();
    const redundant = new Map<string, ObservedExchange[]>();
    for (const e of own) {
      if (e.operation === 'consent-create' && e.consentKey !== null && e.status === 201 && e.resourceId !== null) {
        checked++;
        const key = e.consentKey;
        if ([...valid].some((id) => keyOf.get(id) === key)) redundant.set(key, [...(redundant.get(key) ?? []), e]);
        keyOf.set(e.resourceId, key);
        continue;
      }
      const consentId = e.operation === 'consent-status' || e.operation === 'consent-delete' ? e.resourceId : e.consentId;
      if (consentId === null || !keyOf.has(consentId)) continue;
      if (e.errorCodes.some((code) => NOT_USABLE.has(code))) valid.delete(consentId);
      else if (e.operation === 'consent-delete' && e.status === 204) valid.delete(consentId);
      else if (e.operation === 'consent-status' && e.resourceStatus !== null) {
        if (e.resourceStatus === 'valid') valid.add(consentId);
        else valid.delete(consentId);
      } else if (e.operation !== null && ACCOUNT_READS.has(e.operation) && e.status === 200) valid.add(consentId);
    }
    for (const creations of redundant.values()) {
      if (creations.length <= REDUNDANT_TOLERATED) continue;
      findings.push(
        finding(
          'consent-per-request',
          creations,
          `${creations.length} new consents (${exchangeList(creations)}) asked for the same PSU and access while a consent the TPP had used or read as valid still was: use the consent until it expires or is revoked.`,
        ),
      );
    }
  }
  return { findings, checked };
}
