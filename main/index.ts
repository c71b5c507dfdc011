/** The Electron entry: opens the database in the user-data folder, serves IPC and (if enabled) the loopback API. */
import { app, BrowserWindow, dialog, ipcMain, session } from 'electron';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openApp, type OpenedApp } from './app.js';
import { StartupError } from './startup.js';
import { getSettings } from './features/settings/index.js';
import { buildHttpServer } from './http/index.js';
import { registerIpc } from './ipc.js';
import { forwardPush } from './ipc-push.js';
import { buildMenu } from './menu.js';
import { allOps } from './op-table.js';
import { createMainWindow } from './window.js';
import { certificateMatches, connectionHandlers, readConnection } from './office-server/index.js';
import { takeOpenedBackup } from './features/backups/index.js';
import { checkForUpdatesNow, startAutomaticUpdates } from './updater.js';

let opened: OpenedApp | null = null;

async function startLoopbackApi(o: OpenedApp) {
  const settings = await getSettings(o.ctx);
  if (!settings.api.enabled) return null;
  let port = Number(process.env.KVITT_PORT ?? settings.api.port);
  const { app: http } = await buildHttpServer({ ctx: o.ctx, ops: allOps, apiKey: () => o.ctx.apiKeys!.get(), port: () => port });
  try {
    await http.listen({ host: '127.0.0.1', port });
  } catch (err) {
    console.error(`The loopback API could not listen on 127.0.0.1:${port}:`, err);
    return null;
  }
  return http;
}

// better-sqlite3 built for this Electron version by scripts/prepare-electron.mjs (npm start and npm run dist run it). In
// the installed app it lies beside the asar archive (electron-builder.yml asarUnpack): a native module is not loaded
// from inside one.
const electronBinding = join(__dirname.replace(/app\.asar(?=[\\/]|$)/, 'app.asar.unpacked'), '../native', `electron-${process.versions.electron}`, 'better_sqlite3.node');
if (existsSync(electronBinding)) process.env.KVITT_SQLITE_BINDING = electronBinding;

/** Settings → Data chose an office server: no local database; the window shows the server's GUI (certificate pinned). */
function startRemote(dataDir: string): boolean {
  const conn = readConnection(dataDir);
  if (conn.mode !== 'server' || process.env.KVITT_DB) return false;
  app.on('certificate-error', (event, _wc, url, _error, cert, callback) => {
    const ours = new URL(url).origin === conn.url && certificateMatches(conn.fingerprint, cert.fingerprint);
    if (ours) event.preventDefault();
    callback(ours);
  });
  session.defaultSession.setPermissionRequestHandler((_wc, _perm, cb) => cb(false));
  const { isAppUrl } = createMainWindow(conn);
  registerConnectionIpc(dataDir, isAppUrl);
  return true;
}

function registerConnectionIpc(dataDir: string, isAppUrl: (url: string) => boolean) {
  const h = connectionHandlers(dataDir, isAppUrl, () => {
    app.relaunch();
    app.exit(0);
  });
  ipcMain.handle('connection:get', (event) => h.get(event));
  ipcMain.handle('connection:set', (event, input: unknown) => h.set(event, input));
}

// One Kvitt at a time (the database file allows one): a second start hands its opened file to the first and ends.
// KVITT_DB (a chosen database file, development) runs without the lock.
const primary = process.env.KVITT_DB ? true : app.requestSingleInstanceLock();
if (!primary) app.quit();

/** A Kvitt backup (kvitt-….kvittbackup, or an older ….sqlite) opened from the file manager: argv on Windows and Linux, open-file on macOS. */
const BACKUP_FILE = /\.(kvittbackup|sqlite)$/i;
let openedFile: string | null = process.argv.slice(1).find((a) => BACKUP_FILE.test(a) && !a.startsWith('-')) ?? null;
let showOpenedFile: ((path: string) => void) | null = null;
app.on('open-file', (event, path) => {
  event.preventDefault();
  if (showOpenedFile) showOpenedFile(path);
  else openedFile = path;
});
app.on('second-instance', (_event, argv) => {
  const file = argv.slice(1).find((a) => BACKUP_FILE.test(a) && !a.startsWith('-'));
  if (file && showOpenedFile) showOpenedFile(file);
  const win = BrowserWindow.getAllWindows()[0];
  if (win) {
    if (win.isMinimized()) win.restore();
    win.focus();
  }
});

/** Copies the opened backup into the backups folder and shows it in Settings → Sikkerhetskopier, ready to inspect. */
function backupOpener(o: OpenedApp, win: BrowserWindow) {
  return (path: string) => {
    let name: string;
    try {
      name = takeOpenedBackup(o.ctx, path);
    } catch (err) {
      dialog.showErrorBox('Kvitt kan ikke åpne filen', `${path} kan ikke brukes som sikkerhetskopi: ${(err as Error).message}`);
      return;
    }
    const go = () => void win.webContents.executeJavaScript(`location.hash = ${JSON.stringify(`#/settings/backups?open=${encodeURIComponent(name)}`)}`);
    if (win.webContents.isLoading()) win.webContents.once('did-finish-load', go);
    else go();
  };
}

app.whenReady().then(async () => {
  if (!primary) return;
  if (startRemote(app.getPath('userData'))) return;
  const dbFile = process.env.KVITT_DB ?? join(app.getPath('userData'), 'kvitt.sqlite');
  try {
    opened = await openApp({ dbFile, sender: true, dailyBackups: true, dailyDunnings: true, recurringRuns: true });
  } catch (err) {
    // Start-up checks (folder not writable, the file held by another Kvitt, a damaged database): say so, exit non-zero.
    dialog.showErrorBox('Kvitt kan ikke starte', err instanceof StartupError ? err.message : String(err));
    app.exit(1);
    return;
  }
  session.defaultSession.setPermissionRequestHandler((_wc, _perm, cb) => cb(false));
  const { win, isAppUrl } = createMainWindow();
  registerIpc(opened.ctx, isAppUrl);
  forwardPush(opened.ctx.push, win); // shipment status and job progress, live in the window (api.onEvent)
  registerConnectionIpc(app.getPath('userData'), isAppUrl);
  buildMenu(win, { checkForUpdates: () => void checkForUpdatesNow(win) });
  const stopUpdates = startAutomaticUpdates(opened.ctx, win); // asks the feed only if Settings → Data says so
  showOpenedFile = backupOpener(opened, win);
  if (openedFile) showOpenedFile(openedFile);
  const http = await startLoopbackApi(opened);
  app.on('before-quit', () => {
    stopUpdates();
    void http?.close();
  });
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createMainWindow();
  });
});

app.on('window-all-closed', () => {
  void opened?.close();
  if (process.platform !== 'darwin') app.quit();
});
