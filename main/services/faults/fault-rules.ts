import { randomInt } from 'node:crypto';
import { BankError, formatError, BERLIN_GROUP_STATUS } from '../../domain/errors';
import {
  describeAction,
  faultFor,
  isFaultOperation,
  isRetired,
  newRuleState,
  type FaultAction,
  type FaultMatch,
  type FaultRequest,
  type FaultRule,
  type FaultRuleState,
  type FiredFault,
} from '../../domain/faults/rule';
import type { BankContext } from '../context';

/** A rule as the control API lists it: the rule, what it has seen, the action in words. */
export type FaultRuleView = FaultRule & { matched: number; fired: number; retired: boolean; description: string };

/** At most this many rules at once: every request to the bank is matched against each. */
export const MAX_FAULT_RULES = 100;

interface FaultRuleInput {
  match: FaultMatch;
  action: FaultAction;
  when?: 'before' | 'after';
  times?: number;
  after?: number;
  probability?: number;
  seed?: number;
  note?: string;
}

/**
 * The fault rules (`/simulator/v1/faults`): the operator's or a test's setting for how the bank
 * misbehaves, not bank state, so they live in memory (as WireMock's and MockServer's do): a restart
 * starts without them, a reset of the bank keeps them. The control API checked each body's shape; this checks what
 * the shape cannot (an operation or institution the bank has, a delay's bounds in order).
 */
export class FaultRules {
  private states: FaultRuleState[] = [];
  private nextId = 1;

  constructor(private readonly ctx: BankContext) {}

  add(body: unknown): FaultRuleView {
    const input = body as FaultRuleInput;
    const { match, action } = input;
    if (this.states.length >= MAX_FAULT_RULES) throw formatError(`at most ${MAX_FAULT_RULES} fault rules at once; DELETE /simulator/v1/faults clears them`);
    if (match.operation !== undefined && !isFaultOperation(match.operation))
      throw formatError(`match.operation ${JSON.stringify(match.operation).slice(0, 60)} is no operation of the bank; the openapi.json lists them`);
    if (match.institution !== undefined && !this.ctx.dataset.institutions.some((i) => i.id === match.institution))
      throw formatError(`match.institution ${JSON.stringify(match.institution).slice(0, 60)} is no institution of the bank`);
    if ('status' in action && action.code !== undefined && !Object.hasOwn(BERLIN_GROUP_STATUS, action.code))
      throw formatError(`action.code ${JSON.stringify(action.code).slice(0, 60)} is no Berlin Group code of the bank`);
    if ('delay' in action && 'uniform' in action.delay && action.delay.uniform[0] > action.delay.uniform[1])
      throw formatError('action.delay.uniform must be [lower, upper] with lower at most upper');
    const rule: FaultRule = {
      id: this.nextId++,
      match,
      action,
      when: input.when ?? 'before',
      times: input.times ?? null,
      after: input.after ?? 0,
      probability: input.probability ?? 1,
      seed: input.seed ?? randomInt(0, 2 ** 32 - 1),
      note: input.note ?? null,
      createdAt: this.ctx.clock.now().toISOString(),
    };
    const state = newRuleState(rule);
    this.states.push(state);
    this.ctx.events.emitEvent({ type: 'operator-settings' });
    return view(state);
  }

  list(): FaultRuleView[] {
    return this.states.map(view);
  }

  remove(id: string): void {
    const before = this.states.length;
    this.states = this.states.filter((s) => String(s.rule.id) !== id);
    if (this.states.length === before) throw BankError.of('RESOURCE_UNKNOWN', `no fault rule ${id.slice(0, 40)}`);
    this.ctx.events.emitEvent({ type: 'operator-settings' });
  }

  clear(): void {
    this.states = [];
    this.ctx.events.emitEvent({ type: 'operator-settings' });
  }

  /** Whether any rule is set: the bank's traffic looks no further when none is. */
  any(): boolean {
    return this.states.length > 0;
  }

  /** The fault this request gets, if any rule fires; counted on every rule that matched it. */
  forRequest(request: FaultRequest): FiredFault | null {
    return faultFor(this.states, request);
  }
}

const view = (state: FaultRuleState): FaultRuleView => ({
  ...state.rule,
  matched: state.matched,
  fired: state.fired,
  retired: isRetired(state),
  description: describeAction(state.rule.action, state.rule.when),
});
