import type { AppContext } from './context.js';
import type { Op } from './ops/define.js';
import { callEnvelope, type Envelope } from './ops/invoke.js';

/** What the IPC adapter needs of an Electron IpcMainInvokeEvent (so it can be tested with a fake sender). */
export interface IpcEventLike {
  senderFrame: { url: string } | null;
}

/**
 * The IPC transport, free of Electron: one channel, every operation, the same validation as HTTP.
 * Calls from any frame but the app's own are refused.
 */
export function createIpcHandler(table: ReadonlyMap<string, Op>, ctx: AppContext, isAppUrl: (url: string) => boolean) {
  return async (event: IpcEventLike, name: unknown, input: unknown): Promise<Envelope> => {
    const url = event.senderFrame?.url ?? '';
    if (!isAppUrl(url)) {
      return { ok: false, error: { status: 403, code: 'FORBIDDEN_SENDER', message: 'IPC is only served to the Kvitt window', fields: [] } };
    }
    return callEnvelope(table, name, input, ctx);
  };
}
