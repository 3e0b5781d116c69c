import { parseArgs } from 'node:util';
import type { SimulatorOptions } from '../../simulator';
import { defaultDataDir } from '../data-dir';
import { isRateLimit, MAX_REQUESTS_PER_SECOND } from '../../domain/tpp/rate-limit';
import { isSimulatorMode, SIMULATOR_MODES } from '../../domain/simulator-mode';
import { isIsoDate } from '../../domain/time/uk-time';

export class UsageError extends Error {}

/** `--help`: the flags, on the standard output, and exit 0. */
export class HelpRequested extends UsageError {}

/** What a command does with a usage error: the flags and exit 0 for --help, the error and exit 2 otherwise. */
export function exitWithUsage(err: UsageError): never {
  if (err instanceof HelpRequested) {
    console.log(err.message);
    process.exit(0);
  }
  console.error(err.message);
  process.exit(2);
}

const USAGE = `Flags: --port N (default 4646; 0 = free port) --host H (default 127.0.0.1) --data DIR
       --mode simulation|sandbox --dataset FILE --now DATE|INSTANT (a date: its midnight at the first institution) --tls --rate-limit N (requests per second per TPP; 0 = off)
       --public-url URL (the origin clients reach the bank at, e.g. http://bank-sim:4646; or $PSD2_WORKBENCH_PUBLIC_URL)
       --psu-public-url URL (under --tls: the origin the PSU's browser reaches the SCA pages at)
       --log-limit N (the traffic log keeps the newest N exchanges; default 10000)
       --failure-log-limit N (and beside them the newest N failures: 4xx, 5xx; default 10000)
       --signature-failure-limit N (and apart from those the newest N signature failures, each with the success it is compared with; default 10000)
       --faults FILE.json (fault rules set at start, as POST /simulator/v1/faults takes them: docs/testing-your-tpp.md)
       --control-token TOKEN (beyond loopback, the control API's token, 16-200 of A-Z a-z 0-9 - . _ ~; or $PSD2_WORKBENCH_CONTROL_TOKEN;
         default: a random one printed at start)`;

/** A control token as a bearer token carries it (RFC 6750 b64token, without + / =), long enough not to be guessed. */
const CONTROL_TOKEN = /^[A-Za-z0-9\-._~]{16,200}$/;

/** The most either log limit may be: a bound on the log's size on disk and on a search's work. */
export const MAX_LOG_LIMIT = 1_000_000;

/** A log limit flag: absent is the default; otherwise a whole number from `min` to MAX_LOG_LIMIT. */
function logLimit(value: string | undefined, flag: string, min: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^[0-9]+$/.test(value) || !Number.isSafeInteger(n) || n < min || n > MAX_LOG_LIMIT) {
    throw new UsageError(`${flag} must be a whole number from ${min} to ${MAX_LOG_LIMIT}, got "${value}"`);
  }
  return n;
}

/** Parses the flags shared by `serve` and `web` (docs/architecture.md#commands). */
export function parseHostArgs(argv: string[]): SimulatorOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        data: { type: 'string' },
        mode: { type: 'string' },
        dataset: { type: 'string' },
        now: { type: 'string' },
        tls: { type: 'boolean' },
        'rate-limit': { type: 'string' },
        'public-url': { type: 'string' },
        'psu-public-url': { type: 'string' },
        'log-limit': { type: 'string' },
        'failure-log-limit': { type: 'string' },
        'signature-failure-limit': { type: 'string' },
        'control-token': { type: 'string' },
        faults: { type: 'string' },
        help: { type: 'boolean' },
      },
    });
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\n${USAGE}`);
  }
  const v = parsed.values;
  if (v.help) throw new HelpRequested(USAGE);
  const port = v.port === undefined ? 4646 : Number(v.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new UsageError(`--port must be a whole number from 0 to 65535, got "${v.port}"`);
  }
  const mode = v.mode ?? 'simulation';
  if (!isSimulatorMode(mode)) {
    throw new UsageError(`--mode must be ${SIMULATOR_MODES.join(' or ')}, got "${mode}"`);
  }
  if (v.now !== undefined && !isCalendarInstant(v.now) && !isIsoDate(v.now)) {
    throw new UsageError(
      `--now must be a real calendar day (2026-03-29: its midnight at the dataset's first institution, London's Europe/London in the default dataset) or an ISO-8601 instant such as 2026-03-29T00:30:00Z, got "${v.now}"`,
    );
  }
  const publicUrl = originOf(v['public-url'] ?? (process.env.PSD2_WORKBENCH_PUBLIC_URL || undefined), '--public-url');
  const psuPublicUrl = originOf(v['psu-public-url'], '--psu-public-url');
  if (psuPublicUrl !== undefined && v.tls !== true)
    throw new UsageError('--psu-public-url is for --tls, where the SCA pages have an origin of their own; without --tls --public-url is theirs too');
  const rateLimit = v['rate-limit'] === undefined ? 0 : Number(v['rate-limit']);
  if (!isRateLimit(rateLimit)) {
    throw new UsageError(`--rate-limit must be a whole number from 0 (off) to ${MAX_REQUESTS_PER_SECOND}, got "${v['rate-limit']}"`);
  }
  const controlToken = v['control-token'] ?? (process.env.PSD2_WORKBENCH_CONTROL_TOKEN || undefined);
  if (controlToken !== undefined && !CONTROL_TOKEN.test(controlToken)) {
    throw new UsageError('--control-token (or PSD2_WORKBENCH_CONTROL_TOKEN) must be 16 to 200 of A-Z a-z 0-9 - . _ ~');
  }
  return {
    controlToken,
    faultsFile: v.faults,
    port,
    host: v.host ?? '127.0.0.1',
    dataDir: v.data ?? defaultDataDir(),
    mode,
    datasetFile: v.dataset,
    now: v.now,
    tls: v.tls ?? false,
    rateLimit,
    publicUrl,
    psuPublicUrl,
    logLimit: logLimit(v['log-limit'], '--log-limit', 1),
    // 0: failures get no budget of their own, only the newest exchanges are kept.
    failureLogLimit: logLimit(v['failure-log-limit'], '--failure-log-limit', 0),
    signatureFailureLimit: logLimit(v['signature-failure-limit'], '--signature-failure-limit', 0),
  };
}

/**
 * An instant whose date and time exist: Date.parse takes 2026-02-30 as 2 March, so the fields read
 * back from the parsed instant must be the ones written (offsets kept as given).
 */
export function isCalendarInstant(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.exec(text);
  if (match === null || Number.isNaN(Date.parse(text))) return false;
  const [, year, month, day, hour, minute, second = '00'] = match.map((part) => part ?? '');
  const back = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second)));
  return (
    back.getUTCFullYear() === Number(year) &&
    back.getUTCMonth() === Number(month) - 1 &&
    back.getUTCDate() === Number(day) &&
    back.getUTCHours() === Number(hour) &&
    back.getUTCMinutes() === Number(minute) &&
    back.getUTCSeconds() === Number(second)
  );
}

/** An origin (scheme, host, port: no path, query or credentials) given as a flag, or undefined when not given. */
function originOf(value: string | undefined, flag: string): string | undefined {
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`${flag} must be an absolute URL such as http://bank-sim:4646, got "${value}"`);
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.pathname !== '/' ||
    url.search !== '' ||
    url.hash !== '' ||
    url.username !== '' ||
    url.password !== ''
  ) {
    throw new UsageError(`${flag} must be an http(s) origin such as http://bank-sim:4646 (no path, query or credentials), got "${value}"`);
  }
  return url.origin;
}
