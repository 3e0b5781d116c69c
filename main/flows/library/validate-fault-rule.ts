import { Compile } from 'typebox/compile';
import { meantAlternative } from '../../../shared/control-api/alternatives';
import { FaultRuleInput } from '../../../shared/control-api/faults';
import { validationText, type SchemaFailure } from '../../../shared/control-api/validation-text';
import { isFaultOperation } from '../../domain/faults/rule';
import { BANK_OPERATION_NAMES } from '../../domain/operations/registry';
import { INSTITUTIONS } from './institutions';
import { referencesIn } from './references';
import { FlowFormatError, type JsonObject } from './validate-fields';

const faultRuleChecks = new Map<unknown, ReturnType<typeof Compile>>();

/**
 * An addFault step's parameters are the body of POST /simulator/v1/faults: held to the API's schema (and the
 * bank's operation names and institutions) when the flow is read, refused in the API's words. A reference
 * fits where the schema wants text (`"institution": "${institution}"`), and is resolved when the step runs.
 */
export function checkFaultRule(params: JsonObject, at: string): void {
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
