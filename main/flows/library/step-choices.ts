import { readPayeeChoice } from '../../../shared/payee-choice';
import type { FlowFile, FlowStep } from './format';

/** Whether a step runs for the chosen values: always without a `when`, else when each parameter it names has a value it lists. */
export function runsFor(step: Pick<FlowStep, 'when'>, values: Readonly<Record<string, string>>): boolean {
  return step.when === undefined || Object.entries(step.when).every(([name, listed]) => listed.includes(values[name] ?? ''));
}

/** The flow as a run with these chosen values has it: the steps whose `when` they meet (the flow itself when all do). */
export function flowForChoices(flow: FlowFile, values: Readonly<Record<string, string>>): FlowFile {
  // A payee chosen by its IBAN (`closeMatch:DE…`) is the choice of its outcome.
  const payees = new Set(flow.parameters.filter((p) => p.kind === 'payee').map((p) => p.name));
  const choices = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, payees.has(name) ? readPayeeChoice(value).outcome : value]));
  const steps = flow.steps.filter((step) => runsFor(step, choices));
  return steps.length === flow.steps.length ? flow : { ...flow, steps };
}

/** The values a run would choose: those given, else each parameter's default (unchecked: the run checks them as it starts). */
export function givenOrDefault(flow: Pick<FlowFile, 'parameters'>, given: Readonly<Record<string, string>> = {}): Record<string, string> {
  const defaults = flow.parameters.flatMap((p) => (p.default === undefined ? [] : [[p.name, p.default] as const]));
  return { ...Object.fromEntries(defaults), ...given };
}
