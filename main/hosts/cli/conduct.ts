// `psd2-workbench conduct --base URL [--tpp ID] [--since ISO] [--until ISO] [--fail-on error|warning]
// [--junit FILE] [--json FILE] [--token TOKEN] [--data DIR]` (docs/testing-your-tpp.md#conduct): a TPP
// team's CI step after its own tests. Reads GET /simulator/v1/conduct of a running simulator, prints the
// findings by rule, exits 1 when one reaches --fail-on, 0 otherwise, 2 on a usage error.
import { parseArgs } from 'node:util';
import { CONDUCT_RULE_IDS, CONDUCT_RULES, type ConductRuleId, type ConductSeverity } from '../../domain/conduct/rules';
import { escapeXml } from '../../domain/iso20022/xml-text';
import { sendHttp } from '../../tpp/http';
import { dataFolderTransport } from '../../tpp/data-folder';
import { plainTransport, type BankTransport } from '../../tpp/transport';
import { defaultDataDir } from '../data-dir';
import { writeWhole } from './write-whole';

const USAGE = `Usage: psd2-workbench conduct --base URL [--tpp ID] [--since ISO] [--until ISO] [--fail-on error|warning]
                              [--junit FILE] [--json FILE] [--token TOKEN] [--data DIR]
  Checks what TPPs sent the simulator at --base against the spec's rules for TPPs (status polling, duplicates,
  retries, X-Request-ID, consents, signatures) and prints each finding with the exchanges that show it.
  --tpp ID       only this TPP (its organizationIdentifier, e.g. PSDDE-BAFIN-123456)
  --since ISO    only requests that came at or after this date-time (e.g. 2026-11-29T10:00:00Z: when your tests began)
  --until ISO    only requests that came before it
  --fail-on      exit 1 when a finding of this severity or graver is found: error (default) or warning
  --junit FILE   JUnit XML: one testcase per rule, failed by its findings at --fail-on
  --json FILE    the report as JSON (- for the standard output)
  --token TOKEN  (or $PSD2_WORKBENCH_CONTROL_TOKEN) the control token of a simulator started with --host beyond loopback
  --data DIR     under an https:// base (--tls): the simulator's data folder, for its CA
  Exit 0: nothing at --fail-on; 1: a finding at --fail-on; 2: a usage error or no answer from --base.`;

const EXIT_FOUND = 1;
const EXIT_USAGE = 2;

interface Finding {
  rule: ConductRuleId;
  severity: ConductSeverity;
  tppId: string | null;
  institution: string | null;
  text: string;
  exchanges: number[];
  spec: string;
}

interface Report {
  findings: Finding[];
  checked: Record<string, number>;
  exchangeCount: number;
}

const GRAVITY: Record<ConductSeverity, number> = { warning: 1, error: 2 };

async function main(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        base: { type: 'string' },
        tpp: { type: 'string' },
        since: { type: 'string' },
        until: { type: 'string' },
        'fail-on': { type: 'string' },
        junit: { type: 'string' },
        json: { type: 'string' },
        token: { type: 'string' },
        data: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return EXIT_USAGE;
  }
  if (values.help === true) {
    console.log(USAGE);
    return 0;
  }
  const failOn = values['fail-on'] ?? 'error';
  if (values.base === undefined || (failOn !== 'error' && failOn !== 'warning')) {
    console.error(values.base === undefined ? `--base URL is needed: the simulator to ask\n${USAGE}` : `--fail-on takes error or warning\n${USAGE}`);
    return EXIT_USAGE;
  }
  const origin = values.base.replace(/\/$/, '');
  if (!URL.canParse(origin) || !/^https?:$/.test(new URL(origin).protocol)) {
    console.error(`--base must be an http:// or https:// URL, not ${values.base}`);
    return EXIT_USAGE;
  }
  const token = values.token ?? (process.env.PSD2_WORKBENCH_CONTROL_TOKEN || undefined);
  const transport: BankTransport = {
    ...(origin.startsWith('https:') ? dataFolderTransport(origin, values.data ?? defaultDataDir()) : plainTransport(origin)),
    controlToken: token,
  };
  const query = new URLSearchParams();
  if (values.tpp !== undefined) query.set('tppId', values.tpp);
  if (values.since !== undefined) query.set('since', values.since);
  if (values.until !== undefined) query.set('until', values.until);
  const answer = await sendHttp(transport, { method: 'GET', path: `/simulator/v1/conduct${query.size === 0 ? '' : `?${query}`}`, headers: {}, body: null });
  if (answer.status !== 200) {
    const said = (answer.body as { tppMessages?: { text?: string }[] } | null)?.tppMessages?.[0]?.text ?? answer.text.slice(0, 200);
    const hint = answer.status === 401 ? ' (pass --token TOKEN or set PSD2_WORKBENCH_CONTROL_TOKEN)' : '';
    console.error(`conduct: ${origin} answered ${answer.status}: ${said}${hint}`);
    return EXIT_USAGE;
  }
  const report = answer.body as Report;
  const failing = report.findings.filter((f) => GRAVITY[f.severity] >= GRAVITY[failOn]);
  console.log(describe(report, values.tpp));
  if (values.junit !== undefined) writeWhole(values.junit, junit(report, failOn));
  const json = `${JSON.stringify({ format: 'psd2-workbench-conduct', version: 1, base: origin, failOn, failed: failing.length > 0, ...report }, null, 2)}\n`;
  if (values.json === '-') process.stdout.write(json);
  else if (values.json !== undefined) writeWhole(values.json, json);
  return failing.length > 0 ? EXIT_FOUND : 0;
}

/** The findings by rule, in words, each with its exchanges and the spec's words once per rule. */
function describe(report: Report, tpp: string | undefined): string {
  const who = tpp === undefined ? 'the TPPs' : tpp;
  const lines = [`Conduct of ${who}: ${report.findings.length} ${report.findings.length === 1 ? 'finding' : 'findings'} in ${report.exchangeCount} exchanges.`];
  for (const rule of CONDUCT_RULE_IDS) {
    const found = report.findings.filter((f) => f.rule === rule);
    if (found.length === 0) continue;
    const { title, severity, spec } = CONDUCT_RULES[rule];
    lines.push('', `${severity === 'error' ? '✗ error  ' : '! warning'} ${rule}: ${title}`);
    for (const f of found) lines.push(`    ${f.tppId ?? 'unknown TPP'} at ${f.institution ?? '?'}: ${f.text}`);
    lines.push(`    spec: ${spec}`);
  }
  const clean = CONDUCT_RULE_IDS.filter((rule) => !report.findings.some((f) => f.rule === rule) && (report.checked[rule] ?? 0) > 0);
  if (clean.length > 0) lines.push('', `✓ kept: ${clean.join(', ')}`);
  return lines.join('\n');
}

/** One testsuite, one testcase per rule: failed by the rule's findings at --fail-on, their text its message. */
function junit(report: Report, failOn: ConductSeverity): string {
  const cases = CONDUCT_RULE_IDS.map((rule) => {
    const found = report.findings.filter((f) => f.rule === rule);
    const failing = found.filter((f) => GRAVITY[f.severity] >= GRAVITY[failOn]);
    const head = `    <testcase classname="conduct" name="${escapeXml(rule)}" time="0">`;
    const detail = found.map((f) => `${f.tppId ?? 'unknown TPP'} at ${f.institution ?? '?'}: ${f.text} (exchanges ${f.exchanges.join(', ')})`).join('\n');
    if (failing.length > 0)
      return `${head}\n      <failure message="${escapeXml(`${failing.length} ${CONDUCT_RULES[rule].severity}: ${CONDUCT_RULES[rule].title}`)}" type="${CONDUCT_RULES[rule].severity}">${escapeXml(`${detail}\n\nspec: ${CONDUCT_RULES[rule].spec}`)}</failure>\n    </testcase>`;
    if (found.length > 0) return `${head}\n      <system-out>${escapeXml(detail)}</system-out>\n    </testcase>`;
    return `${head}</testcase>`;
  });
  const failures = CONDUCT_RULE_IDS.filter((rule) => report.findings.some((f) => f.rule === rule && GRAVITY[f.severity] >= GRAVITY[failOn])).length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="PSD2 Workbench conduct" tests="${CONDUCT_RULE_IDS.length}" failures="${failures}" errors="0" time="0">`,
    `  <testsuite name="conduct" tests="${CONDUCT_RULE_IDS.length}" failures="${failures}" errors="0" skipped="0" time="0">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

/** Settles once the command is done (launcher.mjs keeps the compiled code then); a top-level await would not bundle as CommonJS. */
export const ready = (async () => {
  try {
    process.exitCode = await main(process.argv.slice(2));
  } catch (err) {
    console.error(`conduct: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = EXIT_USAGE;
  }
})();
