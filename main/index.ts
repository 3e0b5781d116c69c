// Electron main process: wires the simulator to one window and nothing more
// (docs/architecture.md#layers, hosts). Everything Electron-specific lives here and in hosts/electron/.
import type { WebContents } from 'electron';
import { app, BrowserWindow, dialog, ipcMain, session, shell } from 'electron';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { defaultDataDir } from './hosts/data-dir';
import { forwardEvents, registerWorkbenchIpc } from './hosts/electron/ipc';
import { limitHeapGrowth } from './hosts/heap-growth.mjs';
import { startOnPreferredPort } from './hosts/electron/start-simulator';
import { CONTENT_SECURITY_POLICY, isAppUrl, isExternalWebUrl, windowWebPreferences } from './hosts/electron/window-options';
import { sqliteBindingFor } from './hosts/native/sqlite-binding';
import type { RunningSimulator } from './simulator';
import { startSimulator } from './simulator';

limitHeapGrowth();

const devServerUrl = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL;
const rendererFile = join(import.meta.dirname, '../renderer/index.html');
const appEntryUrl = devServerUrl ?? pathToFileURL(rendererFile).href;

let simulator: RunningSimulator | undefined;
let mainWindow: BrowserWindow | undefined;

// Renderers get the OS sandbox even if some future window forgets to ask for it.
app.enableSandbox();

if (!app.requestSingleInstanceLock()) {
  // Another instance owns the data folder (SQLite) and the window: let it come forward.
  app.quit();
} else {
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  app.on('web-contents-created', (_event, contents) => guardContents(contents));
  app.whenReady().then(onReady).catch(fail);
}

async function onReady(): Promise<void> {
  hardenSession();
  simulator = await startOnPreferredPort(startSimulator, {
    port: 4646,
    host: '127.0.0.1',
    dataDir: defaultDataDir(app.getPath('appData')),
    mode: 'simulation',
    tls: false,
    sqliteBinding: sqliteBindingFor(app.getAppPath(), process.versions),
  });
  const running = simulator;
  registerWorkbenchIpc(ipcMain, {
    simulatorUrl: () => running.url,
    isTrustedSender: (url) => isAppUrl(url, appEntryUrl),
  });
  forwardEvents(running.events, () => mainWindow);
  createWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
}

function createWindow(): void {
  const win = new BrowserWindow({
    width: 1280,
    height: 800,
    show: false,
    title: 'PSD2 Workbench',
    webPreferences: windowWebPreferences(join(import.meta.dirname, '../preload/index.js')),
  });
  mainWindow = win;
  win.once('ready-to-show', () => win.show());
  win.on('closed', () => {
    if (mainWindow === win) mainWindow = undefined;
  });
  const loading = devServerUrl ? win.loadURL(devServerUrl) : win.loadFile(rendererFile);
  loading.catch(fail);
}

function hardenSession(): void {
  const ses = session.defaultSession;
  // Camera, notifications, clipboard...: the UI needs none; anything it needs goes through the workbench API.
  ses.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  // The Vite dev server injects an inline script for React refresh, which this policy would block.
  if (devServerUrl) return;
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    });
  });
}

function guardContents(contents: WebContents): void {
  contents.on('will-navigate', (event, url) => {
    if (isAppUrl(url, appEntryUrl)) return;
    event.preventDefault();
    openOutside(url);
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    openOutside(url);
    return { action: 'deny' };
  });
}

/** Links (for example an SCA page of the simulator) open in the system browser, never inside the app. */
function openOutside(url: string): void {
  if (isExternalWebUrl(url)) shell.openExternal(url).catch((err: unknown) => console.error(err));
}

// Close the simulator (HTTP server, SQLite) before Electron exits; will-quit runs once
// every window is gone, so nothing is still talking to it. An outside client holding a
// connection open must not keep the app from quitting, hence the bound.
const CLOSE_TIMEOUT_MS = 5_000;
let closing: Promise<void> | undefined;
app.on('will-quit', (event) => {
  if (!simulator) return;
  event.preventDefault();
  const running = simulator;
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, CLOSE_TIMEOUT_MS).unref());
  closing ??= Promise.race([running.close(), timeout])
    .catch((err: unknown) => console.error('PSD2 Workbench: closing the simulator failed:', err))
    .finally(() => {
      simulator = undefined;
      app.quit();
    });
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

function fail(err: unknown): void {
  const message = err instanceof Error ? err.message : String(err);
  dialog.showErrorBox('PSD2 Workbench could not start', message);
  app.exit(1);
}
