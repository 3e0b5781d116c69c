import { Compile } from 'typebox/compile';
import { meantAlternative } from '../../../shared/control-api/alternatives';
import { FaultRuleInput } from '../../../shared/control-api/faults';
import { validationText, type SchemaFailure } from '../../../shared/control-api/validation-text';
import type { PsuNeeds } from '../../../shared/psu-needs';
import { VOP_OUTCOMES } from '../../domain/dataset/schema';
import { BANK_OPERATION_NAMES } from '../../domain/operations/registry';
import { isFaultOperation } from '../../domain/faults/rule';
import { ACTORS, type Actor } from './actors';
import { isSimulatorMode, SIMULATOR_MODES } from '../../domain/simulator-mode';
import {
  FLOW_FORMAT_VERSION,
  PARAMETER_KINDS,
  type Expectation,
  type FieldExpectation,
  type FlowFile,
  type FlowParameter,
  type FlowStep,
  type FlowValue,
  type ParameterKind,
} from './format';
import { CREDITOR_FIELDS, FAULT_KINDS, isOperation, operationSpec, PSU_ACTIONS, type ParamKind } from './operations';
import { isVopOutcome, PAYEE_FIELDS, valueProblem } from './parameters';
import { parsePath } from './paths';
import { isWholeReference, referencesIn } from './references';

/** A flow file that cannot be run, with the field at fault: `steps[2].params.psu: ...`. */
export class FlowFormatError extends Error {
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${field}: ${problem}`);
  }
}

/** docs/architecture.md#urls: the bank's institution endpoints. */
export const INSTITUTIONS = ['london', 'frankfurt', 'paris', 'dusseldorf', 'brussels'];

const NAME = /^[a-z0-9][a-z0-9-]*$/;
const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_-]*$/;
const PSU_SUFFIX = /^[A-Z0-9][A-Z0-9-]*$/;
const RESULT_ROOTS = ['status', 'headers', 'body', 'text', 'values', 'signature'];

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a reference or a byValue may name: the earlier steps, the PSU roles and the parameters. */
interface Known {
  earlier: ReadonlyMap<string, FlowStep>;
  psus: Record<string, string>;
  parameters: readonly FlowParameter[];
}

/** The PSU decides in a step like this: approve and reject are both expected outcomes. */
const PSU_CHOOSES = 'psu';

/** Reads a parsed flow file; every problem is a FlowFormatError naming the field. */
export function parseFlow(input: unknown): FlowFile {
  if (!isObject(input)) throw new FlowFormatError('(file)', 'must be a JSON object');
  if (input.formatVersion !== FLOW_FORMAT_VERSION) {
    throw new FlowFormatError('formatVersion', `must be ${FLOW_FORMAT_VERSION} (the version this runner reads), got ${JSON.stringify(input.formatVersion)}`);
  }
  allowOnly(input, '', ['formatVersion', 'name', 'title', 'description', 'lesson', 'behaviour', 'institutions', 'psus', 'parameters', 'steps']);
  const name = text(input.name, 'name');
  if (!NAME.test(name)) throw new FlowFormatError('name', `must be lower-case letters, digits and hyphens, got "${name}"`);
  if (input.lesson !== undefined && typeof input.lesson !== 'boolean') throw new FlowFormatError('lesson', 'must be true (a lesson for a class) or false');
  const behaviour = input.behaviour ?? 'simulation';
  if (!isSimulatorMode(behaviour)) throw new FlowFormatError('behaviour', `must be one of ${SIMULATOR_MODES.join(', ')}, got ${JSON.stringify(behaviour)}`);
  const institutions = list(input.institutions, 'institutions').map((item, i) => {
    if (typeof item !== 'string' || !INSTITUTIONS.includes(item)) throw new FlowFormatError(`institutions[${i}]`, `must be one of ${INSTITUTIONS.join(', ')}`);
    return item;
  });
  const psus = readPsus(input.psus);
  const parameters = readParameters(input.parameters ?? [], psus);
  checkNeeds(parameters);
  const earlier = new Map<string, FlowStep>();
  const steps = list(input.steps, 'steps').map((step, i) => {
    const read = readStep(step, `steps[${i}]`, { earlier, psus, parameters });
    earlier.set(read.id, read);
    return read;
  });
  return {
    formatVersion: FLOW_FORMAT_VERSION,
    name,
    title: text(input.title, 'title'),
    description: text(input.description, 'description'),
    ...(input.lesson === true ? { lesson: true } : {}),
    behaviour,
    institutions,
    psus,
    parameters,
    steps,
  };
}

function readParameters(value: unknown, psus: Record<string, string>): FlowParameter[] {
  if (!Array.isArray(value)) throw new FlowFormatError('parameters', 'must be a list of {name, label, help?, kind, choices?, default?}');
  const names = new Set<string>();
  return value.map((item: unknown, i) => {
    const at = `parameters[${i}]`;
    if (!isObject(item)) throw new FlowFormatError(at, 'must be an object {name, label, help?, kind, choices?, default?}');
    allowOnly(item, at, ['name', 'label', 'help', 'kind', 'choices', 'default', 'needs']);
    const name = text(item.name, `${at}.name`);
    if (!IDENTIFIER.test(name)) throw new FlowFormatError(`${at}.name`, 'must be a letter followed by letters, digits, _ or -');
    if (names.has(name)) throw new FlowFormatError(`${at}.name`, `"${name}" is the name of an earlier parameter`);
    names.add(name);
    const kind = item.kind as ParameterKind;
    if (!PARAMETER_KINDS.includes(kind)) throw new FlowFormatError(`${at}.kind`, `must be one of ${PARAMETER_KINDS.join(', ')}`);
    const parameter: FlowParameter = { name, label: text(item.label, `${at}.label`), kind };
    if (item.help !== undefined) parameter.help = text(item.help, `${at}.help`);
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
    const given = text(item.default, `${at}.default`);
    const problem = valueProblem(parameter, given);
    if (problem !== null) throw new FlowFormatError(`${at}.default`, problem);
    return { ...parameter, default: given };
  });
}

function readNeeds(value: unknown, at: string): PsuNeeds {
  if (!isObject(value))
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
    if (!isObject(alone)) throw new FlowFormatError(`${at}.authorisesAlone`, 'must be an object {paymentsOf, category, amountParameter?}');
    allowOnly(alone, `${at}.authorisesAlone`, ['paymentsOf', 'category', 'amountParameter']);
    needs.authorisesAlone = {
      paymentsOf: text(alone.paymentsOf, `${at}.authorisesAlone.paymentsOf`),
      category: text(alone.category, `${at}.authorisesAlone.category`),
    };
    if (alone.amountParameter !== undefined) needs.authorisesAlone.amountParameter = text(alone.amountParameter, `${at}.authorisesAlone.amountParameter`);
  }
  const oneOfTwo = value.authorisesOneOfTwo;
  if (oneOfTwo !== undefined) {
    const where = `${at}.authorisesOneOfTwo`;
    if (!isObject(oneOfTwo)) throw new FlowFormatError(where, 'must be an object {paymentsOf, category, signatoryGroup?, amount?}');
    allowOnly(oneOfTwo, where, ['paymentsOf', 'category', 'signatoryGroup', 'amount']);
    needs.authorisesOneOfTwo = { paymentsOf: text(oneOfTwo.paymentsOf, `${where}.paymentsOf`), category: text(oneOfTwo.category, `${where}.category`) };
    if (oneOfTwo.signatoryGroup !== undefined) needs.authorisesOneOfTwo.signatoryGroup = text(oneOfTwo.signatoryGroup, `${where}.signatoryGroup`);
    if (oneOfTwo.amount !== undefined) {
      const amount = text(oneOfTwo.amount, `${where}.amount`);
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
  return list(value, at).map((choice, i) => {
    if (!isObject(choice)) throw new FlowFormatError(`${at}[${i}]`, 'must be an object {value, label}');
    allowOnly(choice, `${at}[${i}]`, ['value', 'label']);
    const given = text(choice.value, `${at}[${i}].value`);
    if (seen.has(given)) throw new FlowFormatError(`${at}[${i}].value`, `"${given}" is an earlier choice`);
    if (kind === 'payee' && !isVopOutcome(given))
      throw new FlowFormatError(`${at}[${i}].value`, `must be a VoP outcome of the registry (${VOP_OUTCOMES.join(', ')})`);
    seen.add(given);
    return { value: given, label: text(choice.label, `${at}[${i}].label`) };
  });
}

function readPsus(value: unknown): Record<string, string> {
  if (!isObject(value)) throw new FlowFormatError('psus', 'must be an object of role: psuId suffix, e.g. {"creator": "CREATOR"}');
  for (const [role, suffix] of Object.entries(value)) {
    if (!IDENTIFIER.test(role)) throw new FlowFormatError(`psus.${role}`, 'a role is a letter followed by letters, digits, _ or -');
    if (typeof suffix !== 'string' || !PSU_SUFFIX.test(suffix))
      throw new FlowFormatError(`psus.${role}`, 'must be the psuId after the institution prefix, e.g. "APPROVER-A"');
  }
  return value as Record<string, string>;
}

function readStep(value: unknown, at: string, known: Known): FlowStep {
  const { earlier, psus } = known;
  if (!isObject(value)) throw new FlowFormatError(at, 'must be an object');
  allowOnly(value, at, ['id', 'title', 'explanation', 'spec', 'actor', 'operation', 'params', 'expect', 'when']);
  const id = text(value.id, `${at}.id`);
  if (!IDENTIFIER.test(id)) throw new FlowFormatError(`${at}.id`, 'must be a letter followed by letters, digits, _ or -');
  if (earlier.has(id)) throw new FlowFormatError(`${at}.id`, `"${id}" is the id of an earlier step`);
  const operation = text(value.operation, `${at}.operation`);
  if (!isOperation(operation)) throw new FlowFormatError(`${at}.operation`, `unknown operation "${operation}"`);
  const spec = operationSpec(operation);
  const actor = value.actor ?? spec.actor;
  if (!ACTORS.includes(actor as Actor)) throw new FlowFormatError(`${at}.actor`, `must be one of ${ACTORS.join(', ')}`);
  const params = value.params ?? {};
  if (!isObject(params)) throw new FlowFormatError(`${at}.params`, 'must be an object');
  const kinds: Record<string, ParamKind> = { ...spec.required, ...spec.optional };
  for (const required of Object.keys(spec.required)) {
    if (!Object.hasOwn(params, required)) throw new FlowFormatError(`${at}.params.${required}`, `${operation} needs it`);
  }
  for (const [param, given] of Object.entries(params)) {
    const kind = kinds[param];
    if (kind === undefined)
      throw new FlowFormatError(`${at}.params.${param}`, `${operation} takes no such parameter (it takes ${Object.keys(kinds).join(', ') || 'none'})`);
    checkParam(given, kind, `${at}.params.${param}`, psus);
    for (const reference of referencesIn(given as FlowValue)) checkReference(reference, `${at}.params.${param}`, known);
  }
  if (operation === 'psuDecides' && params.action !== undefined && !(PSU_ACTIONS as readonly unknown[]).includes(params.action)) {
    throw new FlowFormatError(`${at}.params.action`, `must be ${PSU_ACTIONS.join(', ')} (${PSU_CHOOSES}: the PSU decides; either is expected)`);
  }
  if (operation === 'addFault') checkFaultRule(params, `${at}.params`);
  if (operation === 'clearFaults' && params.faultId !== undefined) checkFaultId(params.faultId, `${at}.params.faultId`, known);
  return {
    id,
    title: text(value.title, `${at}.title`),
    explanation: text(value.explanation, `${at}.explanation`),
    spec: text(value.spec, `${at}.spec`),
    actor: actor as Actor,
    operation,
    params: params as Record<string, FlowValue>,
    expect: readExpectation(value.expect, `${at}.expect`, known),
    ...(value.when === undefined ? {} : { when: readWhen(value.when, `${at}.when`, known.parameters) }),
  };
}

/** A step's `when`: parameters that offer choices, each with some of its choices. */
function readWhen(value: unknown, at: string, parameters: readonly FlowParameter[]): Record<string, string[]> {
  if (!isObject(value) || Object.keys(value).length === 0) throw new FlowFormatError(at, 'must name parameters and their values, e.g. {"payee": ["timeout"]}');
  for (const [name, values] of Object.entries(value)) {
    const parameter = parameters.find((p) => p.name === name);
    if (parameter?.choices === undefined) throw new FlowFormatError(`${at}.${name}`, 'must be a parameter of the flow that offers choices');
    const offered = parameter.choices.map((c) => c.value);
    const listed = list(values, `${at}.${name}`);
    if (listed.length === 0) throw new FlowFormatError(`${at}.${name}`, 'must list at least one value');
    listed.forEach((given, i) => {
      if (typeof given !== 'string' || !offered.includes(given)) throw new FlowFormatError(`${at}.${name}[${i}]`, `must be one of ${offered.join(', ')}`);
    });
  }
  return value as Record<string, string[]>;
}

function checkParam(value: unknown, kind: ParamKind, at: string, psus: Record<string, string>): void {
  if (kind === 'psuRole') {
    if (typeof value !== 'string' || !Object.hasOwn(psus, value))
      throw new FlowFormatError(at, `must be one of the flow's PSU roles (${Object.keys(psus).join(', ')})`);
    return;
  }
  if (isWholeReference(value)) return;
  const fail = (wanted: string): never => {
    throw new FlowFormatError(at, `must be ${wanted}`);
  };
  if (kind === 'text' && typeof value !== 'string') fail('a string');
  if (kind === 'number' && typeof value !== 'number') fail('a number');
  if (kind === 'boolean' && typeof value !== 'boolean') fail('true or false');
  if (kind === 'textList' && (!Array.isArray(value) || value.some((item) => typeof item !== 'string'))) fail('a list of strings');
  if (kind === 'textMap' && (!isObject(value) || Object.values(value).some((item) => typeof item !== 'string'))) fail('an object of strings');
  if (kind === 'object' && !isObject(value)) fail('a JSON object');
  if (kind === 'faults') checkFaults(value, at);
  if (kind === 'creditors') checkCreditors(value, at);
}

function checkCreditors(value: unknown, at: string): void {
  const fields = Object.keys(CREDITOR_FIELDS);
  if (!Array.isArray(value) || value.length === 0) throw new FlowFormatError(at, `must be a non-empty list of creditors, each {${fields.join(', ')}}`);
  value.forEach((creditor: unknown, i) => {
    if (isWholeReference(creditor)) return;
    if (!isObject(creditor)) throw new FlowFormatError(`${at}[${i}]`, `must be an object {${fields.join(', ')}}`);
    allowOnly(creditor, `${at}[${i}]`, fields);
    for (const [field, required] of Object.entries(CREDITOR_FIELDS)) {
      const given = creditor[field];
      if (given === undefined && !required) continue;
      if (typeof given !== 'string' || given.trim() === '') throw new FlowFormatError(`${at}[${i}].${field}`, 'must be a non-empty string');
    }
  });
}

function checkFaults(value: unknown, at: string): void {
  if (!isObject(value)) throw new FlowFormatError(at, `must be an object of faults (${Object.keys(FAULT_KINDS).join(', ')})`);
  for (const [fault, given] of Object.entries(value)) {
    const wanted = FAULT_KINDS[fault as keyof typeof FAULT_KINDS] as string | undefined;
    if (wanted === undefined) throw new FlowFormatError(`${at}.${fault}`, `unknown fault (known: ${Object.keys(FAULT_KINDS).join(', ')})`);
    if (typeof given !== wanted) throw new FlowFormatError(`${at}.${fault}`, `must be a ${wanted}`);
  }
}

const faultRuleChecks = new Map<unknown, ReturnType<typeof Compile>>();

/**
 * An addFault step's parameters are the body of POST /simulator/v1/faults: held to the API's schema (and the
 * bank's operation names and institutions) when the flow is read, refused in the API's words. A reference
 * fits where the schema wants text (`"institution": "${institution}"`), and is resolved when the step runs.
 */
function checkFaultRule(params: Json, at: string): void {
  // A body naming a preset is held to the preset's shape, any other to an action rule's, as the API holds it.
  const meant = meantAlternative(FaultRuleInput, params);
  let check = faultRuleChecks.get(meant);
  if (check === undefined) faultRuleChecks.set(meant, (check = Compile(meant)));
  if (!check.Check(params)) {
    const failures = [...check.Errors(params)] as unknown as SchemaFailure[];
    throw new FlowFormatError(at, `${validationText('body', failures).replace(/^the body/, 'the rule')} (the body of POST /simulator/v1/faults)`);
  }
  const match = (params.match ?? {}) as { operation?: string; institution?: string };
  if (match.operation !== undefined && !isFaultOperation(match.operation)) {
    const examples = ['payment-status', 'payment-create', 'consent-create', 'token-client-credentials'];
    throw new FlowFormatError(
      `${at}.match.operation`,
      `"${match.operation}" is no operation of the bank (${examples.join(', ')}, … ${BANK_OPERATION_NAMES.length} in all; GET /simulator/v1/openapi.json lists them)`,
    );
  }
  for (const [field, institution] of [
    ['match.institution', match.institution],
    ['institution', params.institution],
  ] as const) {
    if (typeof institution === 'string' && referencesIn(institution).length === 0 && !INSTITUTIONS.includes(institution))
      throw new FlowFormatError(`${at}.${field}`, `must be one of ${INSTITUTIONS.join(', ')} (or \${institution}, the run's)`);
  }
}

/** A rule's id: a number, or what an earlier addFault step gave (`${steps.<id>.values.faultId}`). */
function checkFaultId(value: unknown, at: string, { earlier }: Known): void {
  if (!isWholeReference(value)) return;
  const [root, name, third, fourth] = parsePath(referencesIn(value as string)[0]?.trim() ?? '') ?? [];
  const step = root === 'steps' && typeof name === 'string' ? earlier.get(name) : undefined;
  if (step?.operation !== 'addFault' || third !== 'values' || fourth !== 'faultId')
    throw new FlowFormatError(at, "must be a rule's id or an earlier addFault step's ${steps.<id>.values.faultId}");
}

function checkReference(reference: string, at: string, { earlier, psus, parameters }: Known): void {
  const path = parsePath(reference.trim());
  const [root, name] = path ?? [];
  const bad = (problem: string): never => {
    throw new FlowFormatError(at, `\${${reference}} ${problem}`);
  };
  if (path === null) bad('is not a path such as steps.consent.values.consentId');
  if (root === 'institution' && path?.length === 1) return;
  if (root === 'params') {
    const parameter = parameters.find((p) => p.name === name);
    if (parameter === undefined) bad(`names no parameter of the flow (its parameters: ${parameters.map((p) => p.name).join(', ') || 'none'})`);
    const field = path?.[2];
    if (parameter?.kind === 'payee') {
      if (path?.length !== 3 || !(PAYEE_FIELDS as readonly unknown[]).includes(field))
        bad(`must go on with one of ${PAYEE_FIELDS.join(', ')} (the payee the outcome picks)`);
    } else if (path?.length !== 2) bad('stands for the chosen value itself: nothing follows it');
    return;
  }
  if (root === 'steps') {
    if (typeof name !== 'string' || !earlier.has(name)) bad('names no earlier step');
    if (earlier.get(String(name))?.when !== undefined) bad('names a step that runs only for some choices (its "when")');
    if (!RESULT_ROOTS.includes(String(path?.[2]))) bad(`must go on with one of ${RESULT_ROOTS.join(', ')}`);
    return;
  }
  if (root === 'psus') {
    if (typeof name !== 'string' || !Object.hasOwn(psus, name)) bad('names no PSU role of the flow');
    return;
  }
  bad('must start with steps, psus, params or institution');
}

/** Expected values may refer to earlier steps too (a basket lists the payments created before it). */
function readExpectation(value: unknown, at: string, known: Known): Expectation {
  if (!isObject(value)) throw new FlowFormatError(at, 'must be an object with status and, optionally, fields');
  allowOnly(value, at, ['status', 'fields']);
  const statuses = Array.isArray(value.status) ? value.status : [value.status];
  if (statuses.length === 0 || statuses.some((s) => !Number.isInteger(s) || (s as number) < 100 || (s as number) > 599)) {
    throw new FlowFormatError(`${at}.status`, 'must be an HTTP status or a list of them');
  }
  if (value.fields === undefined) return { status: value.status as number | number[] };
  if (!isObject(value.fields)) throw new FlowFormatError(`${at}.fields`, 'must be an object of path: expected value');
  for (const [path, expected] of Object.entries(value.fields)) {
    const segments = parsePath(path);
    if (segments === null || !RESULT_ROOTS.includes(String(segments[0])))
      throw new FlowFormatError(`${at}.fields.${path}`, `must be a path starting with one of ${RESULT_ROOTS.join(', ')}`);
    checkMatcher(expected as FieldExpectation, `${at}.fields.${path}`, known);
  }
  return { status: value.status as number | number[], fields: value.fields as Record<string, FieldExpectation> };
}

function checkMatcher(expected: FieldExpectation, at: string, known: Known): void {
  if (isObject(expected) && 'byValue' in expected && Object.keys(expected).length === 1) {
    checkByValue(expected.byValue, `${at}.byValue`, known);
    return;
  }
  for (const reference of referencesIn(expected as FlowValue)) checkReference(reference, at, known);
  if (!isObject(expected)) return;
  if ('oneOf' in expected && !Array.isArray(expected.oneOf)) throw new FlowFormatError(`${at}.oneOf`, 'must be a list');
  if ('present' in expected && typeof expected.present !== 'boolean') throw new FlowFormatError(`${at}.present`, 'must be true or false');
  if ('matches' in expected) {
    try {
      new RegExp(String(expected.matches));
    } catch {
      throw new FlowFormatError(`${at}.matches`, 'must be a regular expression');
    }
  }
}

/** `{"of": path, "cases": {value: expectation}}`; when `of` is a choice or a PSU's decision, a case for each of its values. */
function checkByValue(value: unknown, at: string, known: Known): void {
  if (!isObject(value)) throw new FlowFormatError(at, 'must be {"of": "steps.<id>.values...", "cases": {"<value>": expected, ...}}');
  allowOnly(value, at, ['of', 'cases']);
  const of = text(value.of, `${at}.of`);
  checkReference(of, `${at}.of`, known);
  if (!isObject(value.cases) || Object.keys(value.cases).length === 0)
    throw new FlowFormatError(`${at}.cases`, 'must be an object of value: expected, with at least one case');
  const needed = valuesOf(of, known);
  const missing = needed?.filter((v) => !Object.hasOwn(value.cases as Json, v)) ?? [];
  if (missing.length > 0) throw new FlowFormatError(`${at}.cases`, `${of} may be ${needed?.join(', ')}: a case for ${missing.join(', ')} is missing`);
  const extra = needed === null ? undefined : Object.keys(value.cases).find((v) => !needed.includes(v));
  if (extra !== undefined) throw new FlowFormatError(`${at}.cases.${extra}`, `${of} is never "${extra}" (it may be ${needed?.join(', ')})`);
  for (const [key, expected] of Object.entries(value.cases)) checkMatcher(expected as FieldExpectation, `${at}.cases.${key}`, known);
}

/** Every value a byValue's `of` may take, when the flow says: a parameter's choices, or a PSU's own decision. */
function valuesOf(of: string, { earlier, parameters }: Known): string[] | null {
  const [root, name, third, fourth] = parsePath(of.trim()) ?? [];
  if (root === 'params') {
    const parameter = parameters.find((p) => p.name === name);
    const whole = parameter?.kind === 'payee' ? third === 'outcome' : third === undefined;
    return whole && parameter?.choices ? parameter.choices.map((c) => c.value) : null;
  }
  const step = root === 'steps' && typeof name === 'string' ? earlier.get(name) : undefined;
  if (step?.operation === 'psuDecides' && step.params.action === PSU_CHOOSES && third === 'values' && fourth === 'action') return ['approve', 'reject'];
  return null;
}

function allowOnly(value: Json, at: string, fields: string[]): void {
  const extra = Object.keys(value).find((key) => !fields.includes(key));
  if (extra !== undefined) throw new FlowFormatError(at === '' ? extra : `${at}.${extra}`, `unknown field (known: ${fields.join(', ')})`);
}

function text(value: unknown, at: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new FlowFormatError(at, 'must be a non-empty string');
  return value;
}

function list(value: unknown, at: string): unknown[] {
  if (!Array.isArray(value) || value.length === 0) throw new FlowFormatError(at, 'must be a non-empty list');
  return value;
}
