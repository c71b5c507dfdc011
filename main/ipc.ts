import { app, BrowserWindow, dialog, ipcMain, shell, type IpcMainInvokeEvent } from 'electron';
import { join } from 'node:path';
import type { AppContext } from './context.js';
import { createEhfFolderHandler, EHF_FOLDER_CHANNEL } from './ipc-ehf-folder.js';
import { createIpcSaveHandler, SAVE_CHANNEL } from './ipc-files.js';
import { createIpcHandler } from './ipc-handler.js';
import { opTable } from './op-table.js';

export const OPS_CHANNEL = 'ops:call';

export function registerIpc(ctx: AppContext, isAppUrl: (url: string) => boolean): void {
  const handler = createIpcHandler(opTable, ctx, isAppUrl);
  ipcMain.handle(OPS_CHANNEL, (event, name: unknown, input: unknown) => handler(event, name, input));
  // A download saved where the person chooses, written chunk by chunk (main/ipc-files.ts).
  const save = createIpcSaveHandler(opTable, ctx, isAppUrl, async (event, suggestedName) => {
    const win = BrowserWindow.fromWebContents((event as IpcMainInvokeEvent).sender);
    const options = { defaultPath: join(app.getPath('downloads'), suggestedName) };
    const r = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options);
    return r.canceled || !r.filePath ? null : r.filePath;
  });
  ipcMain.handle(SAVE_CHANNEL, (event, name: unknown, input: unknown) => save(event, name, input));
  // Utboks → "Åpne EHF-mappen": the data folder's outbox/ehf in the file manager (main/ipc-ehf-folder.ts).
  const openEhfFolder = createEhfFolderHandler(ctx, isAppUrl, (path) => shell.openPath(path));
  ipcMain.handle(EHF_FOLDER_CHANNEL, (event) => openEhfFolder(event));
}
