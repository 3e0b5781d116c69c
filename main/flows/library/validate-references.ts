import type { FlowParameter, FlowStep } from './format';
import { PAYEE_FIELDS } from './parameters';
import { parsePath } from './paths';
import { isWholeReference, referencesIn } from './references';
import { FlowFormatError } from './validate-fields';

/** What a step's result holds, for a reference or an expectation to go on with. */
export const RESULT_ROOTS = ['status', 'headers', 'body', 'text', 'values', 'signature'];

/** What a reference or a byValue may name: the earlier steps, the PSU roles and the parameters. */
export interface ReferableNames {
  earlier: ReadonlyMap<string, FlowStep>;
  psus: Record<string, string>;
  parameters: readonly FlowParameter[];
}

export function checkReference(reference: string, at: string, { earlier, psus, parameters }: ReferableNames): void {
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

/** A rule's id: a number, or what an earlier addFault step gave (`${steps.<id>.values.faultId}`). */
export function checkFaultId(value: unknown, at: string, { earlier }: ReferableNames): void {
  if (!isWholeReference(value)) return;
  const [root, name, third, fourth] = parsePath(referencesIn(value as string)[0]?.trim() ?? '') ?? [];
  const step = root === 'steps' && typeof name === 'string' ? earlier.get(name) : undefined;
  if (step?.operation !== 'addFault' || third !== 'values' || fourth !== 'faultId')
    throw new FlowFormatError(at, "must be a rule's id or an earlier addFault step's ${steps.<id>.values.faultId}");
}
