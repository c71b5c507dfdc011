import { Type, type TSchema } from '@sinclair/typebox';
import { CHECKED_IN_RUN } from './one-or-many.js';

/**
 * The body of an operation that takes a file as it is (a bank file): over HTTP the raw bytes with one of `contentTypes`
 * (the HTTP adapter accepts those types on this operation only, keeping every cross-site guard: main/http/guards.ts);
 * over IPC the bytes (Uint8Array); over the browser GUI's /_ops envelope, or as a JSON string, the bytes in base64.
 * `run` reads it with rawBytes (runOp does not check it against a schema).
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
