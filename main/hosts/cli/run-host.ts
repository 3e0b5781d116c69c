// What `serve` and `web` share: start, announce, stop cleanly (docs/architecture.md#commands).
import type { RunningSimulator, SimulatorOptions } from '../../simulator';
import { startSimulator } from '../../simulator';
import { reachLines } from './reach-lines';

export interface RunHostHooks {
  /** Called after the listening line, e.g. for `npm start`'s browser fallback to say what to open. */
  onListening?(simulator: RunningSimulator): void;
}

// Open connections (a UI's event stream) must not keep a stopping process alive forever.
const CLOSE_TIMEOUT_MS = 5_000;

/** Resolves with the running simulator once it listens and says so; it stops with the process. */
export async function runHost(options: SimulatorOptions, hooks: RunHostHooks = {}): Promise<RunningSimulator> {
  let simulator: RunningSimulator;
  try {
    simulator = await startSimulator(options);
  } catch (err) {
    console.error(`PSD2 Workbench could not start: ${describeStartError(err, options)}`);
    process.exit(1);
  }

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) {
      // A second Ctrl+C means "now".
      process.exit(signal === 'SIGINT' ? 130 : 143);
    }
    stopping = true;
    setTimeout(() => {
      console.error(`PSD2 Workbench: closing took longer than ${CLOSE_TIMEOUT_MS / 1000} s; exiting anyway.`);
      process.exit(1);
    }, CLOSE_TIMEOUT_MS).unref();
    simulator.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(`PSD2 Workbench: closing failed: ${firstLine(err)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  stopWithNpm(() => stop('SIGTERM'));

  // Announced only once the handlers are in place: whoever reads the line may signal at once.
  console.log(`PSD2 Workbench listening on ${simulator.url}`);
  if (simulator.psuPagesUrl !== null) console.log(`PSU pages on ${simulator.psuPagesUrl}`);
  for (const line of reachLines(simulator, options.host)) console.log(line);
  hooks.onListening?.(simulator);
  return simulator;
}

/** How often a server started by npm looks whether npm is still there. */
const PARENT_CHECK_MS = 500;

/**
 * `npm run serve &` then `kill $!` signals npm, whose shell ends without passing the signal on: the
 * server, handed to init, would go on serving on its port. Started by npm, it stops when npm is gone.
 */
function stopWithNpm(stop: () => void): void {
  if (process.env.npm_lifecycle_event === undefined) return;
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) stop();
  }, PARENT_CHECK_MS).unref();
}

/** One line a person can act on; the common causes get a hint, the rest keep their own message. */
export function describeStartError(err: unknown, options: SimulatorOptions): string {
  const { code, syscall } = (err ?? {}) as NodeJS.ErrnoException;
  if (syscall === 'listen') {
    if (code === 'EADDRINUSE') {
      return `port ${options.port} on ${options.host} is already in use; choose another with --port N (0 picks a free one)`;
    }
    if (code === 'EADDRNOTAVAIL') return `${options.host} is not an address of this machine; check --host`;
    if (code === 'EACCES') return `port ${options.port} needs administrator rights; choose one above 1023 with --port N`;
  }
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS' || code === 'ENOTDIR') {
    return `${firstLine(err)} (is the data folder ${options.dataDir} writable? choose another with --data DIR)`;
  }
  return firstLine(err);
}

function firstLine(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.split('\n', 1)[0] ?? message;
}
