import { ipcMain } from 'electron';
import type { AppContext } from './context.js';
import { createIpcHandler } from './ipc-handler.js';
import { opTable } from './op-table.js';

export const OPS_CHANNEL = 'ops:call';

export function registerIpc(ctx: AppContext, isAppUrl: (url: string) => boolean): void {
  const handler = createIpcHandler(opTable, ctx, isAppUrl);
  ipcMain.handle(OPS_CHANNEL, (event, name: unknown, input: unknown) => handler(event, name, input));
}
