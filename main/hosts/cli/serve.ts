import { exitWithUsage, parseHostArgs, UsageError } from './args';
import { runHost } from './run-host';

/** `npm run serve -- [flags]`: the simulator alone, headless. Settles once it listens (launcher.mjs waits for that). */
export const ready = (async () => {
  try {
    await runHost(parseHostArgs(process.argv.slice(2)));
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    exitWithUsage(err);
  }
})();
