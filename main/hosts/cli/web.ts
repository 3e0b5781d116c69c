// `npm run web -- [flags]`: the simulator plus the UI at http://HOST:PORT/.
import { runWebHost } from './web-host';

// Settles once started: launcher.mjs then keeps V8's compiled code for the next start.
export const ready = runWebHost(process.argv.slice(2)).catch((err: unknown) => {
  console.error(`PSD2 Workbench could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
