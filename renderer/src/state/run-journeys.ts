// Which SCA journeys belong to a run, so its inline phones show those and not the PSUs' others.
import type { FlowRunState } from '../../../preload/api/workbench-api';

const SCA_LINK = /\/sca\/([0-9a-f-]{36})/gi;

/** The journeys this run started: their SCA links stand in its exchanges (the PSUs may have others, from outside the run). */
export function runJourneyIds(run: FlowRunState): Set<string> {
  const ids = new Set<string>(run.pending?.kind === 'psu' ? [run.pending.journeyId] : []);
  for (const exchange of [...run.steps.flatMap((s) => s.exchanges), ...run.current]) {
    for (const text of [exchange.url, exchange.responseBody, exchange.responseHeaders.location ?? '']) {
      for (const match of text.matchAll(SCA_LINK)) if (match[1]) ids.add(match[1].toLowerCase());
    }
  }
  return ids;
}
