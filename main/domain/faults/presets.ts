// Bank-level fault presets: the scenarios no generic tool has, named, over the bank's own
// rules rather than in place of them. Processing held in PDNG, a payee's bank that never answers
// Verification of Payee, a PSU who abandons the SCA, and the bank under maintenance. Pure: whether a
// preset holds for a payment, a journey or a request at a moment, and what it does there.
import { VOP_TIME_LIMIT_MS } from '../vop/verify';
import type { FaultRequest, FiredFault } from './rule';

export const FAULT_PRESETS = ['pending-processing', 'payee-bank-silent', 'sca-abandoned', 'maintenance'] as const;
export type FaultPresetName = (typeof FAULT_PRESETS)[number];

/** The longest a preset lasts: a week of simulated time, as the longest processing delay a dataset may give. */
export const MAX_PRESET_MINUTES = 7 * 24 * 60;

/** The presets that say nothing without their minutes: how long PDNG is held, how long the bank is down. */
export const PRESETS_NEEDING_MINUTES: readonly FaultPresetName[] = ['pending-processing', 'maintenance'];

export interface FaultPresetRule {
  id: number;
  preset: FaultPresetName;
  /** How long it lasts on the simulated clock from its creation; null: until removed. */
  minutes: number | null;
  /** The institution it is for; null: every one (maintenance always names one). */
  institution: string | null;
  /** The TPP it is for, as the log names it; null: every TPP. */
  tppId: string | null;
  /** The simulated instant it ends (createdAt + minutes); null: until removed. */
  until: string | null;
  note: string | null;
  createdAt: string;
}

/** A preset with what it has touched: requests (maintenance), payments or journeys, each counted once. */
export interface FaultPresetState {
  rule: FaultPresetRule;
  fired: number;
  touched: Set<string>;
}

/** Where a preset may apply: the institution and the TPP of a payment, journey or request. */
export interface PresetScope {
  institution: string | null;
  tppId: string | null;
}

export function newPresetState(rule: FaultPresetRule): FaultPresetState {
  return { rule, fired: 0, touched: new Set() };
}

/** When a preset of `minutes` set at `createdAt` ends; null when it has no minutes. */
export const presetEnd = (createdAt: Date, minutes: number | null): Date | null => (minutes === null ? null : new Date(createdAt.getTime() + minutes * 60_000));

/** An instant in words: to the second, as the clock shows it. */
const toSecond = (iso: string): string => iso.replace(/\.\d{3}Z$/, 'Z');

/**
 * From its creation until its minutes have passed on the simulated clock (moving the clock past them ends
 * it). A clock moved back before its creation ("New class") finds it not yet begun, not begun again.
 */
export const isPresetActive = (rule: FaultPresetRule, now: Date): boolean =>
  now.getTime() >= Date.parse(rule.createdAt) && (rule.until === null || now.getTime() < Date.parse(rule.until));

function applies(state: FaultPresetState, name: FaultPresetName, scope: PresetScope, now: Date): boolean {
  const { rule } = state;
  return (
    rule.preset === name &&
    isPresetActive(rule, now) &&
    (rule.institution === null || rule.institution === scope.institution) &&
    (rule.tppId === null || rule.tppId === scope.tppId)
  );
}

/** Counts what a preset touched: a payment or journey once however often it is met; a request (no id) each time. */
function touch(state: FaultPresetState, id?: string): void {
  if (id === undefined) state.fired++;
  else if (!state.touched.has(id)) {
    state.touched.add(id);
    state.fired++;
  }
}

/** The first preset of this name that holds for the scope now. */
const first = (states: readonly FaultPresetState[], name: FaultPresetName, scope: PresetScope, now: Date): FaultPresetState | null =>
  states.find((s) => applies(s, name, scope, now)) ?? null;

/**
 * "Processing stays PDNG for N minutes": the moment (epoch ms) a PDNG payment the bank's rules make due at
 * `dueAt` is processed instead: the latest end of the pending-processing presets holding it (Infinity for
 * one without minutes), or `dueAt` itself when none does. A payment due after a preset ends is not held
 * by it. Counts the payment on each preset holding it once it would have moved on (`dueAt` reached).
 */
export function processingMoment(states: readonly FaultPresetState[], payment: PresetScope & { paymentId: string }, dueAt: number, now: Date): number {
  let moment = dueAt;
  for (const state of states) {
    if (!applies(state, 'pending-processing', payment, now)) continue;
    const end = state.rule.until === null ? Infinity : Date.parse(state.rule.until);
    if (end <= dueAt) continue;
    moment = Math.max(moment, end);
    if (dueAt <= now.getTime()) touch(state, payment.paymentId);
  }
  return moment;
}

/**
 * "The payee's bank does not answer": the preset that makes every VoP request of this payment go unanswered
 * (RECI until the time limit, then the completed NOAP outcome), counting the payment; null when none holds.
 */
export function silentPayeeBank(states: readonly FaultPresetState[], payment: PresetScope & { paymentId: string }, now: Date): FaultPresetRule | null {
  const state = first(states, 'payee-bank-silent', payment, now);
  if (state === null) return null;
  touch(state, payment.paymentId);
  return state.rule;
}

/** "The PSU abandons the SCA": the preset that keeps the PSU from deciding this journey, counting it; null when none holds. */
export function abandonedSca(states: readonly FaultPresetState[], journey: PresetScope & { journeyId: string }, now: Date): FaultPresetRule | null {
  const state = first(states, 'sca-abandoned', journey, now);
  if (state === null) return null;
  touch(state, journey.journeyId);
  return state.rule;
}

/**
 * "The bank is under maintenance": 503 SERVICE_UNAVAILABLE before the bank acts, on every request to the
 * institution, with Retry-After the time left (whole seconds, at least 1); null when the preset does not hold.
 */
export function maintenanceFault(state: FaultPresetState, request: FaultRequest, now: Date): FiredFault | null {
  if (!applies(state, 'maintenance', request, now)) return null;
  touch(state);
  const left = state.rule.until === null ? undefined : Math.max(1, Math.ceil((Date.parse(state.rule.until) - now.getTime()) / 1000));
  return {
    ruleId: state.rule.id,
    action: { status: 503, code: 'SERVICE_UNAVAILABLE', retryAfter: left },
    when: 'before',
    delayMs: 0,
    text: `the bank is under maintenance${state.rule.until === null ? '' : ` until ${toSecond(state.rule.until)}`}; try again after Retry-After`,
    description: `the bank is under maintenance${state.rule.until === null ? '' : ` until ${toSecond(state.rule.until)}`} (503 SERVICE_UNAVAILABLE${left === undefined ? '' : `, Retry-After ${left} s`})`,
  };
}

/** The preset in words, for the list and the Bank screen. */
export function describePreset(rule: FaultPresetRule): string {
  const lasting = rule.until === null ? 'until removed' : `for ${rule.minutes} min of simulated time (until ${toSecond(rule.until)})`;
  switch (rule.preset) {
    case 'pending-processing':
      return `payments that would move on from PDNG stay PDNG ${lasting}; then the bank processes them by its rules`;
    case 'payee-bank-silent':
      return `the payee's bank does not answer Verification of Payee for new SEPA payments ${lasting}: RECI, then NOAP after ${VOP_TIME_LIMIT_MS / 1000} s`;
    case 'sca-abandoned':
      return `the PSU abandons every SCA ${lasting}: no decision is taken, journeys end by the bank's time limits`;
    case 'maintenance':
      return `the bank is under maintenance ${lasting}: every request answers 503 SERVICE_UNAVAILABLE`;
  }
}
