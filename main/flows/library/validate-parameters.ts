import type { PsuNeeds } from '../../../shared/psu-needs';
import { VOP_OUTCOMES } from '../../domain/dataset/schema';
import { PARAMETER_KINDS, type FlowParameter, type ParameterKind } from './format';
import { isVopOutcome, valueProblem } from './parameters';
import { allowOnly, FLOW_IDENTIFIER, FlowFormatError, isJsonObject, nonEmptyList, nonEmptyText } from './validate-fields';

/** A flow's `parameters`: what a run may choose, each with its default, and the needs that name one another. */
export function readParameters(value: unknown, psus: Record<string, string>): FlowParameter[] {
  if (!Array.isArray(value)) throw new FlowFormatError('parameters', 'must be a list of {name, label, help?, kind, choices?, default?}');
  const names = new Set<string>();
  const parameters = value.map((item: unknown, i) => {
    const at = `parameters[${i}]`;
    if (!isJsonObject(item)) throw new FlowFormatError(at, 'must be an object {name, label, help?, kind, choices?, default?}');
    allowOnly(item, at, ['name', 'label', 'help', 'kind', 'choices', 'default', 'needs']);
    const name = nonEmptyText(item.name, `${at}.name`);
    if (!FLOW_IDENTIFIER.test(name)) throw new FlowFormatError(`${at}.name`, 'must be a letter followed by letters, digits, _ or -');
    if (names.has(name)) throw new FlowFormatError(`${at}.name`, `"${name}" is the name of an earlier parameter`);
    names.add(name);
    const kind = item.kind as ParameterKind;
    if (!PARAMETER_KINDS.includes(kind)) throw new FlowFormatError(`${at}.kind`, `must be one of ${PARAMETER_KINDS.join(', ')}`);
    const parameter: FlowParameter = { name, label: nonEmptyText(item.label, `${at}.label`), kind };
    if (item.help !== undefined) parameter.help = nonEmptyText(item.help, `${at}.help`);
    const hasChoices = kind === 'choice' || kind === 'payee';
    if (hasChoices) parameter.choices = readChoices(item.choices, `${at}.choices`, kind);
    else if (item.choices !== undefined) throw new FlowFormatError(`${at}.choices`, `only a choice or payee parameter has choices`);
    if (kind === 'psu' && !Object.hasOwn(psus, name))
      throw new FlowFormatError(`${at}.name`, `a psu parameter is named after the PSU role it chooses (the flow's roles: ${Object.keys(psus).join(', ')})`);
    if (item.needs !== undefined) {
      if (kind !== 'psu') throw new FlowFormatError(`${at}.needs`, 'only a psu parameter has needs');
      parameter.needs = readNeeds(item.needs, `${at}.needs`);
    }
    if (item.default === undefined) {
      if (kind !== 'psu') throw new FlowFormatError(`${at}.default`, 'is needed: the value preselected in the form');
      return parameter;
    }
    const given = nonEmptyText(item.default, `${at}.default`);
    const problem = valueProblem(parameter, given);
    if (problem !== null) throw new FlowFormatError(`${at}.default`, problem);
    return { ...parameter, default: given };
  });
  checkNeeds(parameters);
  return parameters;
}

function readNeeds(value: unknown, at: string): PsuNeeds {
  if (!isJsonObject(value))
    throw new FlowFormatError(at, 'must be an object {usesBankApp?, createsPayments?, authorisesPayments?, authorisesAlone?, authorisesOneOfTwo?}');
  allowOnly(value, at, ['usesBankApp', 'createsPayments', 'authorisesPayments', 'authorisesAlone', 'authorisesOneOfTwo']);
  const needs: PsuNeeds = {};
  for (const flag of ['usesBankApp', 'createsPayments', 'authorisesPayments'] as const) {
    if (value[flag] === undefined) continue;
    if (typeof value[flag] !== 'boolean') throw new FlowFormatError(`${at}.${flag}`, 'must be true or false');
    needs[flag] = value[flag];
  }
  const alone = value.authorisesAlone;
  if (alone !== undefined) {
    if (!isJsonObject(alone)) throw new FlowFormatError(`${at}.authorisesAlone`, 'must be an object {paymentsOf, category, amountParameter?}');
    allowOnly(alone, `${at}.authorisesAlone`, ['paymentsOf', 'category', 'amountParameter']);
    needs.authorisesAlone = {
      paymentsOf: nonEmptyText(alone.paymentsOf, `${at}.authorisesAlone.paymentsOf`),
      category: nonEmptyText(alone.category, `${at}.authorisesAlone.category`),
    };
    if (alone.amountParameter !== undefined)
      needs.authorisesAlone.amountParameter = nonEmptyText(alone.amountParameter, `${at}.authorisesAlone.amountParameter`);
  }
  const oneOfTwo = value.authorisesOneOfTwo;
  if (oneOfTwo !== undefined) {
    const where = `${at}.authorisesOneOfTwo`;
    if (!isJsonObject(oneOfTwo)) throw new FlowFormatError(where, 'must be an object {paymentsOf, category, signatoryGroup?, amount?}');
    allowOnly(oneOfTwo, where, ['paymentsOf', 'category', 'signatoryGroup', 'amount']);
    needs.authorisesOneOfTwo = {
      paymentsOf: nonEmptyText(oneOfTwo.paymentsOf, `${where}.paymentsOf`),
      category: nonEmptyText(oneOfTwo.category, `${where}.category`),
    };
    if (oneOfTwo.signatoryGroup !== undefined) needs.authorisesOneOfTwo.signatoryGroup = nonEmptyText(oneOfTwo.signatoryGroup, `${where}.signatoryGroup`);
    if (oneOfTwo.amount !== undefined) {
      const amount = nonEmptyText(oneOfTwo.amount, `${where}.amount`);
      const problem = valueProblem({ name: 'amount', label: '', kind: 'amount' }, amount);
      if (problem !== null) throw new FlowFormatError(`${where}.amount`, problem);
      needs.authorisesOneOfTwo.amount = amount;
    }
  }
  return needs;
}

/** A need names other parameters: a psu role for whose payments, an amount parameter for how much. */
function checkNeeds(parameters: readonly FlowParameter[]): void {
  const kindOf = (name: string): string | undefined => parameters.find((p) => p.name === name)?.kind;
  parameters.forEach((parameter, i) => {
    for (const need of ['authorisesAlone', 'authorisesOneOfTwo'] as const) {
      const paymentsOf = parameter.needs?.[need]?.paymentsOf;
      if (paymentsOf !== undefined && (paymentsOf === parameter.name || kindOf(paymentsOf) !== 'psu'))
        throw new FlowFormatError(`parameters[${i}].needs.${need}.paymentsOf`, `must name another psu parameter of the flow (got "${paymentsOf}")`);
    }
    const amountParameter = parameter.needs?.authorisesAlone?.amountParameter;
    if (amountParameter !== undefined && kindOf(amountParameter) !== 'amount')
      throw new FlowFormatError(
        `parameters[${i}].needs.authorisesAlone.amountParameter`,
        `must name an amount parameter of the flow (got "${amountParameter}")`,
      );
  });
}

function readChoices(value: unknown, at: string, kind: ParameterKind): { value: string; label: string }[] {
  const seen = new Set<string>();
  return nonEmptyList(value, at).map((choice, i) => {
    if (!isJsonObject(choice)) throw new FlowFormatError(`${at}[${i}]`, 'must be an object {value, label}');
    allowOnly(choice, `${at}[${i}]`, ['value', 'label']);
    const given = nonEmptyText(choice.value, `${at}[${i}].value`);
    if (seen.has(given)) throw new FlowFormatError(`${at}[${i}].value`, `"${given}" is an earlier choice`);
    if (kind === 'payee' && !isVopOutcome(given))
      throw new FlowFormatError(`${at}[${i}].value`, `must be a VoP outcome of the registry (${VOP_OUTCOMES.join(', ')})`);
    seen.add(given);
    return { value: given, label: nonEmptyText(choice.label, `${at}[${i}].label`) };
  });
}
