import { isSimulatorMode, SIMULATOR_MODES } from '../../domain/simulator-mode';
import { FLOW_FORMAT_VERSION, type FlowFile, type FlowStep } from './format';
import { INSTITUTIONS } from './institutions';
import { allowOnly, FLOW_IDENTIFIER, FlowFormatError, isJsonObject, nonEmptyList, nonEmptyText } from './validate-fields';
import { readParameters } from './validate-parameters';
import { readStep } from './validate-steps';

export { FlowFormatError } from './validate-fields';
export { INSTITUTIONS } from './institutions';

const NAME = /^[a-z0-9][a-z0-9-]*$/;
const PSU_SUFFIX = /^[A-Z0-9][A-Z0-9-]*$/;

/** Reads a parsed flow file; every problem is a FlowFormatError naming the field. */
export function parseFlow(input: unknown): FlowFile {
  if (!isJsonObject(input)) throw new FlowFormatError('(file)', 'must be a JSON object');
  if (input.formatVersion !== FLOW_FORMAT_VERSION) {
    throw new FlowFormatError('formatVersion', `must be ${FLOW_FORMAT_VERSION} (the version this runner reads), got ${JSON.stringify(input.formatVersion)}`);
  }
  allowOnly(input, '', ['formatVersion', 'name', 'title', 'description', 'lesson', 'behaviour', 'institutions', 'psus', 'parameters', 'steps']);
  const name = nonEmptyText(input.name, 'name');
  if (!NAME.test(name)) throw new FlowFormatError('name', `must be lower-case letters, digits and hyphens, got "${name}"`);
  if (input.lesson !== undefined && typeof input.lesson !== 'boolean') throw new FlowFormatError('lesson', 'must be true (a lesson for a class) or false');
  const behaviour = input.behaviour ?? 'simulation';
  if (!isSimulatorMode(behaviour)) throw new FlowFormatError('behaviour', `must be one of ${SIMULATOR_MODES.join(', ')}, got ${JSON.stringify(behaviour)}`);
  const institutions = nonEmptyList(input.institutions, 'institutions').map((item, i) => {
    if (typeof item !== 'string' || !INSTITUTIONS.includes(item)) throw new FlowFormatError(`institutions[${i}]`, `must be one of ${INSTITUTIONS.join(', ')}`);
    return item;
  });
  const psus = readPsus(input.psus);
  const parameters = readParameters(input.parameters ?? [], psus);
  const earlier = new Map<string, FlowStep>();
  const steps = nonEmptyList(input.steps, 'steps').map((step, i) => {
    const read = readStep(step, `steps[${i}]`, { earlier, psus, parameters });
    earlier.set(read.id, read);
    return read;
  });
  return {
    formatVersion: FLOW_FORMAT_VERSION,
    name,
    title: nonEmptyText(input.title, 'title'),
    description: nonEmptyText(input.description, 'description'),
    ...(input.lesson === true ? { lesson: true } : {}),
    behaviour,
    institutions,
    psus,
    parameters,
    steps,
  };
}

function readPsus(value: unknown): Record<string, string> {
  if (!isJsonObject(value)) throw new FlowFormatError('psus', 'must be an object of role: psuId suffix, e.g. {"creator": "CREATOR"}');
  for (const [role, suffix] of Object.entries(value)) {
    if (!FLOW_IDENTIFIER.test(role)) throw new FlowFormatError(`psus.${role}`, 'a role is a letter followed by letters, digits, _ or -');
    if (typeof suffix !== 'string' || !PSU_SUFFIX.test(suffix))
      throw new FlowFormatError(`psus.${role}`, 'must be the psuId after the institution prefix, e.g. "APPROVER-A"');
  }
  return value as Record<string, string>;
}
