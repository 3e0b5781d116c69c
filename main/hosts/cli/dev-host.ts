// `npm run dev`: the simulator plus Vite's dev server for the UI, with React's hot reload: a saved screen shows
// in the open page within a second, no build. The page is Vite's; its calls to the simulator go through Vite's
// proxy, which presents them as the simulator's own page would (local-safety.ts stays as strict as ever).
import { basename, join, resolve } from 'node:path';
import type { ProxyOptions } from 'vite';
import type { RunningSimulator } from '../../simulator';
import { projectRoot } from '../project-root';
import { rendererViteConfig } from '../renderer-vite-config';
import { exitWithUsage, parseHostArgs, UsageError } from './args';
import { runHost } from './run-host';

/** The simulator's paths (control API, SCA pages, every institution's bank API): the rest is the UI, Vite's. */
export const SIMULATOR_PATHS = '^/(?:simulator|sca)/|^/[a-z]+/(?:berlingroup|oauth|sandboxauth|sandbox)/';

const DEV_USAGE = `npm run dev -- [--ui-port N (default 5173; 0 = free port)] [--renderer DIR (the renderer's folder, for tests)] [flags of npm run serve except --tls]`;

export interface DevOptions {
  uiPort: number;
  rendererDir: string | undefined;
  hostArgs: string[];
}

/** Takes the dev server's own flags out; the rest are the simulator's, as `npm run serve` takes them. */
export function parseDevArgs(argv: readonly string[]): DevOptions {
  const hostArgs: string[] = [];
  let uiPort = 5173;
  let rendererDir: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (flag !== '--ui-port' && flag !== '--renderer') {
      hostArgs.push(arg);
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined) throw new UsageError(`${flag} needs a value\n${DEV_USAGE}`);
    if (flag === '--renderer') rendererDir = resolve(value);
    else {
      uiPort = Number(value);
      if (!/^[0-9]+$/.test(value) || uiPort > 65535) throw new UsageError(`--ui-port must be a whole number from 0 to 65535, got "${value}"\n${DEV_USAGE}`);
    }
  }
  if (hostArgs.includes('--tls'))
    throw new UsageError(`npm run dev does not take --tls (the UI's proxy presents no client certificate); use npm run web -- --tls\n${DEV_USAGE}`);
  return { uiPort, rendererDir, hostArgs };
}

export async function runDevHost(argv: string[]): Promise<void> {
  let dev: DevOptions;
  let options;
  try {
    dev = parseDevArgs(argv);
    options = parseHostArgs(dev.hostArgs);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    exitWithUsage(err);
  }
  const simulator = await runHost(options);
  const { createServer } = await import('vite');
  const root = projectRoot();
  const rendererDir = dev.rendererDir ?? join(root, 'renderer');
  const vite = await createServer({
    ...rendererViteConfig(root, rendererDir),
    configFile: false,
    // Vite's pre-bundled dependencies, one folder per renderer folder: its cache is keyed by the root, and a
    // test's copy of the renderer would otherwise make the next `npm run dev` bundle them all again.
    cacheDir: join(root, 'node_modules', '.vite', `dev-${basename(rendererDir)}`),
    server: { host: options.host, port: dev.uiPort, strictPort: dev.uiPort !== 0, proxy: { [SIMULATOR_PATHS]: simulatorProxy(simulator) } },
  });
  await vite.listen();
  const address = vite.resolvedUrls?.local[0] ?? vite.resolvedUrls?.network[0];
  if (address === undefined) throw new Error('the UI dev server has no address');
  const page = simulator.controlTokenRequired ? `${address}#token=${simulator.controlToken}` : address;
  // Parsed by test/ui/dev-server.test.ts.
  console.log(`UI with hot reload at ${page}`);
}

/**
 * To the simulator the proxied page is its own: Host is the simulator's, and so is Origin when the page is
 * Vite's own. Any other Origin passes unchanged, so a foreign page is refused as it would be without Vite.
 */
function simulatorProxy(simulator: RunningSimulator): ProxyOptions {
  const simulatorOrigin = new URL(simulator.url).origin;
  return {
    target: simulatorOrigin,
    changeOrigin: true,
    configure: (proxy) => {
      proxy.on('proxyReq', (proxyReq, req) => {
        if (req.headers.origin !== undefined && req.headers.origin === `http://${req.headers.host ?? ''}`) proxyReq.setHeader('origin', simulatorOrigin);
      });
    },
  };
}
