import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { Type, type TSchema } from '@sinclair/typebox';
import { OpError } from './errors.js';
import { CHECKED_IN_RUN } from './one-or-many.js';

/**
 * The body of an operation that takes a file as it is (a bank file): over HTTP the raw bytes with one of `contentTypes`
 * (the HTTP adapter accepts those types on this operation only, keeping every cross-site guard: main/http/guards.ts);
 * over IPC the bytes (Uint8Array); over the browser GUI's /_ops envelope, or as a JSON string, the bytes in base64.
 * Over HTTP the body arrives as an UploadedFile (streamed to a temporary file: main/http/upload.ts), else as bytes;
 * `run` reads either with rawSource (runOp does not check it against a schema).
 */
export function RawFileBody(contentTypes: readonly string[], o: { maxBytes: number; description: string }) {
  const schema = Type.Unsafe<Buffer | Uint8Array | string>({ type: 'string', format: 'binary', description: o.description });
  return Object.assign(schema, { [CHECKED_IN_RUN]: true, [RAW_BODY]: { contentTypes, maxBytes: o.maxBytes } });
}

const RAW_BODY = Symbol.for('kvitt.rawBody');

export interface RawBodySpec {
  contentTypes: readonly string[];
  maxBytes: number;
}

/** The raw body an operation's body schema accepts (RawFileBody), if any. */
export const rawBodyOf = (schema: TSchema | undefined): RawBodySpec | undefined => (schema ? (schema as { [RAW_BODY]?: RawBodySpec })[RAW_BODY] : undefined);

/** Every content type some operation takes as a raw body, for the HTTP adapter's parsers. */
export const RAW_BODY_TYPES = ['application/octet-stream', 'text/plain', 'application/xml', 'text/xml'] as const;

/** The bytes of a raw body as a transport delivered them; null when it is no file (a JSON object, a number, bad base64). */
export function rawBytes(body: unknown): Buffer | null {
  if (Buffer.isBuffer(body)) return body;
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (typeof body === 'string') {
    const s = body.replace(/\s/g, '');
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(s) || s.length % 4 === 1) return null;
    return Buffer.from(s, 'base64');
  }
  return null;
}

/** A raw body the HTTP adapter streamed to a temporary file (main/http/upload.ts), which removes it after the answer. */
export class UploadedFile {
  constructor(
    readonly path: string,
    readonly size: number,
  ) {}
}

/** A file body read by position in pieces, synchronously: bytes in memory or a temporary file. close() when done. */
export interface ByteSource {
  readonly size: number;
  /** Up to `length` bytes from `position` (fewer at the end). */
  read(position: number, length: number): Buffer;
  close(): void;
}

export const bytesSource = (data: Buffer): ByteSource => ({
  size: data.length,
  read: (position, length) => data.subarray(position, Math.min(position + length, data.length)),
  close() {},
});

export function fileSource(path: string): ByteSource {
  const fd = openSync(path, 'r');
  const size = fstatSync(fd).size;
  return {
    size,
    read(position, length) {
      const want = Math.max(0, Math.min(length, size - position));
      const buf = Buffer.allocUnsafe(want);
      let got = 0;
      while (got < want) {
        const n = readSync(fd, buf, got, want - got, position + got);
        if (n === 0) break;
        got += n;
      }
      return got < want ? buf.subarray(0, got) : buf;
    },
    close: () => closeSync(fd),
  };
}

/** The body as a ByteSource: the temporary file of an HTTP upload, or the bytes another transport gave; null when no file. */
export function rawSource(body: unknown): ByteSource | null {
  if (body instanceof UploadedFile) return fileSource(body.path);
  const data = rawBytes(body);
  return data ? bytesSource(data) : null;
}

/** 413 FILE_TOO_LARGE naming the limit in MB (every transport: HTTP's streamed upload, IPC, /_ops). */
export function fileTooLarge(maxBytes: number): OpError {
  const mb = Math.floor(maxBytes / (1024 * 1024));
  return new OpError('FILE_TOO_LARGE', `The file is larger than ${mb} MB, the most this operation takes`, [], { maxMb: mb });
}

/**
 * The size of a raw body as a transport delivered it, without reading or decoding it: an HTTP upload's file size, the
 * bytes over IPC, the decoded length of base64 text over /_ops; null when it is no file.
 * runOp refuses a body over its operation's `maxBytes` with it (413 FILE_TOO_LARGE), so the limit is one on every transport.
 */
export function rawBodySize(body: unknown): number | null {
  if (body instanceof UploadedFile) return body.size;
  if (body instanceof Uint8Array) return body.byteLength;
  // (whitespace, which rawBytes skips, counts: a bound never under the decoded size)
  if (typeof body === 'string') return Math.floor((body.length * 3) / 4) - (body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0);
  return null;
}
