/**
 * Result mapping: what an operation returns (main/ops/define.ts: Created, NoContent, FileResult, Paged, Streamed, plain
 * data) and what it throws (OpError, fastify's own 4xx errors) become HTTP answers. Error bodies have one shape.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OutgoingHttpHeaders } from 'node:http';
import { CHUNK_RELEASE, Created, FileResult, NoContent, Paged, Streamed, type ReleasableChunk } from '../ops/define.js';
import { OpError } from '../ops/errors.js';
import { jsonTextOf } from '../ops/json-text.js';
import { OP_CODES, type OpCode } from '../ops/op-codes.js';

/** http or https, as the client reached us. */
export const schemeOf = (req: FastifyRequest) => (req.protocol === 'https' ? 'https' : 'http');

/** An error answer for a catalogue code (main/ops/op-codes.ts), with the catalogue's status for it. */
export function errorReply(reply: FastifyReply, code: OpCode, message: string, fields: unknown[] = [], params?: Record<string, string | number>) {
  return bodyReply(reply, OP_CODES[code], code, message, fields, params);
}

function bodyReply(reply: FastifyReply, status: number, code: string, message: string, fields: unknown[] = [], params?: Record<string, string | number>) {
  // `error` is the code's old name, kept for clients written before `code` (same value).
  return reply.code(status).type('application/json').send({ error: code, code, message, ...(params ? { params } : {}), fields });
}

/**
 * fastify's own 4xx errors (a body too large, a bad content type …) in our body: the status fastify gave and its code
 * without the `FST_ERR_` prefix (422 becomes 400), since those codes are fastify's and not Kvitt's catalogue.
 */
export function frameworkErrorReply(reply: FastifyReply, status: number, code: string, message: string) {
  return bodyReply(reply, status === 422 ? 400 : status, code.replace(/^FST_ERR_/, ''), message);
}

function linkHeader(req: FastifyRequest, page: Paged): string {
  const url = new URL(req.url, 'http://x');
  const last = Math.max(1, Math.ceil(page.total / page.perPage));
  const at = (n: number) => {
    url.searchParams.set('page', String(n));
    url.searchParams.set('perPage', String(page.perPage));
    return `<${url.pathname}${url.search}>`;
  };
  const links = [`${at(1)}; rel="first"`];
  if (page.page > 1) links.push(`${at(Math.min(page.page - 1, last))}; rel="prev"`);
  if (page.page < last) links.push(`${at(page.page + 1)}; rel="next"`);
  links.push(`${at(last)}; rel="last"`);
  return links.join(', ');
}

/** Bytes of each of the two buffers an unpaged list is written through. */
const STREAM_BUFFER = 64 * 1024;

/**
 * An unpaged list as one JSON array, written straight to the response through two 64 kB buffers used in turn: items
 * are serialized one at a time into the free buffer, a full buffer is handed to the socket, and it is filled again
 * only when the socket has taken it (the write's callback), so a slow client holds the server back (backpressure) and
 * the only garbage per item is its own short JSON text. The bytes in flight stay within 128 kB whatever the list's
 * size; what used to grow with it were the joined strings of many items (large objects that only a full GC frees).
 * The first item has been read before (sendResult), so a list that fails at once still gets a proper error answer; a
 * failure later cuts the connection (the status is sent by then).
 */
async function writeJsonArray(reply: FastifyReply, first: IteratorResult<unknown>, items: AsyncIterator<unknown>): Promise<void> {
  reply.hijack();
  const res = reply.raw;
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value;
  res.writeHead(200, { ...headers, 'content-type': 'application/json; charset=utf-8' });
  const buffers = [Buffer.allocUnsafe(STREAM_BUFFER), Buffer.allocUnsafe(STREAM_BUFFER)];
  const inFlight: Array<Promise<void> | null> = [null, null];
  let current = 0;
  let pos = 0;
  let gone = false;
  const closed = new Promise<void>((resolve) => res.once('close', () => ((gone = true), resolve())));
  const send = (data: Buffer | string) =>
    Promise.race([new Promise<void>((resolve) => res.write(data, (err) => (err ? ((gone = true), resolve()) : resolve()))), closed]);
  const flush = async () => {
    if (pos === 0) return;
    inFlight[current] = send(buffers[current].subarray(0, pos));
    current ^= 1;
    pos = 0;
    if (inFlight[current]) await inFlight[current]; // the other buffer is free again once the socket has taken it
    inFlight[current] = null;
  };
  const put = async (text: string) => {
    // A UTF-16 unit is at most 3 bytes in UTF-8: only a text that may not fit is measured.
    if (text.length * 3 > STREAM_BUFFER - pos && Buffer.byteLength(text) > STREAM_BUFFER - pos) {
      await flush();
      if (Buffer.byteLength(text) > STREAM_BUFFER) return send(text); // one item larger than a buffer goes as it is
    }
    pos += buffers[current].write(text, pos);
  };
  try {
    await put('[');
    let n = 0;
    for (let item = first; !item.done && !gone; item = await items.next()) {
      if (n++) await put(',');
      await put(JSON.stringify(item.value));
    }
    await put(']');
    await flush();
    await Promise.all(inFlight);
    if (!gone) res.end();
  } catch (err) {
    console.error('streaming a list failed', reply.request.method, reply.request.url, err);
    res.destroy(err as Error);
  } finally {
    if (gone) await items.return?.();
  }
}

/**
 * A file made while it is sent (FileResult.stream: the reports, SAF-T): each chunk goes to the socket as it comes, at
 * most two in flight, the next asked for only when the socket has taken the one before (a slow client holds the
 * producer back, down to the worker: pool.ts CREDIT). A chunk the socket has taken is released (CHUNK_RELEASE: a
 * worker's chunk goes back to it and carries a later part of the file), so a file of any size leaves no garbage behind
 * in this thread. The status is sent first; a failure later cuts the connection, and a client that leaves stops the
 * producer (its iterator is returned).
 */
async function writeFileStream(reply: FastifyReply, stream: AsyncIterable<Buffer>): Promise<void> {
  reply.hijack();
  const res = reply.raw;
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value;
  res.writeHead(reply.statusCode, headers);
  const parts = stream[Symbol.asyncIterator]();
  let gone = false;
  const closed = new Promise<void>((resolve) => res.once('close', () => ((gone = true), resolve())));
  const send = (chunk: ReleasableChunk) =>
    Promise.race([
      new Promise<void>((resolve) =>
        res.write(chunk, (err) => {
          if (err) gone = true;
          else chunk[CHUNK_RELEASE]?.();
          resolve();
        }),
      ),
      closed,
    ]);
  const inFlight: Promise<void>[] = [];
  try {
    for (let part = await parts.next(); !part.done && !gone; part = await parts.next()) {
      inFlight.push(send(part.value));
      if (inFlight.length >= 2) await inFlight.shift();
    }
    await Promise.all(inFlight);
    if (!gone) res.end();
  } catch (err) {
    if (!gone && !(err instanceof OpError)) console.error('streaming a file failed', reply.request.method, reply.request.url, err);
    res.destroy(err as Error);
  } finally {
    if (gone) await parts.return?.(undefined);
  }
}

function safeFilename(name: string): string {
  return name.replace(/[^\w.\-]+/g, '_').slice(0, 120) || 'file';
}

/** The plain-ASCII name, and the exact one (RFC 6266 filename*) when it differs (the SAF-T file's name has a space). */
function contentDisposition(inline: boolean, name: string): string {
  const safe = safeFilename(name);
  const exact = safe === name ? '' : `; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
  return `${inline ? 'inline' : 'attachment'}; filename="${safe}"${exact}`;
}

export async function sendResult(req: FastifyRequest, reply: FastifyReply, result: unknown) {
  if (result instanceof Created) {
    const base = `${schemeOf(req)}://${req.headers.host}`;
    if (result.location) reply.header('Location', base + result.location);
    return reply.code(201).send(result.links ? result.links.map((l) => base + l) : (result.body ?? {}));
  }
  if (result instanceof NoContent) return reply.code(204).send();
  if (result instanceof FileResult) {
    reply.code(result.status).type(result.contentType).header('Content-Disposition', contentDisposition(result.inline, result.filename));
    return result.stream ? writeFileStream(reply, result.stream()) : reply.send(result.data);
  }
  if (result instanceof Paged) {
    reply.header('Link', linkHeader(req, result));
    reply.header('X-Total-Count', String(result.total));
    return reply.code(200).send(result.items);
  }
  if (result instanceof Streamed) {
    // The first item is read before the status is sent: a list whose query fails (the usual way a stream fails) gets a
    // proper error answer instead of a connection cut after "200".
    const items = result.items()[Symbol.asyncIterator]();
    const first = await items.next();
    return writeJsonArray(reply, first, items);
  }
  // A kept answer's JSON text, made once (main/ops/json-text.ts): the same bytes fastify would serialize.
  const text = jsonTextOf(result);
  if (text !== undefined) return reply.code(200).type('application/json; charset=utf-8').send(text);
  return reply.code(200).send(result ?? {});
}

/** The server's error handler: OpErrors keep their status, code and fields; fastify's 4xx get our body; the rest is a 500. */
export async function sendError(err: Error, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof OpError) return errorReply(reply, err.code, err.message, err.fields, err.params);
  const status = (err as { statusCode?: number }).statusCode;
  if (status && status >= 400 && status < 500) {
    const code = (err as { code?: string }).code ?? 'BAD_REQUEST';
    const message =
      code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? 'The body is too large'
        : code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'Send the body as application/json'
          : err.message;
    return frameworkErrorReply(reply, status, code, message);
  }
  req.log.error(err);
  console.error('unexpected error', req.method, req.url, err);
  return errorReply(reply, 'INTERNAL', 'Internal error; see the log');
}
