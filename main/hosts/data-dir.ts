import { homedir } from 'node:os';
import { join } from 'node:path';

/** Electron names its userData folder after package.json's name; every host uses that same folder. */
const APP_FOLDER = 'psd2-workbench';

/**
 * The per-user data folder of every host: the desktop app, the browser mode and the headless
 * simulator share one state, so `npm start` falling back to the browser shows the same bank.
 * `appData` is Electron's app.getPath('appData') in the desktop app; the CLI hosts compute the
 * same folder Electron would.
 */
export function defaultDataDir(appData = platformAppData()): string {
  return process.env.PSD2_WORKBENCH_DATA || join(appData, APP_FOLDER);
}

function platformAppData(): string {
  if (process.platform === 'win32') return process.env.APPDATA ?? join(homedir(), 'AppData', 'Roaming');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support');
  return process.env.XDG_CONFIG_HOME || join(homedir(), '.config');
}
