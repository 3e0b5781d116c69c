import { randomInt } from 'node:crypto';
import { BankError, formatError, BERLIN_GROUP_STATUS } from '../../domain/errors';
import { faultFor, isPresetState, type AnyFaultState } from '../../domain/faults/first-fault';
import {
  describeAction,
  isFaultOperation,
  isRetired,
  newRuleState,
  type FaultAction,
  type FaultMatch,
  type FaultRequest,
  type FaultRule,
  type FiredFault,
} from '../../domain/faults/rule';
import {
  abandonedSca,
  describePreset,
  isPresetActive,
  newPresetState,
  presetEnd,
  PRESETS_NEEDING_MINUTES,
  processingMoment,
  silentPayeeBank,
  type FaultPresetName,
  type FaultPresetRule,
  type FaultPresetState,
  type PresetScope,
} from '../../domain/faults/presets';
import type { BankContext } from '../context';

interface Counters {
  matched: number;
  fired: number;
  retired: boolean;
  description: string;
}

/** A rule as the control API lists it: the rule (an action rule or a preset), what it has seen, what it does in words. */
export type FaultRuleView = (FaultRule & Counters) | (FaultPresetRule & Counters);

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

interface FaultPresetInput {
  preset: FaultPresetName;
  minutes?: number;
  institution?: string;
  tppId?: string;
  note?: string;
}

/** What the bank's own services ask of the presets (domain/faults/presets.ts), each at the moment given. */
export interface FaultPresets {
  /** When a PDNG payment the bank's rules make due at `dueAt` (epoch ms) is processed: later while a pending-processing preset holds it. */
  processingMoment(payment: PresetScope & { paymentId: string }, dueAt: number, now: Date): number;
  /** The payee-bank-silent preset for a payment being created, or null. */
  silentPayeeBank(payment: PresetScope & { paymentId: string }, now: Date): FaultPresetRule | null;
  /** The sca-abandoned preset that keeps the PSU from deciding this journey, or null. */
  abandonedSca(journey: PresetScope & { journeyId: string }, now: Date): FaultPresetRule | null;
}

/**
 * The fault rules (`/simulator/v1/faults`): the operator's or a test's setting for how the bank
 * misbehaves, not bank state, so they live in memory (as WireMock's and MockServer's do): a restart
 * starts without them, a reset of the bank keeps them. The control API checked each body's shape; this checks what
 * the shape cannot (an operation or institution the bank has, a delay's bounds in order).
 */
export class FaultRules implements FaultPresets {
  private states: AnyFaultState[] = [];
  private nextId = 1;

  constructor(private readonly ctx: BankContext) {}

  add(body: unknown): FaultRuleView {
    if (this.states.length >= MAX_FAULT_RULES) throw formatError(`at most ${MAX_FAULT_RULES} fault rules at once; DELETE /simulator/v1/faults clears them`);
    if (typeof body === 'object' && body !== null && 'preset' in body) return this.addPreset(body as FaultPresetInput);
    const input = body as FaultRuleInput;
    const { match, action } = input;
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
    return this.keep(newRuleState(rule));
  }

  /** A preset: what the schema cannot say (minutes where the preset needs them, an institution the bank has). */
  private addPreset(input: FaultPresetInput): FaultRuleView {
    const { preset } = input;
    if (input.minutes === undefined && PRESETS_NEEDING_MINUTES.includes(preset))
      throw formatError(`the preset ${preset} needs minutes: ${preset === 'maintenance' ? 'how long the bank is down' : 'how long payments stay PDNG'}`);
    if (preset === 'maintenance' && input.institution === undefined)
      throw formatError('the preset maintenance needs institution: the institution under maintenance');
    if (input.institution !== undefined && !this.ctx.dataset.institutions.some((i) => i.id === input.institution))
      throw formatError(`institution ${JSON.stringify(input.institution).slice(0, 60)} is no institution of the bank`);
    const now = this.ctx.clock.now();
    const minutes = input.minutes ?? null;
    const rule: FaultPresetRule = {
      id: this.nextId++,
      preset,
      minutes,
      institution: input.institution ?? null,
      tppId: input.tppId ?? null,
      until: presetEnd(now, minutes)?.toISOString() ?? null,
      note: input.note ?? null,
      createdAt: now.toISOString(),
    };
    return this.keep(newPresetState(rule));
  }

  private keep(state: AnyFaultState): FaultRuleView {
    this.states.push(state);
    // Also wakes the lifecycle timer: a pending-processing preset moves when PDNG payments are due.
    this.ctx.events.emitEvent({ type: 'operator-settings' });
    return this.view(state);
  }

  list(): FaultRuleView[] {
    return this.states.map((state) => this.view(state));
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
    return faultFor(this.states, request, this.ctx.clock.now());
  }

  processingMoment(payment: PresetScope & { paymentId: string }, dueAt: number, now: Date): number {
    return this.states.length === 0 ? dueAt : processingMoment(this.presets(), payment, dueAt, now);
  }

  silentPayeeBank(payment: PresetScope & { paymentId: string }, now: Date): FaultPresetRule | null {
    return this.states.length === 0 ? null : silentPayeeBank(this.presets(), payment, now);
  }

  abandonedSca(journey: PresetScope & { journeyId: string }, now: Date): FaultPresetRule | null {
    return this.states.length === 0 ? null : abandonedSca(this.presets(), journey, now);
  }

  private presets(): FaultPresetState[] {
    return this.states.filter(isPresetState);
  }

  private view(state: AnyFaultState): FaultRuleView {
    if (isPresetState(state))
      return {
        ...state.rule,
        matched: state.fired,
        fired: state.fired,
        retired: !isPresetActive(state.rule, this.ctx.clock.now()),
        description: describePreset(state.rule),
      };
    return {
      ...state.rule,
      matched: state.matched,
      fired: state.fired,
      retired: isRetired(state),
      description: describeAction(state.rule.action, state.rule.when),
    };
  }
}
