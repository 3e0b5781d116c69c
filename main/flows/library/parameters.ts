import { VOP_OUTCOMES } from '../../domain/dataset/types';
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

/** What a payee parameter stands for in references: the registry's payee with the chosen outcome. */
export const PAYEE_FIELDS = ['outcome', 'creditorName', 'iban', 'registeredName'] as const;

export const isVopOutcome = (value: string): boolean => (VOP_OUTCOMES as readonly string[]).includes(value);

/** Why `value` will not do for the parameter, or null when it will. */
export function valueProblem(parameter: FlowParameter, value: string): string | null {
  if (parameter.kind === 'choice' || parameter.kind === 'payee') {
    const values = (parameter.choices ?? []).map((c) => c.value);
    return values.includes(value) ? null : `${parameter.name} must be one of ${values.join(', ')} (got "${value}")`;
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

interface RegistryPayee {
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
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => {
      if (flow.parameters.find((p) => p.name === name)?.kind !== 'payee') return [name, value];
      const payee = payees.find((p) => p.outcome === value);
      if (payee === undefined) throw new Error(`the VoP registry of ${institution} has no payee whose outcome is ${value}`);
      return [name, { outcome: value, creditorName: payee.creditorName, iban: payee.iban, registeredName: payee.registeredName }];
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
