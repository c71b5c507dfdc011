import type { AppContext } from '../context.js';
import { Created, FileResult, NoContent, Paged, Streamed, type Op, type OpInput } from './define.js';
import { fieldError, OpError, validationError, type FieldError } from './errors.js';
import { assertDepth } from './bounds.js';
import { checkSchema } from './validate.js';
import { periodErrors } from './period.js';
import { checkedInRun } from './one-or-many.js';
import { isAcceptedForm } from './form-body.js';
import { fileTooLarge, rawBodyOf, rawBodySize } from './raw-body.js';
import { storageErrorKind } from '../../db/dialect.js';

/** Validates the three parts of an input with the operation's schemas (all errors at once), then runs it. */
export async function runOp(op: Op, input: Partial<OpInput>, ctx: AppContext): Promise<unknown> {
  const params = { ...(input.params ?? {}) };
  const query = { ...(input.query ?? {}) };
  const body = input.body;
  const fields: FieldError[] = [];
  if (op.params) fields.push(...checkSchema(op.params, params, { coerce: true }));
  if (op.query) fields.push(...checkSchema(op.query, query, { coerce: true }));
  if (op.query && !fields.length) fields.push(...periodErrors(query, op.maxPeriodYears));
  if (op.body) {
    if (!checkedInRun(op.body) && !isAcceptedForm(op.body, body)) fields.push(...checkSchema(op.body, body));
    // A file body is measured before anything reads it, whichever transport brought it (HTTP stops its upload at the
    // same limit already, main/http/upload.ts; IPC and /_ops bring the bytes in memory).
    const raw = rawBodyOf(op.body);
    if (raw && (rawBodySize(body) ?? 0) > raw.maxBytes) throw fileTooLarge(raw.maxBytes);
  }
  else if (!isEmptyBody(body)) fields.push(fieldError('(body)', 'BODY_NOT_ALLOWED'));
  if (fields.length) throw validationError(fields);
  try {
    // A read (GET) runs on the read-only connection when there is one (SQLite file, WAL): it answers from the last
    // commit at once instead of waiting behind a write transaction in progress (a large bank import holds the writer's
    // one connection for its whole file). A GET that writes says so (`writes`: events.captcha stores its challenge) and
    // runs on the writer; one that writes unannounced is refused by the read-only connection before it has written
    // anything, and runs on the writer then.
    if (op.method === 'GET' && !op.writes && ctx.readDb && !ctx.db.isTransaction) {
      try {
        return await op.run({ params, query, body }, { ...ctx, db: ctx.readDb });
      } catch (err) {
        if (storageErrorKind(err) !== 'read-only') throw err;
        warnOnce(op.name);
      }
    }
    // Not retried here: an operation may have committed some of its transactions already, and running it again would
    // apply those twice. The one retry is inTx's, around the one transaction PostgreSQL aborted (main/ops/transaction.ts).
    return await op.run({ params, query, body }, ctx);
  } catch (err) {
    throw mapStorageError(err);
  }
}

const warned = new Set<string>();
/** A GET that wrote without `writes: true` on its definition: said once, so it can be marked. */
function warnOnce(name: string) {
  if (warned.has(name)) return;
  warned.add(name);
  console.warn(`operation ${name} (GET) writes: mark it writes: true in its defineOp`);
}

/** No body, `null` or `{}`: what clients send to operations that take none. */
const isEmptyBody = (body: unknown) =>
  body === undefined || body === null || (typeof body === 'object' && !Array.isArray(body) && Object.keys(body as object).length === 0);

/** Safety net: constraint failures the services did not anticipate become conflicts, not 500s. */
export function mapStorageError(err: unknown): unknown {
  if (err instanceof OpError) return err;
  // SQLite's and PostgreSQL's error codes, one vocabulary (db/dialect.ts).
  const kind = storageErrorKind(err);
  if (kind === 'immutable') return new OpError('IMMUTABLE', (err as Error).message);
  if (kind === 'unique' || kind === 'foreign-key' || kind === 'constraint') return new OpError('CONFLICT', (err as Error).message);
  if (kind === 'busy' || kind === 'retry') return new OpError('BUSY', 'The database is busy; try again');
  return err;
}

export type Envelope =
  | { ok: true; value: unknown }
  | { ok: false; error: { status: number; code: string; message: string; params?: Record<string, string | number>; fields: FieldError[] } };

/** The IPC-style answer: results become plain data, errors keep their fields. */
export async function callEnvelope(
  table: ReadonlyMap<string, Op>,
  name: unknown,
  input: unknown,
  ctx: AppContext,
  encodeFile: (data: Buffer) => unknown = (d) => new Uint8Array(d),
): Promise<Envelope> {
  try {
    const op = typeof name === 'string' ? table.get(name) : undefined;
    if (!op) throw new OpError('UNKNOWN_OPERATION', `No operation named ${String(name)}`, [], { name: String(name) });
    assertDepth(input);
    const result = await runOp(op, (input ?? {}) as Partial<OpInput>, ctx);
    return { ok: true, value: await toPlain(result, encodeFile) };
  } catch (err) {
    if (err instanceof OpError) {
      return { ok: false, error: { status: err.status, code: err.code, message: err.message, ...(err.params ? { params: err.params } : {}), fields: err.fields } };
    }
    console.error(`operation ${String(name)} failed`, err);
    return { ok: false, error: { status: 500, code: 'INTERNAL', message: 'Internal error; see the log', fields: [] } };
  }
}

async function toPlain(result: unknown, encodeFile: (data: Buffer) => unknown): Promise<unknown> {
  if (result instanceof Created) return { created: result.location, body: result.links ?? result.body ?? null };
  if (result instanceof NoContent) return null;
  if (result instanceof FileResult) {
    let data = result.data;
    if (result.stream) {
      const parts: Buffer[] = [];
      for await (const part of result.stream()) parts.push(part);
      data = Buffer.concat(parts);
    }
    return { file: { contentType: result.contentType, filename: result.filename, data: encodeFile(data) } };
  }
  if (result instanceof Paged) return { items: result.items, total: result.total, page: result.page, perPage: result.perPage };
  if (result instanceof Streamed) {
    const all: unknown[] = [];
    for await (const item of result.items()) all.push(item);
    return all;
  }
  return result ?? {};
}
