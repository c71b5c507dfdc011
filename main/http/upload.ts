/**
 * A file body (a bank file: main/ops/raw-body.ts) goes to a temporary file as it arrives, never into memory: the
 * operation gets an UploadedFile and reads it in pieces. The limit is kept while the body streams (a Content-Length over
 * it is refused before anything is read): 413 FILE_TOO_LARGE naming the limit in MB. The temporary file is removed when
 * the answer has been sent or the connection ends (success, refusal, abort), and what a crashed process left is
 * removed when the next server starts (sweepUploads). The folder: `<data folder>/tmp`, or the system's temp folder for
 * an in-memory database.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OpError } from '../ops/errors.js';
import { fileTooLarge, UploadedFile } from '../ops/raw-body.js';

export const uploadDir = (dataDir: string | null) => (dataDir ? join(dataDir, 'tmp') : join(tmpdir(), 'kvitt-uploads'));

const PREFIX = 'upload-';
const DAY_MS = 24 * 3600 * 1000;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Removes the temporary uploads no running process is writing: those of a process that has ended (a crash, a kill:
 * the name holds the writer's process id) and any older than a day. Answers how many were removed.
 */
export function sweepUploads(dir: string): number {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const m = /^upload-(\d+)-/.exec(name);
    if (!m) continue;
    const pid = Number(m[1]);
    const file = join(dir, name);
    let old = false;
    try {
      old = Date.now() - statSync(file).mtimeMs > DAY_MS;
    } catch {
      continue;
    }
    if (pid !== process.pid && alive(pid) && !old) continue;
    if (pid === process.pid && !old) continue;
    rmSync(file, { force: true });
    removed++;
  }
  return removed;
}

const routeUpload = (req: FastifyRequest) => (req.routeOptions.config as { rawBody?: readonly string[]; rawBodyMax?: number } | undefined) ?? {};

/** Streams `payload` into a new file of `dir`, at most `max` bytes; the file is removed again on any failure. */
async function receive(payload: Readable, dir: string, max: number): Promise<UploadedFile> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, `${PREFIX}${process.pid}-${randomBytes(8).toString('hex')}`);
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      size += chunk.length;
      cb(size > max ? fileTooLarge(max) : null, chunk);
    },
  });
  try {
    await pipeline(payload, counter, createWriteStream(path, { mode: 0o600 }));
  } catch (e) {
    rmSync(path, { force: true });
    if (e instanceof OpError) throw e;
    throw new OpError('VALIDATION_ERROR', 'The file did not arrive whole (the upload was broken off)');
  }
  return new UploadedFile(path, size);
}

/**
 * The parsers of the file body types: on a route that takes them (its config `rawBody`, `rawBodyMax`) the body is
 * streamed to a temporary file; anywhere else 415. The file goes when the response is done, or the connection closed.
 */
export function registerUploadParsers(app: FastifyInstance, types: readonly string[], dataDir: string | null): void {
  const dir = uploadDir(dataDir);
  const uploads = new WeakMap<FastifyRequest, { file: UploadedFile; discard: () => void }>();
  sweepUploads(dir);
  for (const type of types) {
    app.addContentTypeParser(type, (req, payload, done) => {
      const { rawBody, rawBodyMax } = routeUpload(req);
      if (!rawBody?.includes(type) || !rawBodyMax) return done(new OpError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json'), undefined);
      const declared = Number(req.headers['content-length']);
      if (declared > rawBodyMax) return done(fileTooLarge(rawBodyMax), undefined);
      receive(payload, dir, rawBodyMax).then(
        (file) => {
          // Removed once the answer is sent (onResponse) or the connection is gone, whichever comes first.
          const discard = () => rmSync(file.path, { force: true });
          req.raw.socket?.once('close', discard);
          uploads.set(req, { file, discard });
          done(null, file);
        },
        (e) => done(e as Error, undefined),
      );
    });
  }
  app.addHook('onResponse', (req, _reply, next) => {
    const upload = uploads.get(req);
    if (upload) {
      upload.discard();
      req.raw.socket?.off('close', upload.discard);
    }
    next();
  });
}
