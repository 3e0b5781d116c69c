import { VOP_OUTCOMES } from '../../domain/dataset/schema';
import { readPayeeChoice } from '../../../shared/payee-choice';
import { sendHttp } from '../../tpp/http';
import type { BankTransport } from '../../tpp/transport';
import type { FlowFile, FlowParameter } from './format';

/**
 * A flow's parameters (format.ts FlowParameter): the values chosen for a run, checked against the
 * flow, and what `${params.NAME}` stands for once the run knows its institution.
 */

/** A chosen value the flow does not take; its message is one line naming what it does take. */
export class ParameterError extends Error {}

/** A euro amount as a pain.001 writes it: up to two decimals, more than zero. */
const AMOUNT = /^(?!0+(\.0+)?$)\d{1,9}(\.\d{1,2})?$/;
const PSU_ID = /^[A-Z0-9][A-Z0-9-]*$/;
const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;

/** What a payee parameter stands for in references: the registry's payee with the chosen outcome. */
export const PAYEE_FIELDS = ['outcome', 'creditorName', 'iban', 'registeredName'] as const;

export const isVopOutcome = (value: string): boolean => (VOP_OUTCOMES as readonly string[]).includes(value);

/** Why `value` will not do for the parameter, or null when it will. */
export function valueProblem(parameter: FlowParameter, value: string): string | null {
  if (parameter.kind === 'choice' || parameter.kind === 'payee') {
    // A payee may be one payee of the registry, `outcome:IBAN`, where the outcome is one of the choices.
    const { outcome, iban } = parameter.kind === 'payee' ? readPayeeChoice(value) : { outcome: value };
    const values = (parameter.choices ?? []).map((c) => c.value);
    if (!values.includes(outcome)) return `${parameter.name} must be one of ${values.join(', ')} (got "${value}")`;
    return iban === undefined || IBAN.test(iban) ? null : `${parameter.name} names the payee "${iban}", which is not an IBAN such as DE89370400440532013000`;
  }
  if (parameter.kind === 'amount') return AMOUNT.test(value) ? null : `${parameter.name} must be an amount in euro such as 250.00 (got "${value}")`;
  return PSU_ID.test(value) ? null : `${parameter.name} must be a psuId such as FRA-SOLO (got "${value}")`;
}

/**
 * Every parameter's value for a run: the given one, else the default. A psu parameter without
 * either is left out: its role keeps the flow's own PSU.
 */
export function chosenValues(flow: Pick<FlowFile, 'name' | 'parameters'>, given: Record<string, string> = {}): Record<string, string> {
  const names = flow.parameters.map((p) => p.name);
  const unknown = Object.keys(given).find((name) => !names.includes(name));
  if (unknown !== undefined)
    throw new ParameterError(
      names.length === 0
        ? `${flow.name} takes no parameters (got ${unknown})`
        : `${flow.name} has no parameter ${unknown} (its parameters: ${names.join(', ')})`,
    );
  const values: Record<string, string> = {};
  for (const parameter of flow.parameters) {
    const value = given[parameter.name] ?? parameter.default;
    if (value === undefined) continue;
    const problem = valueProblem(parameter, value);
    if (problem !== null) throw new ParameterError(problem);
    values[parameter.name] = value;
  }
  return values;
}

/** The PSUs by role that psu parameters chose. */
export function chosenPsuIds(flow: Pick<FlowFile, 'parameters'>, values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(flow.parameters.filter((p) => p.kind === 'psu' && values[p.name] !== undefined).map((p) => [p.name, values[p.name] as string]));
}

/** A payee of an institution's VoP registry, as GET /simulator/v1/vop-registry lists it. */
export interface RegistryPayee {
  iban: string;
  registeredName: string;
  creditorName: string;
  outcome: string;
}

/** What `${params.NAME}` refers to in the run: the value itself, or for a payee the registry's payee with that outcome. */
export async function parameterScope(
  bank: BankTransport,
  flow: Pick<FlowFile, 'parameters'>,
  institution: string,
  values: Record<string, string>,
): Promise<Record<string, unknown>> {
  const payees = flow.parameters.some((p) => p.kind === 'payee') ? await vopRegistry(bank, institution) : [];
  return scopeOf(flow, institution, values, payees);
}

/**
 * parameterScope over a registry already read: a payee parameter's value picks the registry's first payee with
 * its outcome, or (`outcome:IBAN`) the payee of that IBAN, which must give that outcome.
 */
export function scopeOf(
  flow: Pick<FlowFile, 'parameters'>,
  institution: string,
  values: Record<string, string>,
  payees: readonly RegistryPayee[],
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => {
      if (flow.parameters.find((p) => p.name === name)?.kind !== 'payee') return [name, value];
      const { outcome, iban } = readPayeeChoice(value);
      const payee = payees.find((p) => p.outcome === outcome && (iban === undefined || p.iban === iban));
      if (payee === undefined)
        throw new ParameterError(
          iban === undefined
            ? `the VoP registry of ${institution} has no payee whose outcome is ${outcome}`
            : `the VoP registry of ${institution} has no payee ${iban} whose outcome is ${outcome}`,
        );
      return [name, { outcome, creditorName: payee.creditorName, iban: payee.iban, registeredName: payee.registeredName }];
    }),
  );
}

async function vopRegistry(bank: BankTransport, institution: string): Promise<RegistryPayee[]> {
  const res = await sendHttp(bank, {
    method: 'GET',
    path: `/simulator/v1/vop-registry?institution=${encodeURIComponent(institution)}`,
    headers: {},
    body: null,
  });
  if (res.status !== 200) throw new Error(`GET /simulator/v1/vop-registry answered ${res.status}`);
  return (res.body as { payees: RegistryPayee[] }).payees;
}

/**
 * A flow as a run kept or exported before parameters had labels gives it: each parameter's label was its
 * `title`. Read as the label, so such a run still opens, imports and replays.
 */
export function withParameterLabels<F>(flow: F): F {
  const parameters = (flow as { parameters?: unknown } | null)?.parameters;
  if (!Array.isArray(parameters)) return flow;
  const renamed = parameters.map((p: unknown) => {
    if (typeof p !== 'object' || p === null || 'label' in p || !('title' in p)) return p;
    const { title, ...rest } = p as { title: unknown };
    return { ...rest, label: title };
  });
  return { ...flow, parameters: renamed };
}
