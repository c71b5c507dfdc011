import type { Static, TSchema } from '@sinclair/typebox';
import type { AppContext } from '../context.js';
import { validationError, type FieldError } from './errors.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface OpInput<P = any, Q = any, B = any> {
  params: P;
  query: Q;
  body: B;
}

export interface Op {
  /** `<area>.<verbNoun>`, e.g. `recipients.create`. */
  name: string;
  method: HttpMethod;
  /** Spec path with `{param}` placeholders, e.g. `/recipients/{number}`. */
  path: string;
  summary: string;
  tags: string[];
  params?: TSchema;
  query?: TSchema;
  body?: TSchema;
  /** Served without the API key (spec: /common/public/*, event signup). */
  public?: boolean;
  run(input: OpInput, ctx: AppContext): unknown;
}

export function defineOp<P extends TSchema, Q extends TSchema, B extends TSchema>(spec: {
  name: string;
  method: HttpMethod;
  path: string;
  summary: string;
  tags?: string[];
  params?: P;
  query?: Q;
  body?: B;
  public?: boolean;
  run(input: OpInput<Static<P>, Static<Q>, Static<B>>, ctx: AppContext): unknown;
}): Op {
  return { tags: [spec.name.split('.')[0]], ...spec } as Op;
}

/* ---- results other than "200 with this JSON" ---- */

export class Created {
  constructor(
    /** Path relative to the base URL, e.g. `/recipients/12`. Made absolute by the HTTP adapter. */
    readonly location: string | null,
    readonly body?: unknown,
    /** Batch creation: relative links that the HTTP adapter makes absolute and answers as the body. */
    readonly links?: string[],
  ) {}
}
export class NoContent {}
export class FileResult {
  constructor(
    readonly contentType: string,
    readonly filename: string,
    readonly data: Buffer,
    /** A large file produced while it is sent (reports): when set, the transports send this instead of `data`. */
    readonly stream?: () => AsyncIterable<Buffer>,
    /** Shown in the browser instead of downloaded (the public event signup page). */
    readonly inline = false,
  ) {}
}
export class Paged<T = unknown> {
  constructor(
    readonly items: T[],
    readonly total: number,
    readonly page: number,
    readonly perPage: number,
  ) {}
}
/** A whole list produced piece by piece, so the server never holds it all. */
export class Streamed<T = unknown> {
  constructor(readonly items: () => AsyncIterable<T>) {}
}

export const created = (location: string | null, body?: unknown, links?: string[]) => new Created(location, body, links);
export const noContent = () => new NoContent();
export const file = (contentType: string, filename: string, data: Buffer, inline = false) => new FileResult(contentType, filename, data, undefined, inline);

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
      fields.push({ field: name, message: `must be a whole number from 1 to ${PAGE_LIMITS[name]}` });
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
