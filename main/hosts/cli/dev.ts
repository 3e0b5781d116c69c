// `npm run dev -- [flags]`: the simulator plus the UI from Vite's dev server, with hot reload.
import { runDevHost } from './dev-host';

// Settles once started: launcher.mjs then keeps V8's compiled code for the next start.
export const ready = runDevHost(process.argv.slice(2)).catch((err: unknown) => {
  console.error(`PSD2 Workbench could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
