import type { ObservedExchange } from './observed';
import { CONDUCT_RULES, type ConductRuleId, type ConductSeverity } from './rules';

/** One breach of a rule: by whom, where, in words, and the exchanges that show it (ids of the traffic log). */
export interface RuleFinding {
  rule: ConductRuleId;
  severity: ConductSeverity;
  /** The rule in plain words (rules.ts): what a reader is shown first, the id beside it. */
  title: string;
  tppId: string | null;
  institution: string | null;
  text: string;
  exchanges: number[];
  spec: string;
}

/** What one rule found, and how many exchanges (or resources) it looked at. */
export interface RuleResult {
  findings: RuleFinding[];
  checked: number;
}

export function finding(rule: ConductRuleId, shown: readonly ObservedExchange[], text: string): RuleFinding {
  const first = shown[0];
  return {
    rule,
    severity: CONDUCT_RULES[rule].severity,
    title: CONDUCT_RULES[rule].title,
    tppId: first?.tppId ?? null,
    institution: first?.institution ?? null,
    text,
    exchanges: [...new Set(shown.map((e) => e.id))].sort((a, b) => a - b),
    spec: CONDUCT_RULES[rule].spec,
  };
}

/** Items grouped by a key, in the order of their first item; a null key leaves the item out. */
export function groupBy<T>(items: readonly T[], key: (item: T) => string | null): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === null) continue;
    const group = groups.get(k);
    if (group === undefined) groups.set(k, [item]);
    else group.push(item);
  }
  return [...groups.values()];
}

/** "#12" or "#12, #15 and #20": exchanges as the Inspector numbers them. */
export function exchangeList(shown: readonly ObservedExchange[]): string {
  const ids = shown.map((e) => `#${e.id}`);
  return ids.length <= 1 ? (ids[0] ?? '') : `${ids.slice(0, -1).join(', ')} and ${ids.at(-1)}`;
}
