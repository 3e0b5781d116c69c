import { homedir } from 'node:os';
import { join } from 'node:path';

/** The per-user data folder of the headless and browser hosts; Electron uses app.getPath('userData') instead. */
export function defaultDataDir(): string {
  if (process.env.PSD2_WORKBENCH_DATA) return process.env.PSD2_WORKBENCH_DATA;
  if (process.platform === 'win32') {
    return join(process.env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'psd2-workbench');
  }
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'psd2-workbench');
  return join(process.env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'), 'psd2-workbench');
}
