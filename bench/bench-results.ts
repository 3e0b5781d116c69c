/** Everything one run of `npm run bench` measured, for its report (print-results.ts) and its targets (targets.ts). */
import type { BurstRow, QuietWait } from './burst-rows';
import type { FlowTimes } from './flows';
import type { BulkTimes, InProcessRow } from './in-process';
import type { InspectorResults } from './inspector';
import type { LoadResult } from './load-spec';
import type { RssSpread } from './rss-samples';
import type { SustainedRow } from './sustained';

export interface BenchResults {
  starts: { fresh: number[]; existing: number[] };
  rows: BurstRow[];
  bulks: BulkTimes[];
  signatures: InProcessRow[];
  editor: string[];
  rssAfterStart: number;
  rssAfterPayments: number;
  /** While the payments for the memory figure were made (rss-samples.ts); null when none were left to make. */
  rssWhilePaying: RssSpread | null;
  rssAfterBulk: number;
  paymentsForMemory: number;
  mass: LoadResult | null;
  inspector: InspectorResults | null;
  quietWaits: QuietWait[];
  /** The headless flows (flows.ts); null when left out by --only. */
  flows: FlowTimes | null;
  /** The throughput rows again under continuous load (sustained.ts); the targets are judged on these. */
  sustained: SustainedRow[];
  sustainedSeconds: number;
}
