import { Type, type TArray, type TNull, type TSchema, type TString, type TUnion } from '@sinclair/typebox';
import { RESULT, type ResultKind } from './define.js';

/**
 * Output schemas for answers other than "200 with this JSON" (define.ts RunResult maps each to what `run` returns).
 * The marker sits under a symbol: the JSON schema itself (OpenAPI, ajv) stays plain.
 */
const mark = <T extends TSchema, K extends ResultKind>(schema: T, kind: K) => Object.assign(schema, { [RESULT]: kind }) as T & { readonly [RESULT]: K };

/** A list: 200 with a JSON array of `item` (a page when `perPage` is given: Link and X-Total-Count headers). `run` uses listResult. */
export const ListOf = <T extends TSchema>(item: T) => mark(Type.Array(item), { kind: 'list' as const });

/** Links the HTTP adapter answers for a batch creation: absolute URLs, in order. */
export const LinkList = Type.Array(Type.String({ format: 'uri' }), { description: 'links to the created resources, in order' });

/** 201 with a Location header and `body` (the created resource). */
export const CreatedOf = <T extends TSchema>(body: T) => mark({ ...body }, { kind: 'created' as const, batch: false as boolean });

/** 201 of a one-or-many creation: one -> Location and `body`; a batch -> the array of links (one-or-many.ts). */
export const CreatedOneOrMany = <T extends TSchema>(body: T) =>
  mark(Type.Union([body, LinkList]), { kind: 'created' as const, batch: true as boolean }) as TUnion<[T, TArray<TString>]> & {
    readonly [RESULT]: { kind: 'created'; batch: boolean };
  };

/** 200 with a file (Content-Disposition attachment) of one of these content types. */
export const FileOf = (...contentTypes: string[]) =>
  mark(Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary' }), { kind: 'file' as const, contentTypes });

/**
 * 200 with this JSON, or a file of one of these content types: an operation that also answers a web form with a page
 * (the event signup: JSON to a JSON body, the page again to the signup page's form).
 */
export const JsonOrFileOf = <T extends TSchema>(json: T, ...contentTypes: string[]) =>
  mark({ ...json }, { kind: 'jsonOrFile' as const, contentTypes });

/** 200 with this JSON, or 204 when there is nothing to answer (spec 4.5: the shipment methods of a document that does not exist). */
export const OrNoContentOf = <T extends TSchema>(json: T) => mark({ ...json }, { kind: 'jsonOrNoContent' as const });

/** 204, no body. */
export const NoContentOf = () => mark(Type.Null() as TNull, { kind: 'noContent' as const });

export const resultKind = (schema: TSchema | undefined): ResultKind | null => (schema as { [RESULT]?: ResultKind } | undefined)?.[RESULT] ?? null;
