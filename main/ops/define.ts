import type { Static, TSchema } from '@sinclair/typebox';
import type { AppContext } from '../context.js';
import { fieldError, validationError, type FieldError } from './errors.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface OpInput<P = any, Q = any, B = any> {
  params: P;
  query: Q;
  body: B;
}

/**
 * What an operation answers, when it is not "200 with this JSON" (see output.ts: ListOf, CreatedOf, FileOf, NoContentOf).
 * Kept under a symbol, so it never shows in the JSON schema itself.
 */
export const RESULT = Symbol.for('kvitt.result');
export type ResultKind =
  | { kind: 'list' }
  | { kind: 'created'; batch: boolean }
  | { kind: 'file'; contentTypes: readonly string[] }
  | { kind: 'jsonOrFile'; contentTypes: readonly string[] }
  | { kind: 'jsonOrNoContent' }
  | { kind: 'noContent' };

/** The types an operation was defined with, for typed callers (the renderer's `call`); never present at run time. */
export interface OpTypes<N extends string = string, I = unknown, O extends TSchema | undefined = TSchema | undefined, R = unknown> {
  name: N;
  input: I;
  output: O;
  /** What `run` returns (awaited), before the transports make it plain: see EnvelopeValue. */
  result: R;
}

export interface Op<T extends OpTypes = OpTypes> {
  /** `<area>.<verbNoun>`, e.g. `recipients.create`. */
  name: T['name'];
  method: HttpMethod;
  /** Spec path with `{param}` placeholders, e.g. `/recipients/{number}`. */
  path: string;
  summary: string;
  tags: string[];
  params?: TSchema;
  query?: TSchema;
  body?: TSchema;
  /**
   * The answer: the 200 JSON body, or ListOf / CreatedOf / FileOf / NoContentOf (output.ts) for the other answers.
   * Stated in OpenAPI and checked against real answers in tests (test/helpers/response-check.ts).
   */
  output?: TSchema;
  /** Served without the API key (spec: /common/public/*, event signup). */
  public?: boolean;
  /** The longest from..to period the operation answers for (ops/period.ts; default 10 years). */
  maxPeriodYears?: number;
  /** A GET that writes (events.captcha): run on the writer, not the read-only connection other GETs use (invoke.ts). */
  writes?: boolean;
  run(input: OpInput, ctx: AppContext): unknown;
  /** Type-only: the operation's name, input and output types (see OpTypes). */
  readonly types?: T;
}

/** Static type of an optional schema: `undefined` when the operation has none. */
type StaticOf<S> = S extends TSchema ? Static<S> : undefined;

/** What `run` may return for an output schema (the wrapper classes for lists, creations, files, 204). */
export type RunResult<O> = O extends { [RESULT]: { kind: 'list' } }
  ? O extends { items: infer I extends TSchema }
    ? Paged<Static<I>> | Streamed<Static<I>> | Static<I>[]
    : never
  : O extends { [RESULT]: { kind: 'created' } }
    ? Created<O extends TSchema ? Static<O> : unknown>
    : O extends { [RESULT]: { kind: 'file' } }
      ? FileResult
      : O extends { [RESULT]: { kind: 'noContent' } }
        ? NoContent
        : O extends { [RESULT]: { kind: 'jsonOrFile' } }
          ? (O extends TSchema ? Static<O> : never) | FileResult
          : O extends { [RESULT]: { kind: 'jsonOrNoContent' } }
            ? (O extends TSchema ? Static<O> : never) | NoContent
            : O extends TSchema
            ? Static<O>
            : unknown;

/** A page as the envelope (IPC, /_ops) carries it (invoke.ts toPlain). */
export interface PageValue<T> {
  items: T[];
  total: number;
  page: number;
  perPage: number;
}
/** A file as the envelope carries it: bytes over IPC, base64 over /_ops. */
export interface FileValue {
  file: { contentType: string; filename: string; data: Uint8Array | string };
}

export function defineOp<
  N extends string,
  P extends TSchema | undefined = undefined,
  Q extends TSchema | undefined = undefined,
  B extends TSchema | undefined = undefined,
  O extends TSchema | undefined = undefined,
  R extends RunResult<O> = RunResult<O>,
>(spec: {
  name: N;
  method: HttpMethod;
  path: string;
  summary: string;
  tags?: string[];
  params?: P;
  query?: Q;
  body?: B;
  output?: O;
  public?: boolean;
  maxPeriodYears?: number;
  writes?: boolean;
  run(input: OpInput<StaticOf<P>, StaticOf<Q>, StaticOf<B>>, ctx: AppContext): R | Promise<R>;
}): Op<OpTypes<N, { params: StaticOf<P>; query: StaticOf<Q>; body: StaticOf<B> }, O, R>> {
  return { tags: [spec.name.split('.')[0]], ...spec } as Op<OpTypes<N, { params: StaticOf<P>; query: StaticOf<Q>; body: StaticOf<B> }, O, R>>;
}

/**
 * What a caller of the envelope (IPC, /_ops: invoke.ts toPlain) receives when `run` returns R: a Paged is a PageValue,
 * a Streamed an array, a Created `{created, body}`, a file FileValue, 204 null, nothing `{}`; plain data as it is.
 * The renderer's typed `call` answers this for each operation (renderer/src/api/op-types.ts).
 */
export type EnvelopeValue<R> = R extends Paged<infer T>
  ? PageValue<T>
  : R extends Streamed<infer T>
    ? T[]
    : R extends Created<infer B>
      ? { created: string | null; body: B }
      : R extends FileResult
        ? FileValue
        : R extends NoContent
          ? null
          : R extends undefined | void
            ? Record<string, never>
            : R;

/* ---- results other than "200 with this JSON" ---- */

export class Created<B = unknown> {
  /** Type-only brand: these result classes are told apart by class, not by shape (EnvelopeValue). */
  declare private readonly resultBrand: 'created';
  constructor(
    /** Path relative to the base URL, e.g. `/recipients/12`. Made absolute by the HTTP adapter. */
    readonly location: string | null,
    readonly body?: B,
    /** Batch creation: relative links that the HTTP adapter makes absolute and answers as the body. */
    readonly links?: string[],
  ) {}
}
export class NoContent {
  declare private readonly resultBrand: 'noContent';
}
/**
 * A chunk of a FileResult stream may carry this: a transport that has written the chunk's bytes (the socket took them)
 * calls it, and the chunk's memory goes back to its producer (a worker thread writes its next chunk into it), so a long
 * file makes no garbage. A transport that keeps chunks (one collecting the file) never calls it; nothing is reused then.
 */
export const CHUNK_RELEASE = Symbol('kvitt.chunkRelease');
export type ReleasableChunk = Buffer & { [CHUNK_RELEASE]?: () => void };

export class FileResult {
  declare private readonly resultBrand: 'file';
  constructor(
    readonly contentType: string,
    readonly filename: string,
    readonly data: Buffer,
    /** A large file produced while it is sent (reports): when set, the transports send this instead of `data`. */
    readonly stream?: () => AsyncIterable<Buffer>,
    /** Shown in the browser instead of downloaded (the public event signup page). */
    readonly inline = false,
    /** The HTTP status (a page answering a form posted with errors is 400). */
    readonly status = 200,
  ) {}
}
export class Paged<T = unknown> {
  declare private readonly resultBrand: 'paged';
  constructor(
    readonly items: T[],
    readonly total: number,
    readonly page: number,
    readonly perPage: number,
  ) {}
}
/** A whole list produced piece by piece, so the server never holds it all. */
export class Streamed<T = unknown> {
  declare private readonly resultBrand: 'streamed';
  constructor(readonly items: () => AsyncIterable<T>) {}
}

export const created = <B = unknown>(location: string | null, body?: B, links?: string[]) => new Created<B>(location, body, links);
export const noContent = () => new NoContent();
export const file = (contentType: string, filename: string, data: Buffer, inline = false, status = 200) => new FileResult(contentType, filename, data, undefined, inline, status);

/** Paging as the spec's clients send it: `perPage` and 1-based `page`. */
export interface PageRequest {
  limit: number;
  offset: number;
  page: number;
  perPage: number;
}

/** Bounds of paging, for every list (the shared `Paging` schema states the same). */
export const PAGE_LIMITS = { perPage: 1000, page: 10_000_000 } as const;

/**
 * The one place paging is checked: every list answers through listResult, so whatever its query schema said,
 * `page` and `perPage` reach SQL only as integers within PAGE_LIMITS (`page=1e20` is a 400, not a datatype mismatch).
 */
export function pageRequest(query: { perPage?: number; page?: number }): PageRequest | null {
  const fields: FieldError[] = [];
  const check = (name: 'page' | 'perPage', v: unknown) => {
    if (v !== undefined && !(Number.isSafeInteger(v) && (v as number) >= 1 && (v as number) <= PAGE_LIMITS[name])) {
      fields.push(fieldError(name, 'OUT_OF_RANGE', { min: 1, max: PAGE_LIMITS[name] }));
    }
  };
  check('perPage', query.perPage);
  check('page', query.page);
  if (fields.length) throw validationError(fields);
  if (query.perPage === undefined) return null;
  const page = query.page ?? 1;
  return { limit: query.perPage, offset: (page - 1) * query.perPage, page, perPage: query.perPage };
}

/**
 * The one way list operations answer: a page when `perPage` is given, otherwise the whole list,
 * streamed in chunks read with keyset paging so memory stays flat.
 */
export async function listResult<T>(
  query: { perPage?: number; page?: number },
  fetchPage: (limit: number, offset: number) => Promise<{ items: T[]; total: number }>,
  streamAll?: () => AsyncIterable<T>,
): Promise<Paged<T> | Streamed<T> | T[]> {
  const page = pageRequest(query);
  if (page) {
    const { items, total } = await fetchPage(page.limit, page.offset);
    return new Paged(items, total, page.page, page.perPage);
  }
  if (streamAll) return new Streamed(streamAll);
  return (await fetchPage(-1, 0)).items;
}
