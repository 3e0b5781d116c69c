// `npm run flow -- --list` and `npm run flow -- NAME|FILE ... [--all] [--base URL] [--junit FILE] [--json FILE] ...`
// (docs/architecture.md#commands): runs flows of the library headless; exit 0 only if every step met its expectation.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { SimulatorMode } from '../../domain/simulator-mode';
import { findFlow, readLibrary } from '../../flows/library/library';
import { chosenValues, ParameterError } from '../../flows/library/parameters';
import { describeRunEnd, describeRunStart, describeStep } from '../../flows/runs/report';
import { runFlow, type FlowRunOptions } from '../../flows/runs/runner';
import { runRecorded } from '../../flows/runs/recorded-run';
import { runFileContent } from '../../flows/runs/run-file';
import type { FlowRunRecord } from '../../flows/run-record';
import { junitReport, type TimedRun } from '../../flows/runs/junit';
import type { FlowFile } from '../../flows/library/format';
import { resourcesDir } from '../../resources-dir';
import { startSimulator } from '../../simulator';
import { BankControl } from '../../tpp/control';
import type { TppCredentials } from '../../tpp/credentials';
import { dataFolderTransport, loadTppCredentials } from '../../tpp/data-folder';
import { plainTransport, type BankTransport } from '../../tpp/transport';
import { sendHttp } from '../../tpp/http';
import { defaultDataDir } from '../data-dir';
import { writeWhole } from './write-whole';

const USAGE = `Usage: npm run flow -- --list [--json]
       npm run flow -- NAME|FILE ... [--institution I] [--psu ROLE=PSU-ID ...] [--param NAME=VALUE ...]
                       [--base URL [--data DIR] [--token TOKEN]] [--junit FILE] [--json FILE]
       npm run flow -- --all [--institution I] [...]
  Runs each flow named (or with --all every flow of the library, of --institution when given) and exits 0
  only if every step of every flow met its expectation (1 if one did not, 2 for a usage error).
  Without --base a simulator is started on a free port with a temporary data folder, in each flow's behaviour
  (simulation or sandbox), and stopped at the end.
  --psu replaces the PSU the flow gives a role (e.g. --psu approverB=FRA-LOWLIMIT).
  --param chooses the value of one of the flow's parameters in place of its default (e.g. --param payee=noMatch).
  With --base the flows run against that simulator, as the demo TPP of --data DIR or, without it, as a TPP registered
  for the run; a flow whose behaviour is not the simulator's mode is refused (POST /simulator/v1/mode switches it).
  An https:// base (a simulator started with --tls) is reached with the QWAC and CA of --data DIR (default: the
  per-user data folder serve and web use).
  --token TOKEN (or $PSD2_WORKBENCH_CONTROL_TOKEN): the control token of a simulator started with --host beyond loopback.
  --junit FILE writes JUnit XML (one testsuite per flow, one testcase per step); --json FILE the runs as recorded,
  each as the app exports a run (its bank changes and each exchange's log entry, at a few more reads per step).
  --list --json lists each flow with its institutions, PSU roles and parameters (choices and defaults).`;

/** A flow as it ran, with its record when `--json` asked for one. */
interface RecordedRun extends TimedRun {
  record: FlowRunRecord | null;
}

const EXIT_UNMET = 1;
const EXIT_USAGE = 2;

const libraryDir = join(resourcesDir(), 'flows');

/** `--list --json` prints JSON: a `--json` without a file of its own means the standard output there. */
const bareJsonAsStdout = (argv: string[]): string[] =>
  argv.map((arg, i) => (arg === '--json' && (i === argv.length - 1 || argv[i + 1]?.startsWith('--')) ? '--json=-' : arg));

async function main(given: string[]): Promise<number> {
  const argv = bareJsonAsStdout(given);
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        list: { type: 'boolean' },
        all: { type: 'boolean' },
        institution: { type: 'string' },
        base: { type: 'string' },
        psu: { type: 'string', multiple: true },
        param: { type: 'string', multiple: true },
        data: { type: 'string' },
        token: { type: 'string' },
        junit: { type: 'string' },
        json: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return EXIT_USAGE;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (values.list) {
    const library = readLibrary(libraryDir);
    if (values.json === undefined) for (const flow of library) console.log(flow.name);
    else if (values.json === '-') console.log(JSON.stringify(library.map(listed), null, 2));
    else writeWhole(values.json, `${JSON.stringify(library.map(listed), null, 2)}\n`);
    return 0;
  }
  if (values.all === true ? positionals.length !== 0 : positionals.length === 0) {
    console.error(USAGE);
    return EXIT_USAGE;
  }
  const psuIds = pairsOf(values.psu ?? []);
  if (psuIds === null) {
    console.error(`--psu takes ROLE=PSU-ID\n${USAGE}`);
    return EXIT_USAGE;
  }
  const params = pairsOf(values.param ?? []);
  if (params === null) {
    console.error(`--param takes NAME=VALUE\n${USAGE}`);
    return EXIT_USAGE;
  }
  const flows =
    values.all === true
      ? readLibrary(libraryDir).filter((flow) => values.institution === undefined || flow.institutions.includes(values.institution))
      : positionals.map((name) => findFlow(name, libraryDir));
  for (const flow of flows) {
    try {
      // Checked before any simulator starts: a wrong choice is the user's to fix, at once. With several
      // flows a parameter applies to those that have it.
      chosenValues(flow, flows.length === 1 ? params : onlyParamsOf(flow, params));
    } catch (err) {
      if (!(err instanceof ParameterError)) throw err;
      console.error(`--param: ${err.message}`);
      return EXIT_USAGE;
    }
  }
  const token = values.token ?? (process.env.PSD2_WORKBENCH_CONTROL_TOKEN || undefined);
  const startedAt = new Date();
  const runs: RecordedRun[] = [];
  // One bank for all the flows of a --base: one TPP registered, one look at its mode.
  const shared = values.base === undefined ? null : await runningBank(values.base, values.data, token);
  if (shared !== null && values.all === true) {
    // --all against a running simulator: the flows of its mode (a flow of the other is refused there).
    const mode = (await sendHttp(shared.transport, { method: 'GET', path: '/simulator/v1/info', headers: {}, body: null })).body as { mode?: string };
    const other = flows.filter((flow) => flow.behaviour !== mode.mode);
    if (other.length > 0)
      console.log(`${other.length} ${other.length === 1 ? 'flow' : 'flows'} of the other mode left out: the simulator runs in ${mode.mode} mode.`);
    flows.splice(0, flows.length, ...flows.filter((flow) => flow.behaviour === mode.mode));
  }
  for (const flow of flows) {
    const bank = shared ?? (await startOwnSimulator(flow.behaviour));
    try {
      const stepSeconds: number[] = [];
      let since = performance.now();
      const options: FlowRunOptions = {
        origin: bank.transport.origin,
        tls: bank.transport.tls,
        controlToken: bank.transport.controlToken,
        credentials: bank.credentials,
        institution: values.institution,
        psuIds,
        params: flows.length === 1 ? params : onlyParamsOf(flow, params),
        onStart: (start) => {
          console.log(describeRunStart(start));
          since = performance.now();
        },
        onStep: (step) => {
          const now = performance.now();
          stepSeconds.push((now - since) / 1000);
          since = now;
          console.log(describeStep(step));
        },
      };
      // The record's extra reads only when it is asked for.
      const { run, record } = values.json === undefined ? { run: await runFlow(flow, options), record: null } : await runRecorded(flow, options);
      console.log(describeRunEnd(run));
      runs.push({ run, stepSeconds, record });
    } catch (err) {
      // A PSU who cannot play the lesson's role is known only once the dataset is read.
      if (!(err instanceof ParameterError)) throw err;
      console.error(err.message);
      return EXIT_USAGE;
    } finally {
      if (shared === null) await bank.stop();
    }
  }
  if (values.junit !== undefined) writeWhole(values.junit, junitReport(runs, startedAt));
  if (values.json === '-') console.log(JSON.stringify(jsonReport(runs, startedAt), null, 2));
  else if (values.json !== undefined) writeWhole(values.json, `${JSON.stringify(jsonReport(runs, startedAt), null, 2)}\n`);
  if (flows.length > 1) console.log(`${runs.filter((r) => r.run.met).length} of ${flows.length} flows met every expectation.`);
  return runs.every((r) => r.run.met) ? 0 : EXIT_UNMET;
}

/** A flow as `--list --json` lists it: what to pass to run it another way. */
function listed(flow: FlowFile) {
  return {
    name: flow.name,
    title: flow.title,
    lesson: flow.lesson === true,
    behaviour: flow.behaviour,
    institutions: flow.institutions,
    psuRoles: Object.keys(flow.psus),
    parameters: flow.parameters.map((p) => ({
      name: p.name,
      label: p.label,
      ...(p.help === undefined ? {} : { help: p.help }),
      kind: p.kind,
      ...(p.choices === undefined ? {} : { choices: p.choices }),
      ...(p.default === undefined ? {} : { default: p.default }),
    })),
  };
}

/**
 * The runs as `--json FILE` writes them: each as the app exports a run (Flows → Export), so
 * `jq '.runs[0]'` of the file is a run file the app imports and replays.
 */
function jsonReport(runs: readonly RecordedRun[], startedAt: Date) {
  const exportedAt = new Date().toISOString();
  return {
    format: 'psd2-workbench-flow-results',
    version: 2,
    startedAt: startedAt.toISOString(),
    met: runs.every((r) => r.run.met),
    runs: runs.flatMap(({ record }) => (record === null ? [] : [runFileContent(record, exportedAt)])),
  };
}

/** Of several flows' `--param`s, those this flow has. */
function onlyParamsOf(flow: FlowFile, params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).filter(([name]) => flow.parameters.some((p) => p.name === name)));
}

/** NAME=VALUE pairs (ROLE=PSU-ID, parameter=value), or null when one is not such a pair. */
function pairsOf(pairs: string[]): Record<string, string> | null {
  const entries = pairs.map((pair) => /^([^=\s]+)=(\S+)$/.exec(pair));
  if (entries.some((match) => match === null)) return null;
  return Object.fromEntries(entries.map((match) => [match?.[1], match?.[2]]));
}

interface FlowBank {
  transport: BankTransport;
  credentials: TppCredentials;
  stop(): Promise<void>;
}

/** In the flow's behaviour: this simulator is the run's own, so nobody else's mode changes. */
async function startOwnSimulator(mode: SimulatorMode): Promise<FlowBank> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wb-flow-'));
  const simulator = await startSimulator({ port: 0, host: '127.0.0.1', dataDir, mode, tls: false });
  return {
    transport: plainTransport(simulator.url),
    credentials: loadTppCredentials(dataDir),
    stop: async () => {
      await simulator.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A simulator already running. Under --tls (an https base) the bank asks every connection for a QWAC,
 * so the run is the demo TPP of the simulator's data folder, with its QWAC and CA; over plain HTTP
 * it is the demo TPP of --data DIR when given, else one registered for this run (all roles).
 */
async function runningBank(base: string, dataDir: string | undefined, controlToken: string | undefined): Promise<FlowBank> {
  const origin = base.replace(/\/$/, '');
  const stop = async (): Promise<void> => undefined;
  let bank: FlowBank;
  if (origin.startsWith('https:')) {
    const dir = dataDir ?? defaultDataDir();
    if (!existsSync(join(dir, 'pki', 'ca.crt.pem')))
      throw new Error(`${origin} is HTTPS: the simulator's data folder is needed for its CA and the demo TPP's QWAC, and ${dir} has none; pass --data DIR`);
    bank = { transport: { ...dataFolderTransport(origin, dir), controlToken }, credentials: loadTppCredentials(dir), stop };
  } else {
    const transport = { ...plainTransport(origin), controlToken };
    bank = { transport, credentials: dataDir !== undefined ? loadTppCredentials(dataDir) : await registeredTpp(transport), stop };
  }
  await needsNoOtherToken(bank.transport, controlToken);
  return bank;
}

/** A TPP registered for this run (all roles), as the control API registers one. */
async function registeredTpp(transport: BankTransport): Promise<TppCredentials> {
  await needsNoOtherToken(transport, transport.controlToken);
  return new BankControl(transport).registerTpp({ organizationId: 'PSDDE-BAFIN-135790', name: 'Flow runner' });
}

/** A simulator beyond loopback refuses the control API without its token: said plainly, before any step. */
async function needsNoOtherToken(transport: BankTransport, token: string | undefined): Promise<void> {
  const answer = await sendHttp(transport, { method: 'GET', path: '/simulator/v1/info', headers: {}, body: null });
  if (answer.status !== 401) return;
  throw new Error(
    token === undefined
      ? `${transport.origin} needs the control token it printed at start: pass --token TOKEN (or set PSD2_WORKBENCH_CONTROL_TOKEN)`
      : `${transport.origin} refused the control token given with --token (or PSD2_WORKBENCH_CONTROL_TOKEN): it is not the one it printed at start or was started with`,
  );
}

/** Settles once the command is done (launcher.mjs keeps the compiled code then); a top-level await would not bundle as CommonJS. */
export const ready = (async () => {
  try {
    process.exitCode = await main(process.argv.slice(2));
  } catch (err) {
    console.error(`flow: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = EXIT_USAGE;
  }
})();
