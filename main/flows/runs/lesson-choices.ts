import type { FlowFile } from '../library/format';
import { chosenPsuIds, chosenValues, ParameterError, scopeOf, type RegistryPayee } from '../library/parameters';
import { castOf, type DatasetPsu } from './psus';

/** A lesson's options as saved (docs/teaching.md, "Lessons prepared ahead") and as a run's start takes them. */
export interface LessonChoices {
  institution: string;
  psus: Record<string, string>;
  params: Record<string, string>;
}

/**
 * Refuses (ParameterError or Error, in the words a run's start would use) the options a run of the flow would
 * refuse at its start (runner.ts FlowRunner.start): the institution, each parameter's value, each customer for
 * their role, each payee in the institution's registry; over the bank's PSUs and registry as given, so a lesson
 * can be checked against customers and payees not yet added.
 */
export function checkLessonChoices(flow: FlowFile, choices: LessonChoices, psus: readonly DatasetPsu[], registry: readonly RegistryPayee[]): void {
  if (!flow.institutions.includes(choices.institution))
    throw new ParameterError(`${flow.name} runs at ${flow.institutions.join(', ')}, not at ${choices.institution}`);
  const values = chosenValues(flow, choices.params);
  const cast = castOf(flow, psus, choices.institution, { ...choices.psus, ...chosenPsuIds(flow, values) }, values);
  for (const parameter of flow.parameters) if (parameter.kind === 'psu') values[parameter.name] = (cast[parameter.name] as DatasetPsu).psuId;
  scopeOf(flow, choices.institution, values, registry);
}
