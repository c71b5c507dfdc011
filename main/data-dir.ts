import { homedir } from 'node:os';
import { join } from 'node:path';

/** The same folder Electron's app.getPath('userData') gives for the app name "Kvitt". */
export function defaultDataDir(): string {
  if (process.env.KVITT_DATA_DIR) return process.env.KVITT_DATA_DIR;
  const home = homedir();
  if (process.platform === 'win32') return join(process.env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Kvitt');
  if (process.platform === 'darwin') return join(home, 'Library', 'Application Support', 'Kvitt');
  return join(process.env.XDG_CONFIG_HOME ?? join(home, '.config'), 'Kvitt');
}

export const defaultDbFile = () => join(defaultDataDir(), 'kvitt.sqlite');
