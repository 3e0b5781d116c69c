// Faults on demand (docs/testing-your-tpp.md): rules the operator or a test sets, each matching some of the bank's
// traffic and answering it otherwise than the bank's rules would: an error status, a delay, a dribbled
// answer. Pure: which rule fires for a request, given each rule's counters and seeded random numbers.
import { BANK_OPERATION_NAMES, type BankOperation } from '../operations/registry';
import { seededRandom } from '../random';

export const FAULT_STATUSES = [429, 500, 502, 503, 504] as const;
export type FaultStatus = (typeof FAULT_STATUSES)[number];

/** The longest delay or dribble a rule may ask for: a fault slows a test, it must not hang it. */
export const MAX_FAULT_MS = 60_000;

export type FaultDelay = { uniform: [number, number] } | { lognormal: { medianMs: number; sigma: number } };

export type FaultAction =
  | { status: FaultStatus; code?: string | undefined; retryAfter?: number | undefined }
  | { delayMs: number }
  | { delay: FaultDelay }
  | { dribbleMs: number }
  | { drop: FaultDrop };

/** reset: the connection reset (TCP RST); empty: closed with nothing sent; partial: the answer's head and half its body, then closed. */
export const FAULT_DROPS = ['reset', 'empty', 'partial'] as const;
export type FaultDrop = (typeof FAULT_DROPS)[number];

export interface FaultMatch {
  operation?: BankOperation | undefined;
  institution?: string | undefined;
  tppId?: string | undefined;
  method?: string | undefined;
  /** A glob over the path (no query): `*` any characters but `/`, `**` any characters. */
  path?: string | undefined;
}

export interface FaultRule {
  id: number;
  match: FaultMatch;
  action: FaultAction;
  /** before: the request changes nothing, the fault answers instead; after: the bank acts, then the fault answers. */
  when: 'before' | 'after';
  /** Fires this many times, then retires; null: no end. */
  times: number | null;
  /** The first `after` matching requests pass untouched. */
  after: number;
  /** Of the matching requests past `after`, the share that fires (1: all). */
  probability: number;
  /** The seed of the rule's random numbers (probability, delays): the same seed, the same sequence. */
  seed: number;
  note: string | null;
  createdAt: string;
}

/** A rule with what it has seen: requests it matched, times it fired, and its random numbers so far. */
export interface FaultRuleState {
  rule: FaultRule;
  matched: number;
  fired: number;
  random: () => number;
}

/** What a rule is matched against: one request to the bank. */
export interface FaultRequest {
  operation: BankOperation | null;
  institution: string | null;
  tppId: string | null;
  method: string;
  path: string;
}

/** What a fired rule does to one request: its action, with a delay drawn where the action asks for one. */
export interface FiredFault {
  ruleId: number;
  action: FaultAction;
  when: 'before' | 'after';
  delayMs: number;
  /** What the rule does, in words: the answer's mark. */
  description: string;
  /** The error's text where the rule words it itself (a preset); otherwise "the bank answers N on purpose". */
  text?: string;
}

export const isFaultOperation = (name: unknown): name is BankOperation => typeof name === 'string' && (BANK_OPERATION_NAMES as string[]).includes(name);

const globs = new Map<string, RegExp>();
/** `*` any characters but `/`, `**` any characters, everything else as written. */
export function pathGlob(glob: string): RegExp {
  let re = globs.get(glob);
  if (re === undefined) {
    const body = glob
      .split('**')
      .map((part) =>
        part
          .split('*')
          .map((text) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
          .join('[^/]*'),
      )
      .join('.*');
    re = new RegExp(`^${body}$`);
    globs.set(glob, re);
  }
  return re;
}

export function matchesRequest(match: FaultMatch, request: FaultRequest): boolean {
  return (
    (match.operation === undefined || match.operation === request.operation) &&
    (match.institution === undefined || match.institution === request.institution) &&
    (match.tppId === undefined || match.tppId === request.tppId) &&
    (match.method === undefined || match.method.toUpperCase() === request.method.toUpperCase()) &&
    (match.path === undefined || pathGlob(match.path).test(request.path.split('?')[0] ?? ''))
  );
}

export function newRuleState(rule: FaultRule): FaultRuleState {
  return { rule, matched: 0, fired: 0, random: seededRandom(rule.seed) };
}

export const isRetired = (state: FaultRuleState): boolean => state.rule.times !== null && state.fired >= state.rule.times;

/** A delay drawn from the action's distribution, in whole milliseconds within MAX_FAULT_MS. */
export function drawDelay(action: FaultAction, random: () => number): number {
  let ms = 0;
  if ('delayMs' in action) ms = action.delayMs;
  else if ('delay' in action) {
    const d = action.delay;
    if ('uniform' in d) ms = d.uniform[0] + random() * (d.uniform[1] - d.uniform[0]);
    else {
      // Box-Muller: one standard normal from two uniforms (1 - u keeps the logarithm finite).
      const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
      ms = d.lognormal.medianMs * Math.exp(d.lognormal.sigma * normal);
    }
  }
  return Math.min(MAX_FAULT_MS, Math.max(0, Math.round(ms)));
}

/**
 * Whether this rule fires for a request it matches, counting it: past `after`, while `times` lasts,
 * with `probability` drawn from the rule's own random numbers. Mutates the state's counters only.
 */
export function fires(state: FaultRuleState): FiredFault | null {
  const { rule } = state;
  if (isRetired(state)) return null;
  state.matched++;
  if (state.matched <= rule.after) return null;
  if (rule.probability < 1 && state.random() >= rule.probability) return null;
  state.fired++;
  return {
    ruleId: rule.id,
    action: rule.action,
    when: rule.when,
    delayMs: drawDelay(rule.action, state.random),
    description: describeAction(rule.action, rule.when),
  };
}

/** The rule in words, for the answer's mark and the Bank screen: "503 (Retry-After 5 s), before the bank acts". */
export function describeAction(action: FaultAction, when: 'before' | 'after'): string {
  const what =
    'status' in action
      ? `${action.status}${action.retryAfter === undefined ? '' : ` (Retry-After ${action.retryAfter} s)`}`
      : 'delayMs' in action
        ? `a delay of ${action.delayMs} ms`
        : 'delay' in action
          ? 'uniform' in action.delay
            ? `a delay of ${action.delay.uniform[0]}-${action.delay.uniform[1]} ms`
            : `a log-normal delay (median ${action.delay.lognormal.medianMs} ms)`
          : null;
  // A dribble is the bank's own answer, sent slowly: it always comes after the bank acted.
  if (what === null && 'dribbleMs' in action) return `the answer dribbled over ${action.dribbleMs} ms`;
  if (what === null && 'drop' in action && action.drop === 'partial') return "the connection closed halfway through the answer's body";
  if (what === null && 'drop' in action)
    return `${action.drop === 'reset' ? 'the connection reset' : 'the connection closed with no answer'}, ${when} the bank acts`;
  return `${what}, ${when === 'before' ? 'before' : 'after'} the bank acts`;
}
