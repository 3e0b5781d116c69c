import { CREDITOR_FIELDS, FAULT_KINDS, type ParamKind } from './operations';
import { isWholeReference } from './references';
import { allowOnly, FlowFormatError, isJsonObject } from './validate-fields';

/** A step's parameter against the kind its operation takes; a whole reference stands for any value but a PSU role. */
export function checkParamKind(value: unknown, kind: ParamKind, at: string, psus: Record<string, string>): void {
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
  if (kind === 'textMap' && (!isJsonObject(value) || Object.values(value).some((item) => typeof item !== 'string'))) fail('an object of strings');
  if (kind === 'object' && !isJsonObject(value)) fail('a JSON object');
  if (kind === 'faults') checkFaults(value, at);
  if (kind === 'creditors') checkCreditors(value, at);
}

function checkCreditors(value: unknown, at: string): void {
  const fields = Object.keys(CREDITOR_FIELDS);
  if (!Array.isArray(value) || value.length === 0) throw new FlowFormatError(at, `must be a non-empty list of creditors, each {${fields.join(', ')}}`);
  value.forEach((creditor: unknown, i) => {
    if (isWholeReference(creditor)) return;
    if (!isJsonObject(creditor)) throw new FlowFormatError(`${at}[${i}]`, `must be an object {${fields.join(', ')}}`);
    allowOnly(creditor, `${at}[${i}]`, fields);
    for (const [field, required] of Object.entries(CREDITOR_FIELDS)) {
      const given = creditor[field];
      if (given === undefined && !required) continue;
      if (typeof given !== 'string' || given.trim() === '') throw new FlowFormatError(`${at}[${i}].${field}`, 'must be a non-empty string');
    }
  });
}

function checkFaults(value: unknown, at: string): void {
  if (!isJsonObject(value)) throw new FlowFormatError(at, `must be an object of faults (${Object.keys(FAULT_KINDS).join(', ')})`);
  for (const [fault, given] of Object.entries(value)) {
    const wanted = FAULT_KINDS[fault as keyof typeof FAULT_KINDS] as string | undefined;
    if (wanted === undefined) throw new FlowFormatError(`${at}.${fault}`, `unknown fault (known: ${Object.keys(FAULT_KINDS).join(', ')})`);
    if (typeof given !== wanted) throw new FlowFormatError(`${at}.${fault}`, `must be a ${wanted}`);
  }
}
