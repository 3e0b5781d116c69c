// Whether the PSU decides on the phone or the run approves on their behalf, chosen per flow and
// remembered: a lesson waits for the class's decisions unless the trainer chose otherwise for that
// lesson; any other flow approves by itself unless chosen otherwise.
import type { FlowSummary } from '../../../preload/api/workbench-api';
import { readStoredChoice, writeStored } from '../widgets/local-store';

const storedAs = (flowName: string): string => `psuDecides.${flowName}`;

/** The choice remembered for the flow, else a lesson's default (the PSU decides) or another flow's (the run approves). */
export function psuDecidesFor(flow: Pick<FlowSummary, 'name' | 'lesson'>): boolean {
  const stored = readStoredChoice(storedAs(flow.name), ['yes', 'no']);
  return stored === undefined ? flow.lesson : stored === 'yes';
}

export function rememberPsuDecides(flowName: string, decides: boolean): void {
  writeStored(storedAs(flowName), decides ? 'yes' : 'no');
}
