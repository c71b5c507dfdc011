import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AppContext } from './context.js';
import type { IpcEventLike } from './ipc-handler.js';
import { FileResult, type Op } from './ops/define.js';
import { OpError } from './ops/errors.js';
import { runOp, type Envelope } from './ops/invoke.js';

/** The IPC channel of "save this operation's file to disk" (the preload's `api.save`). */
export const SAVE_CHANNEL = 'ops:save';

/** Asks where to save (Electron: the save dialog); null when the person cancels. */
export type ChoosePath = (event: IpcEventLike, suggestedName: string, contentType: string) => Promise<string | null>;

export interface Saved {
  /** The chosen path, or null when the person cancelled (nothing was written). */
  saved: string | null;
  filename?: string;
  bytes?: number;
}

/**
 * Writes a file result to `path` chunk by chunk: a streamed result (large reports) is never held in memory whole.
 * It goes to `<path>.part` first and is renamed when complete, so a failure leaves no half file under the chosen name.
 */
export async function writeFileResult(result: FileResult, path: string): Promise<number> {
  const part = `${path}.part`;
  let bytes = 0;
  const source: AsyncIterable<Buffer> | Buffer[] = result.stream ? result.stream() : [result.data];
  async function* counted() {
    for await (const chunk of source) {
      bytes += chunk.length;
      yield chunk;
    }
  }
  try {
    await pipeline(Readable.from(counted()), createWriteStream(part));
    await rename(part, path);
  } catch (err) {
    await rm(part, { force: true });
    throw err;
  }
  return bytes;
}

/**
 * The IPC transport of a download, free of Electron: runs the operation (same validation as every call), asks where
 * to save its file, and writes it there. Calls from any frame but the app's own are refused.
 */
export function createIpcSaveHandler(table: ReadonlyMap<string, Op>, ctx: AppContext, isAppUrl: (url: string) => boolean, choosePath: ChoosePath) {
  return async (event: IpcEventLike, name: unknown, input: unknown): Promise<Envelope> => {
    if (!isAppUrl(event.senderFrame?.url ?? '')) {
      return { ok: false, error: { status: 403, code: 'FORBIDDEN_SENDER', message: 'IPC is only served to the Kvitt window', fields: [] } };
    }
    try {
      const op = typeof name === 'string' ? table.get(name) : undefined;
      if (!op) throw new OpError('UNKNOWN_OPERATION', `No operation named ${String(name)}`);
      const result = await runOp(op, (input ?? {}) as Parameters<typeof runOp>[1], ctx);
      if (!(result instanceof FileResult)) throw new OpError('NOT_A_FILE', `${op.name} does not answer a file`, [], { name: op.name });
      const path = await choosePath(event, result.filename, result.contentType);
      if (!path) return { ok: true, value: { saved: null } satisfies Saved };
      const bytes = await writeFileResult(result, path);
      return { ok: true, value: { saved: path, filename: result.filename, bytes } satisfies Saved };
    } catch (err) {
      if (err instanceof OpError) return { ok: false, error: { status: err.status, code: err.code, message: err.message, fields: err.fields } };
      console.error(`saving the file of ${String(name)} failed`, err);
      return { ok: false, error: { status: 500, code: 'INTERNAL', message: `The file could not be saved: ${(err as Error).message}`, fields: [] } };
    }
  };
}
