// The fault rules of both kinds in the order added: action rules (rule.ts) and presets
// (presets.ts). Pure: which of them answers a request to the bank in place of its rules.
import { maintenanceFault, type FaultPresetState } from './presets';
import { fires, isRetired, matchesRequest, type FaultRequest, type FaultRuleState, type FiredFault } from './rule';

/** A rule of either kind as the service keeps them, in the order added: an action rule or a preset. */
export type AnyFaultState = FaultRuleState | FaultPresetState;

export const isPresetState = (state: AnyFaultState): state is FaultPresetState => 'preset' in state.rule;

/**
 * The first live rule that matches and fires at `now`; each matching rule before it counts the request too.
 * Of the presets only maintenance answers requests; the others act inside the bank (presets.ts).
 */
export function faultFor(states: readonly AnyFaultState[], request: FaultRequest, now: Date): FiredFault | null {
  for (const state of states) {
    if (isPresetState(state)) {
      const fault = maintenanceFault(state, request, now);
      if (fault !== null) return fault;
      continue;
    }
    if (isRetired(state) || !matchesRequest(state.rule.match, request)) continue;
    const fired = fires(state);
    if (fired !== null) return fired;
  }
  return null;
}
