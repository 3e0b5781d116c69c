import { exchangeToHarEntry, type Har } from '../../../shared/har';
import type { FlowRunRecord, RunExchange } from '../run-record';

type HarInput = Parameters<typeof exchangeToHarEntry>[0];

/** A run's exchange in the shape the one HAR builder (shared/har.ts) reads. */
function asLogged(e: RunExchange): HarInput {
  const size = (text: string | null): number => (text === null ? 0 : Buffer.byteLength(text, 'utf8'));
  return {
    id: e.seq,
    startedAt: e.at,
    simulatedAt: e.at,
    durationMs: e.durationMs,
    method: e.method,
    url: e.url,
    institution: null,
    tppId: null,
    resourceId: null,
    request: { headers: e.requestHeaders, body: e.requestBody, bodySize: size(e.requestBody), truncated: false },
    response: { status: e.status, headers: e.responseHeaders, body: e.responseBody, bodySize: size(e.responseBody), truncated: false },
    signature: e.signature,
  };
}

/**
 * The run's exchanges in order as HAR 1.2, each with the bank's diagnosis and the simulated time in custom fields,
 * and each at the origin it went to (a PSU's browser opens the SCA link on the PSU pages' own origin under --tls).
 */
export function runHar(run: FlowRunRecord, simulatorUrl: string, version: string): Har {
  const exchanges = [...run.steps.flatMap((s) => s.exchanges), ...run.current];
  return {
    log: {
      version: '1.2',
      creator: { name: 'PSD2 Workbench', version },
      comment: `flow run ${run.runId}: ${run.flow.title} at ${run.institution}`,
      entries: exchanges.map((e) => ({ ...exchangeToHarEntry(asLogged(e), e.origin ?? simulatorUrl), _signature: e.signature, _simulatedAt: e.at })),
    },
  };
}
