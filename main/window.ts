import { BrowserWindow, shell } from 'electron';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { appUrlCheck } from './app-url.js';
import { remoteStartUrl, remoteUrlCheck, type Connection } from './office-server/index.js';

/**
 * The one Kvitt window: sandboxed, isolated, no Node, no navigation away, no new windows. With `remote` (Settings → Data:
 * office server) it shows the server's GUI over HTTPS instead, and the preload gives it no local operations.
 */
export function createMainWindow(remote?: Extract<Connection, { mode: 'server' }>): { win: BrowserWindow; isAppUrl: (url: string) => boolean } {
  const devUrl = process.env.ELECTRON_RENDERER_URL;
  const indexFile = join(__dirname, '../renderer/index.html');
  const isAppUrl = remote ? remoteUrlCheck(remote) : appUrlCheck(devUrl, pathToFileURL(join(__dirname, '../renderer')).href);

  const win = new BrowserWindow({
    width: 1360,
    height: 880,
    minWidth: 960,
    minHeight: 600,
    title: 'Kvitt',
    show: false,
    webPreferences: {
      preload: join(__dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: true,
      additionalArguments: remote ? ['--kvitt-remote'] : [],
    },
  });
  win.once('ready-to-show', () => win.show());
  win.webContents.on('will-navigate', (e, url) => {
    if (!isAppUrl(url)) e.preventDefault();
  });
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (/^https?:\/\//.test(url) || url.startsWith('mailto:')) void shell.openExternal(url);
    return { action: 'deny' };
  });
  if (remote) void win.loadURL(remoteStartUrl(remote));
  else if (devUrl) void win.loadURL(devUrl);
  else void win.loadFile(indexFile);
  return { win, isAppUrl };
}
