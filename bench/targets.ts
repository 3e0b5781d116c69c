/** The targets of docs/benchmarks.md#targets, each judged on what one run of `npm run bench` measured. */
import type { BenchResults } from './bench-results';
import { fmt, median, mib, type Target } from './report';
import { sustainedRatio, type SustainedRow } from './sustained';

/** The throughput targets (docs/benchmarks.md#targets): each row against its like-for-like ceiling. */
const LIKE_TARGETS = [
  { what: 'GET payment status (pain.002)', prefix: 'GET /payments', goal: 0.6 },
  { what: 'GET consent status', prefix: 'GET /consents', goal: 0.7 },
  { what: 'signed POST /payments', prefix: 'POST /payments/{product} ', goal: 0.3 },
] as const;
const INSPECTOR_MS = 300;
/** Under sustained load the search index stays within this many seconds of the log (docs/benchmarks.md#targets). */
const MAX_INDEX_LAG_S = 5;

export function benchTargets(r: BenchResults): Target[] {
  const burstRatio = (prefix: string): number => {
    const found = r.rows.find((x) => x.operation.startsWith(prefix));
    return found?.like ? found.result.perSecond / found.like.perSecond : Number.NaN;
  };
  const sustainedOf = (prefix: string): SustainedRow | undefined => r.sustained.find((x) => x.operation.startsWith(prefix) && x.ceiling.likeForLike);
  // Judged on the sustained rows (every thread's work inside the measurement); on the burst rows only when they were left out.
  const likeRatio = (prefix: string): number => {
    const row = sustainedOf(prefix);
    return row ? sustainedRatio(row) : burstRatio(prefix);
  };
  const judged = r.sustained.length > 0 ? 'sustained' : 'burst';
  const startExisting = median(r.starts.existing);
  const startFresh = median(r.starts.fresh);
  const bulkMs = median(r.bulks.map((b) => b.createMs));
  const inspectorWorst = r.inspector ? Math.max(...r.inspector.rows.map((x) => x.ms)) : Number.NaN;
  const targets: Target[] = [
    ...LIKE_TARGETS.map(({ what, prefix, goal }) => {
      const row = sustainedOf(prefix);
      // A row whose search index fell behind did not do all its work inside the measurement: not met, whatever its ratio.
      const kept = row === undefined || row.lag.seconds <= MAX_INDEX_LAG_S;
      const lag = row ? `; index ${fmt(row.lag.seconds, 1)} s behind at the end${kept ? '' : `, more than ${MAX_INDEX_LAG_S} s`}` : '';
      return {
        what: `${what} (${judged})`,
        goal: `≥ ${fmt(goal, 2)}× like-for-like${row ? `, index within ${MAX_INDEX_LAG_S} s` : ''}`,
        measured: `${fmt(likeRatio(prefix), 2)}× (burst ${fmt(burstRatio(prefix), 2)}×${lag})`,
        met: likeRatio(prefix) >= goal && kept,
      };
    }),
    { what: 'start-up, existing data folder', goal: '< 400 ms', measured: `${fmt(startExisting)} ms`, met: startExisting < 400 },
    { what: 'start-up, fresh data folder', goal: '< 1 s', measured: `${fmt(startFresh)} ms`, met: startFresh < 1000 },
  ];
  if (r.flows) {
    const oneFlow = median(r.flows.oneFlow);
    targets.push({ what: 'one headless flow, `flow ais-consent --base URL`', goal: '< 1 s', measured: `${fmt(oneFlow)} ms`, met: oneFlow < 1000 });
  }
  if (r.inspector)
    targets.push({
      what: `Inspector list at ${fmt(r.inspector.kept)} exchanges: open and search (slowest call)`,
      goal: `< ${INSPECTOR_MS} ms`,
      measured: `${fmt(inspectorWorst)} ms`,
      met: inspectorWorst < INSPECTOR_MS,
    });
  if (r.bulks.length > 0) {
    const rssJudged = r.rssWhilePaying?.median ?? r.rssAfterPayments;
    targets.push(
      { what: '10,000-transaction bulk', goal: '< 500 ms', measured: `${fmt(bulkMs)} ms`, met: bulkMs < 500 },
      {
        what: `RSS while the last of ${fmt(r.paymentsForMemory)} payments are made (median)`,
        goal: '< 200 MiB',
        measured: mib(rssJudged),
        met: rssJudged < 200 * 2 ** 20,
      },
    );
  }
  return targets;
}
