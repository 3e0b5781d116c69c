import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { clockStart, keepClock, persistedClock } from './services/clock/clock-state';
import { SimulatedClock } from './services/clock/clock';
import {
  createRepositories,
  indexDataset,
  LOG_MAX_EXCHANGES,
  LOG_MAX_FAILURES,
  transactor,
  type BankContext,
  LOG_MAX_SIGNATURE_FAILURES,
} from './services/context';
import type { SimulatorMode } from './domain/simulator-mode';
import { loadDataset } from './services/operator/dataset-loader';
import type { Dataset } from './domain/dataset/types';
import { isIsoDate } from './domain/time/uk-time';
import { startOfLocalDay } from './domain/time/zoned-day';
import { SimulatorEvents, type SimulatorEvent } from './services/events';
import { createServices } from './services';
import { LifecycleTimer } from './services/clock/lifecycle-timer';
import { saveClientRegistration, resetBankState } from './services/operator/reset';
import { openDatabase } from './store/database';
import { lockDataFolder } from './store/data-folder-lock';
import { startCheckpointer, type Checkpointer } from './store/checkpointer';
import { ensureDataFolderPki, missingKeyPairs } from './pki/data-folder';
import { prepareKeyPairs } from './pki/x509-builder';
import { buildPsuPagesServer, buildServer } from './http/server';
import { FaultFileError, readFaultFile } from './http/fault-file';
import type { ConnectionTimeouts } from './http/limits';
import { resourcesDir } from './resources-dir';
import { CertificateCache } from './pki/certificate-cache';
import { issueServerCertificate } from './pki/server-certificate';
import { loadSandboxSigners } from './pki/sandbox-signers';
import { FlowRuns } from './flows/runs/flow-runs';
import { dataFolderTransport, loadTppCredentials } from './tpp/data-folder';
import { plainTransport, type BankTransport } from './tpp/transport';
import type { TppCredentials } from './tpp/credentials';
import { TppClient } from './tpp/client';
import { resendAsTpp } from './tpp/resend';
import type { ExchangeResender } from './http/routes/inspector-tools';
import { harPieces } from '../shared/har';
import { exchangeCurl } from '../shared/curl';

export interface SimulatorOptions {
  port: number;
  host: string;
  dataDir: string;
  mode: SimulatorMode;
  datasetFile?: string | undefined;
  now?: string | undefined;
  tls: boolean;
  /** Folder of the built renderer to serve at `/` (browser host); absent: headless. */
  uiRoot?: string | undefined;
  /** `--rate-limit N`: requests per second per TPP identity; 0 or absent = off. */
  rateLimit?: number | undefined;
  /** `--log-limit N`: the traffic log keeps the newest N exchanges (default 10,000). */
  logLimit?: number | undefined;
  /** `--failure-log-limit N`: and beside them the newest N failures (default 10,000). */
  failureLogLimit?: number | undefined;
  /** `--signature-failure-limit N`: and apart from those the newest N signature failures, each with its compared success (default 10,000). */
  signatureFailureLimit?: number | undefined;
  /** better-sqlite3's binary for this runtime when it is not the Node npm built for (the desktop app). */
  sqliteBinding?: string | undefined;
  /** Past this size the WAL is rewound (store/checkpointer.ts, default 64 MiB); smaller in tests, to rewind often. */
  walLimitBytes?: number | undefined;
  /** How long a write waits for the database held by another connection (tests shorten it); BUSY_WAIT_MS. */
  busyWaitMs?: number | undefined;
  /** `--public-url`: the origin clients reach the bank at (a CI service name, a proxy), for every absolute URL it sends. */
  publicUrl?: string | undefined;
  /** `--psu-public-url`: under --tls, the origin the PSU's browser reaches the SCA pages at. */
  psuPublicUrl?: string | undefined;
  /** Tests: a control answer its published schema would cut is refused (500) instead (http/exact-answers.ts). */
  exactAnswers?: boolean | undefined;
  /** `--faults FILE.json`: fault rules set at start (docs/testing-your-tpp.md). */
  faultsFile?: string | undefined;
  /** `--control-token`: the control API's token beyond loopback, set by automation; absent: a random one. */
  controlToken?: string | undefined;
  /** Tests: shorter waits for slow and idle connections than the documented 30 s (http/limits.ts). */
  connectionTimeouts?: ConnectionTimeouts | undefined;
}

export interface RunningSimulator {
  /** e.g. http://127.0.0.1:4646 */
  url: string;
  port: number;
  /**
   * Under --tls, the origin of the PSU-facing pages, which asks for no client certificate (every
   * scaRedirect points there); null without --tls, where the pages share `url`.
   */
  psuPagesUrl: string | null;
  /** Required by the control API when the host is not loopback. */
  controlToken: string;
  /** True when the control API requires controlToken. */
  controlTokenRequired: boolean;
  /** True when controlToken was given (--control-token), not drawn at random: the start-up line does not print it. */
  controlTokenGiven: boolean;
  events: SimulatorEvents;
  close(): Promise<void>;
}

const isLoopback = (host: string): boolean => host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);

function version(): string {
  const pkg = JSON.parse(readFileSync(join(resourcesDir(), '..', 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/**
 * The engine: store, services and HTTP server, started the same way by the CLI, the browser host,
 * Electron's main process and the tests. No Electron here.
 */
export async function startSimulator(options: SimulatorOptions): Promise<RunningSimulator> {
  const lock = lockDataFolder(options.dataDir);
  try {
    const simulator = await startOnLockedFolder(options);
    return {
      ...simulator,
      close: async () => {
        await simulator.close();
        lock.release();
      },
    };
  } catch (err) {
    lock.release();
    throw err;
  }
}

/** `--now`: an instant as written, or a date (YYYY-MM-DD) as its midnight at the dataset's first institution (the default dataset's London: Europe/London). */
function nowOption(now: string, dataset: Dataset): Date {
  const zone = dataset.institutions[0]?.calendar.timeZone;
  return isIsoDate(now) && zone !== undefined ? startOfLocalDay(now, zone) : new Date(now);
}

async function startOnLockedFolder(options: SimulatorOptions): Promise<RunningSimulator> {
  // A fresh data folder's keys, and under --tls the server's, made on other cores while this one loads the dataset and opens the store.
  const keyPairs = prepareKeyPairs(missingKeyPairs(options.dataDir) + (options.tls ? 1 : 0));
  const dataset = loadDataset(options.datasetFile);
  // Read before anything opens: a file that is no rule list ends the start at once, naming the rule.
  const faultRules = options.faultsFile === undefined ? [] : readFaultFile(options.faultsFile);
  const db = openDatabase(options.dataDir, options.sqliteBinding, options.busyWaitMs);
  const repos = createRepositories(db);
  const events = new SimulatorEvents();

  const startAt = options.now === undefined ? undefined : nowOption(options.now, dataset);
  const clock = new SimulatedClock(startAt ? SimulatedClock.offsetFor(startAt) : persistedClock(repos.settings), (state, now, paused) => {
    keepClock(repos.settings, state);
    events.emitEvent({ type: 'clock', now, paused });
  });
  keepClock(repos.settings, clock.state);

  let origin = '';
  let apiOrigin = '';
  let mode = options.mode;
  const ctx: BankContext = {
    db,
    transact: transactor(db, events),
    clock,
    clockStart: clockStart(repos.settings, clock.now(), options.now !== undefined),
    events,
    dataset,
    ...indexDataset(dataset),
    mode: () => mode,
    setMode: (next) => {
      mode = next;
      repos.settings.set('mode', next);
      events.emitEvent({ type: 'mode', mode: next });
    },
    origin: () => origin,
    apiOrigin: () => apiOrigin,
    repos,
  };

  await keyPairs;
  const pki = ensureDataFolderPki(options.dataDir, clock.now(), { qwacBundle: options.tls });
  saveClientRegistration(ctx, pki.demoTpp, 'Workbench Demo TPP');
  if (repos.settings.get('dataset') !== dataset.name) resetBankState(ctx);

  const services = createServices(
    ctx,
    {
      trust: pki.trust,
      cache: new CertificateCache(),
      sandboxSigners: loadSandboxSigners(options.dataDir, pki.demoTpp),
      sandboxClientId: pki.demoTpp.clientId,
    },
    {
      rateLimitPerSecond: options.rateLimit ?? 0,
      logLimits: {
        all: options.logLimit ?? LOG_MAX_EXCHANGES,
        failures: options.failureLogLimit ?? LOG_MAX_FAILURES,
        signatureFailures: options.signatureFailureLimit ?? LOG_MAX_SIGNATURE_FAILURES,
      },
    },
  );
  faultRules.forEach((rule, i) => {
    try {
      services.faults.add(rule);
    } catch (err) {
      throw new FaultFileError(`--faults ${options.faultsFile}: rule ${i + 1}: ${(err as Error).message}`);
    }
  });
  const eidasCa = pki.trust.authority('eidas');
  const tls = options.tls
    ? (() => {
        const server = issueServerCertificate(eidasCa, [options.host], clock.now());
        return { key: server.privateKeyPem, cert: server.certificatePem, ca: pki.trust.bundlePem() };
      })()
    : undefined;
  // The Flows screen's runs act as the data folder's demo TPP on the simulator's own origin: under
  // --tls over HTTPS with its QWAC, trusting the data folder's CA (set once the port is known).
  let url = '';
  let flowTransport: BankTransport = plainTransport('');
  let demoTpp: TppCredentials | null = null;
  const flowRuns = new FlowRuns({
    transport: () => flowTransport,
    credentials: () => (demoTpp ??= loadTppCredentials(options.dataDir)),
    libraryDir: join(resourcesDir(), 'flows'),
    archive: services.flowRuns,
    clock,
    news: (listener) => {
      const onEvent = (event: SimulatorEvent): void => {
        if (event.type === 'sca') listener({ journeyId: event.journeyId, status: event.status });
      };
      events.on('event', onEvent);
      return () => events.off('event', onEvent);
    },
  });
  // "New class" clears the kept runs: the live ones stop too, and let go of the clock.
  events.on('event', (event) => {
    if (event.type === 'reset' && event.runs) flowRuns.stopLive();
  });
  // The Inspector's resend: the same demo TPP, one client kept so its TPP tokens are reused, on the simulated clock.
  let resendClient: TppClient | null = null;
  const resender: ExchangeResender = ({ url: path, ...choices }) => {
    resendClient ??= new TppClient({ ...flowTransport, credentials: (demoTpp ??= loadTppCredentials(options.dataDir)), now: async () => clock.now() });
    return resendAsTpp(resendClient, { ...choices, path });
  };
  const controlToken = options.controlToken ?? randomBytes(18).toString('base64url');
  const controlTokenRequired = !isLoopback(options.host);
  const safety = { host: options.host, publicUrls: [options.publicUrl, options.psuPublicUrl].filter((u): u is string => u !== undefined) };
  const app = buildServer(services, {
    safety,
    version: version(),
    requiredToken: controlTokenRequired ? controlToken : null,
    uiRoot: options.uiRoot,
    tls,
    flowRuns,
    resender,
    // The page's own builders (shared/), so a file from the control API is the one the Inspector saves.
    exchangeFiles: { har: (exchanges, simulatorUrl, what) => harPieces(exchanges, simulatorUrl, version(), what), curl: exchangeCurl },
    exactAnswers: options.exactAnswers,
    timeouts: options.connectionTimeouts,
  });

  const psuPages = tls ? buildPsuPagesServer(services, tls, safety, options.connectionTimeouts) : null;
  const hostForUrl = options.host.includes(':') ? `[${options.host}]` : options.host;
  const listen = async (server: FastifyInstance, port: number): Promise<number> => {
    await server.listen({ port, host: options.host });
    const address = server.server.address();
    return typeof address === 'object' && address ? address.port : port;
  };
  let port: number;
  let psuPagesUrl: string | null = null;
  try {
    port = await listen(app, options.port);
    // A free port of its own: printed at start, and every scaRedirect says it.
    if (psuPages) psuPagesUrl = `https://${hostForUrl}:${await listen(psuPages, 0)}`;
  } catch (err) {
    await app.close();
    db.close();
    throw err;
  }
  url = `${options.tls ? 'https' : 'http'}://${hostForUrl}:${port}`;
  // Beyond loopback the control API asks its own runs for the token too (the clock, SCA decisions).
  flowTransport = { ...dataFolderTransport(url, options.dataDir), ...(controlTokenRequired ? { controlToken } : {}) };
  apiOrigin = options.publicUrl ?? url;
  origin = psuPagesUrl === null ? apiOrigin : (options.psuPublicUrl ?? psuPagesUrl);

  const lifecycleTimer = new LifecycleTimer(ctx, services.lifecycle);
  lifecycleTimer.start();
  // After the ready line (an immediate runs once the caller has printed it): its thread's own start (a second
  // isolate, SQLite's addon) need not delay the line; until it runs, SQLite checkpoints by itself as usual.
  let checkpointer: Checkpointer | null = null;
  const checkpointerStart = setImmediate(() => {
    checkpointer = startCheckpointer(db, options.sqliteBinding, options.walLimitBytes);
  });

  let closed = false;
  return {
    url,
    port,
    psuPagesUrl,
    controlToken,
    controlTokenRequired,
    controlTokenGiven: options.controlToken !== undefined,
    events,
    close: async () => {
      if (closed) return;
      closed = true;
      lifecycleTimer.stop();
      flowRuns.close();
      await Promise.all([app.close(), psuPages?.close()]);
      // The exchanges answered last are still queued (services/logs/exchange-log.ts): written before the store closes.
      services.exchangeLog.close();
      clearImmediate(checkpointerStart);
      await checkpointer?.stop();
      db.close();
    },
  };
}
