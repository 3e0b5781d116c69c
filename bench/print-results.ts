/** The Markdown of one run of `npm run bench`, for docs/benchmarks.md: how it was measured, the tables, the targets. */
import { loadavg } from 'node:os';
import type { BenchResults } from './bench-results';
import { CEILING_SECONDS, CONNECTIONS, SECONDS, SLICES } from './burst-rows';
import { flowLines } from './flows';
import { inspectorLines } from './inspector';
import { bulkLines, fmt, httpTable, inProcessTable, machine, median, mib, targetLines } from './report';
import { sustainedTable } from './sustained';
import { benchTargets } from './targets';

export function printResults(r: BenchResults): void {
  const startExisting = median(r.starts.existing);
  const startFresh = median(r.starts.fresh);
  const clean = [...r.rows, ...r.sustained].every(({ result, ok }) => result.errors === 0 && Object.keys(result.statuses).every((s) => ok.includes(Number(s))));
  const lines = [
    `Machine: ${machine()}, load average ${loadavg()
      .map((x) => fmt(x, 2))
      .join(
        ' ',
      )} at the end. Load: autocannon in its own process, ${CONNECTIONS} connections, ${SECONDS} s a row (signed rows: a fixed count, each request signed beforehand in the load process).`,
    `Ceilings (bench/ceiling-server.ts, one bare node:http process): the GET ceiling answers GET / with a fixed 200; the like-for-like ceiling of a route answers the same requests doing only their unavoidable work (status reads: the simulator's own pain.002 or consent JSON, same bytes; signed POST /payments: body read, SHA-256 against Digest, RSA verify over the signing string with the TPP-Signature-Certificate's key decoded once per value, 201 with a body of the simulator's size). The machine is shared and its speed swings within seconds, so each timed row runs in ${SLICES} slices of ${fmt(SECONDS / SLICES, 2)} s, each right after ${CEILING_SECONDS} s of the GET ceiling and a slice of its like-for-like ceiling, and its ratios are to the ceilings of those same moments (the signed rows, a fixed count: the ceilings just before and after).`,
    '',
    ...httpTable(r.rows),
    '',
    `Before each ceiling slice the bench waited for the simulator to be quiet (the search index and the log's writes catching up on the slice before; the burst rows leave that work out, the sustained rows count it), in all: ${r.quietWaits.map((w) => `${w.operation} ${fmt(w.ms / 1000, 1)} s`).join('; ')}.`,
    '',
    ...(r.sustained.length === 0
      ? []
      : [
          `Sustained (the targets are judged here): each row again as ${fmt(r.sustainedSeconds)} s of continuous load from the load process, no quiet wait inside it, so the work each exchange leaves behind (the log's writes, the search index) is inside the figures. CPU: every thread of the simulator process (/proc/<pid>/stat), per request answered. The ceiling (like-for-like where the row has one, else the GET ceiling) ran continuously for ${fmt(Math.max(1, Math.round(r.sustainedSeconds / 6)))} s before and after. Index lag: exchanges written and not yet in the search index when the load stopped, and how long ago the oldest was logged; then the time and CPU the simulator took until it was quiet, per request of the row.`,
          '',
          ...sustainedTable(r.sustained, r.sustainedSeconds),
          '',
        ]),
    '| start-up (process start to the ready line, median of 3) | ms |',
    '|---|---:|',
    `| existing data folder | ${fmt(startExisting)} (${r.starts.existing.map((x) => fmt(x)).join(', ')}) |`,
    `| fresh data folder (PKI generated, schema, dataset) | ${fmt(startFresh)} (${r.starts.fresh.map((x) => fmt(x)).join(', ')}) |`,
    '',
  ];
  if (r.flows) lines.push(...flowLines(r.flows), '');
  if (r.inspector) lines.push(...inspectorLines(r.inspector), '');
  if (r.bulks.length > 0) {
    lines.push(
      `| bulk payment, made ${r.bulks.length} times in a row | ms, median (each) |`,
      '|---|---:|',
      ...bulkLines(r.bulks),
      '',
      ...inProcessTable(r.signatures),
      '',
      ...r.editor,
      '',
      `Resident memory of the simulator process: ${mib(r.rssAfterStart)} after start, ${mib(r.rssAfterPayments)} after ${fmt(r.paymentsForMemory)} payments` +
        (r.mass
          ? ` (the last ${fmt(r.mass.requests)} created through the signed HTTP route at ${fmt(r.mass.perSecond)} req/s, from a pool of 2,000 requests each signed once${r.mass.errors ? `, ${r.mass.errors} errors` : ''}, statuses ${JSON.stringify(r.mass.statuses)})`
          : '') +
        `, every exchange logged` +
        (r.rssWhilePaying
          ? ` (while they were made: median ${mib(r.rssWhilePaying.median)}, highest ${mib(r.rssWhilePaying.max)}, of ${r.rssWhilePaying.readings} readings in the load's second half)`
          : '') +
        `; ${mib(r.rssAfterBulk)} after the ${r.bulks.length} 10,000-transaction bulks that followed.`,
      '',
    );
  }
  lines.push(
    ...targetLines(benchTargets(r)),
    '',
    clean ? 'Every response had the expected status.' : 'Some responses had another status than expected: see the rows marked.',
  );
  console.log(lines.join('\n'));
}
