import { ACTORS, type Actor } from './actors';
import type { FlowParameter, FlowStep, FlowValue } from './format';
import { isOperation, operationSpec, PSU_ACTIONS, type ParamKind } from './operations';
import { referencesIn } from './references';
import { PSU_CHOOSES, readExpectation } from './validate-expectations';
import { checkFaultRule } from './validate-fault-rule';
import { allowOnly, FLOW_IDENTIFIER, FlowFormatError, isJsonObject, nonEmptyList, nonEmptyText } from './validate-fields';
import { checkParamKind } from './validate-param-kinds';
import { checkFaultId, checkReference, type ReferableNames } from './validate-references';

/** One step of a flow, whose references may name only what `known` holds: the steps before it, the roles, the parameters. */
export function readStep(value: unknown, at: string, known: ReferableNames): FlowStep {
  const { earlier, psus } = known;
  if (!isJsonObject(value)) throw new FlowFormatError(at, 'must be an object');
  allowOnly(value, at, ['id', 'title', 'explanation', 'spec', 'actor', 'operation', 'params', 'expect', 'when']);
  const id = nonEmptyText(value.id, `${at}.id`);
  if (!FLOW_IDENTIFIER.test(id)) throw new FlowFormatError(`${at}.id`, 'must be a letter followed by letters, digits, _ or -');
  if (earlier.has(id)) throw new FlowFormatError(`${at}.id`, `"${id}" is the id of an earlier step`);
  const operation = nonEmptyText(value.operation, `${at}.operation`);
  if (!isOperation(operation)) throw new FlowFormatError(`${at}.operation`, `unknown operation "${operation}"`);
  const spec = operationSpec(operation);
  const actor = value.actor ?? spec.actor;
  if (!ACTORS.includes(actor as Actor)) throw new FlowFormatError(`${at}.actor`, `must be one of ${ACTORS.join(', ')}`);
  const params = value.params ?? {};
  if (!isJsonObject(params)) throw new FlowFormatError(`${at}.params`, 'must be an object');
  const kinds: Record<string, ParamKind> = { ...spec.required, ...spec.optional };
  for (const required of Object.keys(spec.required)) {
    if (!Object.hasOwn(params, required)) throw new FlowFormatError(`${at}.params.${required}`, `${operation} needs it`);
  }
  for (const [param, given] of Object.entries(params)) {
    const kind = kinds[param];
    if (kind === undefined)
      throw new FlowFormatError(`${at}.params.${param}`, `${operation} takes no such parameter (it takes ${Object.keys(kinds).join(', ') || 'none'})`);
    checkParamKind(given, kind, `${at}.params.${param}`, psus);
    for (const reference of referencesIn(given as FlowValue)) checkReference(reference, `${at}.params.${param}`, known);
  }
  if (operation === 'psuDecides' && params.action !== undefined && !(PSU_ACTIONS as readonly unknown[]).includes(params.action)) {
    throw new FlowFormatError(`${at}.params.action`, `must be ${PSU_ACTIONS.join(', ')} (${PSU_CHOOSES}: the PSU decides; either is expected)`);
  }
  if (operation === 'addFault') checkFaultRule(params, `${at}.params`);
  if (operation === 'clearFaults' && params.faultId !== undefined) checkFaultId(params.faultId, `${at}.params.faultId`, known);
  return {
    id,
    title: nonEmptyText(value.title, `${at}.title`),
    explanation: nonEmptyText(value.explanation, `${at}.explanation`),
    spec: nonEmptyText(value.spec, `${at}.spec`),
    actor: actor as Actor,
    operation,
    params: params as Record<string, FlowValue>,
    expect: readExpectation(value.expect, `${at}.expect`, known),
    ...(value.when === undefined ? {} : { when: readWhen(value.when, `${at}.when`, known.parameters) }),
  };
}

/** A step's `when`: parameters that offer choices, each with some of its choices. */
function readWhen(value: unknown, at: string, parameters: readonly FlowParameter[]): Record<string, string[]> {
  if (!isJsonObject(value) || Object.keys(value).length === 0)
    throw new FlowFormatError(at, 'must name parameters and their values, e.g. {"payee": ["timeout"]}');
  for (const [name, values] of Object.entries(value)) {
    const parameter = parameters.find((p) => p.name === name);
    if (parameter?.choices === undefined) throw new FlowFormatError(`${at}.${name}`, 'must be a parameter of the flow that offers choices');
    const offered = parameter.choices.map((c) => c.value);
    const listed = nonEmptyList(values, `${at}.${name}`);
    if (listed.length === 0) throw new FlowFormatError(`${at}.${name}`, 'must list at least one value');
    listed.forEach((given, i) => {
      if (typeof given !== 'string' || !offered.includes(given)) throw new FlowFormatError(`${at}.${name}[${i}]`, `must be one of ${offered.join(', ')}`);
    });
  }
  return value as Record<string, string[]>;
}
