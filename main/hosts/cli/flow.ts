// `npm run flow -- --list` and `npm run flow -- NAME|FILE [--institution I] [--psu ROLE=ID] [--param NAME=VALUE] [--base URL] [--data DIR]`
// (docs/architecture.md#commands): runs one flow of the library headless; exit 0 only if every step met its expectation.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { SimulatorMode } from '../../domain/simulator-mode';
import { findFlow, readLibrary } from '../../flows/library/library';
import { chosenValues, ParameterError } from '../../flows/library/parameters';
import { describeRunEnd, describeRunStart, describeStep } from '../../flows/runs/report';
import { runFlow } from '../../flows/runs/runner';
import { resourcesDir } from '../../resources-dir';
import { startSimulator } from '../../simulator';
import { BankControl } from '../../tpp/control';
import type { TppCredentials } from '../../tpp/credentials';
import { dataFolderTransport, loadTppCredentials } from '../../tpp/data-folder';
import { plainTransport, type BankTransport } from '../../tpp/transport';
import { defaultDataDir } from '../data-dir';

const USAGE = `Usage: npm run flow -- --list
       npm run flow -- NAME|FILE [--institution I] [--psu ROLE=PSU-ID ...] [--param NAME=VALUE ...] [--base URL [--data DIR]]
  Without --base a simulator is started on a free port with a temporary data folder, in the flow's behaviour
  (simulation or sandbox), and stopped at the end.
  --psu replaces the PSU the flow gives a role (e.g. --psu approverB=FRA-LOWLIMIT).
  --param chooses the value of one of the flow's parameters in place of its default (e.g. --param payee=noMatch).
  With --base the flow runs against that simulator, as the demo TPP of --data DIR or, without it, as a TPP registered
  for the run; a flow whose behaviour is not the simulator's mode is refused (POST /simulator/v1/mode switches it).
  An https:// base (a simulator started with --tls) is reached with the QWAC and CA of --data DIR (default: the
  per-user data folder serve and web use).`;

const EXIT_UNMET = 1;
const EXIT_USAGE = 2;

const libraryDir = join(resourcesDir(), 'flows');

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        list: { type: 'boolean' },
        institution: { type: 'string' },
        base: { type: 'string' },
        psu: { type: 'string', multiple: true },
        param: { type: 'string', multiple: true },
        data: { type: 'string' },
        help: { type: 'boolean' },
      },
    });
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return EXIT_USAGE;
  }
  const { values, positionals } = parsed;
  if (values.list) {
    for (const flow of readLibrary(libraryDir)) console.log(flow.name);
    return 0;
  }
  if (values.help || positionals.length !== 1) {
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
  const flow = findFlow(positionals[0] as string, libraryDir);
  try {
    // Checked before any simulator starts: a wrong choice is the user's to fix, at once.
    chosenValues(flow, params);
  } catch (err) {
    if (!(err instanceof ParameterError)) throw err;
    console.error(`--param: ${err.message}`);
    return EXIT_USAGE;
  }
  const bank = values.base === undefined ? await startOwnSimulator(flow.behaviour) : await runningBank(values.base, values.data);
  try {
    const run = await runFlow(flow, {
      origin: bank.transport.origin,
      tls: bank.transport.tls,
      credentials: bank.credentials,
      institution: values.institution,
      psuIds,
      params,
      onStart: (start) => console.log(describeRunStart(start)),
      onStep: (step) => console.log(describeStep(step)),
    });
    console.log(describeRunEnd(run));
    return run.met ? 0 : EXIT_UNMET;
  } catch (err) {
    // A PSU who cannot play the lesson's role is known only once the dataset is read.
    if (!(err instanceof ParameterError)) throw err;
    console.error(err.message);
    return EXIT_USAGE;
  } finally {
    await bank.stop();
  }
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
async function runningBank(base: string, dataDir: string | undefined): Promise<FlowBank> {
  const origin = base.replace(/\/$/, '');
  const stop = async (): Promise<void> => undefined;
  if (origin.startsWith('https:')) {
    const dir = dataDir ?? defaultDataDir();
    if (!existsSync(join(dir, 'pki', 'ca.crt.pem')))
      throw new Error(`${origin} is HTTPS: the simulator's data folder is needed for its CA and the demo TPP's QWAC, and ${dir} has none; pass --data DIR`);
    return { transport: dataFolderTransport(origin, dir), credentials: loadTppCredentials(dir), stop };
  }
  const transport = plainTransport(origin);
  const credentials =
    dataDir !== undefined
      ? loadTppCredentials(dataDir)
      : await new BankControl(transport).registerTpp({ organizationId: 'PSDDE-BAFIN-135790', name: 'Flow runner' });
  return { transport, credentials, stop };
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (err) {
  console.error(`flow: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = EXIT_USAGE;
}
