import type { RunningSimulator, SimulatorOptions } from '../../simulator';

/**
 * Starts on the preferred port and, when another program holds it, on any free port:
 * the desktop app should open even if a headless simulator already runs on 4646.
 */
export async function startOnPreferredPort(
  start: (options: SimulatorOptions) => Promise<RunningSimulator>,
  options: SimulatorOptions,
): Promise<RunningSimulator> {
  try {
    return await start(options);
  } catch (err) {
    if ((err as NodeJS.ErrnoException | null)?.code !== 'EADDRINUSE' || options.port === 0) throw err;
    return start({ ...options, port: 0 });
  }
}
