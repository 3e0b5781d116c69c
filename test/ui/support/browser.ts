// Drives the real UI in Debian's Chromium against the browser host (`npm run web`'s
// build and server), so UI tests exercise the same code paths as a user.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { ensureRendererBuilt } from '../../../main/hosts/cli/web-host';
import type { RunningSimulator } from '../../../main/simulator';
import { startSimulator } from '../../../main/simulator';
import { QWAC_P12_FILE, QWAC_P12_PASSPHRASE } from '../../../main/pki/browser-bundle';
import { BankControl } from '../../../main/tpp/control';
import { dataFolderTransport, loadTppCredentials } from '../../../main/tpp/data-folder';
import type { TestBank } from '../../support/simulator';
import { newDataFolder, TEST_NOW, tppClientFor } from '../../support/simulator';
import { leaseBrowser, type BrowserLease, type UiBrowser } from './shared-browser';

export const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** UI tests start a browser and may build the UI first: give them room. */
export const UI_TIMEOUT = 60_000;

export interface RunningUi {
  url: string;
  sim: RunningSimulator;
  dataDir: string;
  page: Page;
  /** Where the test opens more pages (a phone, a second window): they close with the UI. */
  browser: UiBrowser;
  /** The same simulator as the API tests see it: the demo TPP from the data folder, to send requests as a TPP would. */
  bank: TestBank;
  stop(): Promise<void>;
}

export interface StartUiOptions {
  viewport?: { width: number; height: number };
  colorScheme?: 'light' | 'dark';
  /** Beyond loopback (0.0.0.0) the page opens with the control token in its address, as printed. */
  host?: string;
  /** --tls: the browser presents the demo TPP's QWAC from DIR/tpp/qwac.p12, as a user who imported it. */
  tls?: boolean;
  /** More Chromium flags, e.g. `--host-resolver-rules=MAP evil.example 127.0.0.1`. */
  browserArgs?: string[];
  /** A port chosen ahead, so `publicUrl` can name it; default: any free one. */
  port?: number;
  /** `--public-url`: where phones and TPPs reach the simulator (a second loopback address stands for the network). */
  publicUrl?: string;
  /** `--log-limit N`, `--failure-log-limit N`: what the traffic log keeps. */
  logLimit?: number;
  failureLogLimit?: number;
  /** Fills the new data folder before the simulator starts on it (e.g. a traffic log written ahead: test/support/prepared-log.ts). */
  prepare?: (dataDir: string) => Promise<void>;
}

export async function startUi(options: StartUiOptions = {}): Promise<RunningUi> {
  // Vitest runs test files in parallel processes: the host's own build lock keeps them from building at once.
  const uiRoot = await ensureRendererBuilt(PROJECT_ROOT);
  const dataDir = newDataFolder('wb-ui-');
  await options.prepare?.(dataDir);
  const sim = await startSimulator({
    port: options.port ?? 0,
    ...(options.publicUrl === undefined ? {} : { publicUrl: options.publicUrl }),
    host: options.host ?? '127.0.0.1',
    dataDir,
    mode: 'simulation',
    tls: options.tls ?? false,
    now: TEST_NOW,
    uiRoot,
    logLimit: options.logLimit,
    failureLogLimit: options.failureLogLimit,
  });
  let lease: BrowserLease | undefined;
  try {
    lease = await leaseBrowser(options.browserArgs);
    const url = sim.url.replace('//0.0.0.0:', '//127.0.0.1:');
    const context = await lease.browser.newContext({
      viewport: options.viewport ?? { width: 1280, height: 800 },
      colorScheme: options.colorScheme ?? 'light',
      ...(options.tls
        ? {
            // The server certificate comes from the simulator's own test CA.
            ignoreHTTPSErrors: true,
            clientCertificates: [{ origin: url, pfxPath: join(dataDir, 'tpp', QWAC_P12_FILE), passphrase: QWAC_P12_PASSPHRASE }],
          }
        : {}),
    });
    const page = await context.newPage();
    await page.goto(sim.controlTokenRequired ? `${url}/#token=${sim.controlToken}` : `${url}/`);
    const { browser, release } = lease;
    const stop = async (): Promise<void> => {
      await release();
      await sim.close();
      rmSync(dataDir, { recursive: true, force: true });
    };
    const client = loadTppCredentials(dataDir);
    const transport = dataFolderTransport(url, dataDir);
    const control = new BankControl(transport);
    return {
      url,
      sim,
      dataDir,
      page,
      browser,
      bank: { sim, url, dataDir, client, tpp: tppClientFor(transport, client, control), control, stop },
      stop,
    };
  } catch (err) {
    await lease?.release();
    await sim.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

/** Moves between screens the way a person does: through the shell's navigation. */
export async function goTo(page: Page, screen: 'Flows' | 'Inspector' | 'Phone' | 'Bank'): Promise<void> {
  await page.getByRole('navigation', { name: 'Screens' }).locator('a, button').filter({ hasText: screen }).first().click();
  const shown = {
    Flows: '[data-testid="flows-screen"]',
    Inspector: 'main[data-screen="inspector"]',
    Phone: '[data-testid="phone-screen"]',
    Bank: '[data-testid="bank-screen"]',
  }[screen];
  await page.locator(shown).waitFor({ timeout: 10_000 });
}
