// The flow library as the picker groups it: what a person comes for (the lessons for a class first,
// then account information, payments, signature failures, the sandbox), in a fixed order.
import type { FlowSummary } from '../../../preload/api/workbench-api';

export const FLOW_GROUPS = ['Lessons', 'Account information', 'Payments', 'Signatures', 'Clock and tokens', 'Sandbox'] as const;

export type FlowGroup = (typeof FLOW_GROUPS)[number];

const PAYMENT_OPERATIONS = new Set(['createPayment', 'createBasket', 'cancelPayment', 'confirmFunds', 'startAuthorisation']);

export function flowGroup(flow: FlowSummary): FlowGroup {
  if (flow.lesson) return 'Lessons';
  if (flow.behaviour === 'sandbox') return 'Sandbox';
  if (flow.name.startsWith('signature-') || flow.steps.some((s) => (s.params.faults ?? null) !== null)) return 'Signatures';
  if (flow.steps.some((s) => PAYMENT_OPERATIONS.has(s.operation))) return 'Payments';
  if (flow.steps.some((s) => s.operation === 'advanceClock' || s.operation === 'refreshToken')) return 'Clock and tokens';
  return 'Account information';
}

export function groupFlows(flows: readonly FlowSummary[]): { group: FlowGroup; flows: FlowSummary[] }[] {
  return FLOW_GROUPS.map((group) => ({ group, flows: flows.filter((f) => flowGroup(f) === group) })).filter((g) => g.flows.length > 0);
}

/** The PSU the host picks for a role by default: the institution's PSU named PREFIX-SUFFIX. */
export function defaultPsu(psuIds: readonly string[], suffix: string): string | undefined {
  return psuIds.find((id) => id.endsWith(`-${suffix}`) && id.indexOf('-') === id.length - suffix.length - 1);
}
