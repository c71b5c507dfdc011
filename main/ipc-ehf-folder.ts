import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppContext } from './context.js';
import type { IpcEventLike } from './ipc-handler.js';
import type { Envelope } from './ops/invoke.js';

/** The IPC channel of "open the EHF folder" (the preload's `api.openEhfFolder`). */
export const EHF_FOLDER_CHANNEL = 'folders:openEhf';

/** Opens a folder in the system's file manager (Electron: `shell.openPath`): '' when it opened, else the reason. */
export type OpenFolder = (path: string) => Promise<string>;

/** The folder the sender writes EHF files to (main/features/sending/deliver.ts): `<data folder>/outbox/ehf`. */
export const ehfFolderOf = (dataDir: string) => join(dataDir, 'outbox', 'ehf');

/**
 * The IPC side of "Åpne EHF-mappen", free of Electron: the folder is the data folder's own (the window names none), made
 * if no EHF was written yet, then opened. Calls from any frame but the app's own are refused.
 */
export function createEhfFolderHandler(ctx: Pick<AppContext, 'dataDir'>, isAppUrl: (url: string) => boolean, open: OpenFolder) {
  return async (event: IpcEventLike): Promise<Envelope> => {
    if (!isAppUrl(event.senderFrame?.url ?? '')) {
      return { ok: false, error: { status: 403, code: 'FORBIDDEN_SENDER', message: 'IPC is only served to the Kvitt window', fields: [] } };
    }
    if (!ctx.dataDir) {
      return { ok: false, error: { status: 409, code: 'EHF_NEEDS_DATA_FOLDER', message: 'This Kvitt has no data folder (an in-memory database): no EHF folder', fields: [] } };
    }
    const path = ehfFolderOf(ctx.dataDir);
    try {
      await mkdir(path, { recursive: true });
      const reason = await open(path);
      if (reason) return { ok: false, error: { status: 500, code: 'FOLDER_NOT_OPENED', message: `The folder ${path} could not be opened: ${reason}`, fields: [] } };
      return { ok: true, value: { path } };
    } catch (e) {
      return { ok: false, error: { status: 500, code: 'FOLDER_NOT_OPENED', message: `The folder ${path} could not be opened: ${(e as Error).message}`, fields: [] } };
    }
  };
}
