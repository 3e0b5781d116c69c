// Which requests carry a signature (spec "Application-layer signing"): the four signed operations
// always, no other.
import { isSigned } from '../operations/registry';
import { exchangeList, finding, groupBy, type RuleResult } from './finding';
import type { ObservedExchange } from './observed';

const known = (exchanges: readonly ObservedExchange[]): ObservedExchange[] => exchanges.filter((e) => e.operation !== null && e.tppId !== null);
const byOperation = (exchanges: readonly ObservedExchange[]): ObservedExchange[][] => groupBy(exchanges, (e) => `${e.tppId ?? ''} ${e.operation ?? ''}`);

export function signatureOnUnsignedOperation(exchanges: readonly ObservedExchange[]): RuleResult {
  const looked = known(exchanges).filter((e) => !isSigned(e.operation as NonNullable<ObservedExchange['operation']>));
  const findings = byOperation(looked.filter((e) => e.signed)).map((sent) =>
    finding(
      'signature-on-unsigned-operation',
      sent,
      `${sent.length === 1 ? 'A' : sent.length} ${(sent[0] as ObservedExchange).operation ?? ''} ${sent.length === 1 ? 'request carries' : 'requests carry'} a Signature header, but the operation is not signed (${exchangeList(sent)}): the bank ignores it.`,
    ),
  );
  return { findings, checked: looked.length };
}

export function signatureMissingOnSignedOperation(exchanges: readonly ObservedExchange[]): RuleResult {
  const looked = known(exchanges).filter((e) => isSigned(e.operation as NonNullable<ObservedExchange['operation']>));
  const findings = byOperation(looked.filter((e) => !e.signed)).map((sent) =>
    finding(
      'signature-missing-on-signed-operation',
      sent,
      `${sent.length === 1 ? 'A' : sent.length} ${(sent[0] as ObservedExchange).operation ?? ''} ${sent.length === 1 ? 'request was' : 'requests were'} sent without a Signature header (${exchangeList(sent)}), though the operation must be signed.`,
    ),
  );
  return { findings, checked: looked.length };
}
