import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { created, type Created } from './define.js';
import { fieldError, validationError } from './errors.js';
import { checkSchema } from './validate.js';

/** One array schema per element schema, so a batch is validated by one compiled validator in one call. */
const arraySchemas = new WeakMap<TSchema, TSchema>();
function arrayOf(schema: TSchema): TSchema {
  let s = arraySchemas.get(schema);
  if (!s) {
    s = Type.Array(schema);
    arraySchemas.set(schema, s);
  }
  return s;
}

/** Marks a body schema that the operation's `run` checks itself (runOp skips it): it is there to be stated in OpenAPI. */
export const CHECKED_IN_RUN = Symbol.for('kvitt.checkedInRun');
export const checkedInRun = (schema: TSchema) => (schema as { [CHECKED_IN_RUN]?: boolean })[CHECKED_IN_RUN] === true;

/**
 * A body the client may leave out (nothing, `null` or `{}`), stated in OpenAPI as `schema` with the request body not
 * required. Not checked by runOp: the operation's `run` checks a given body against `schema` itself (e.g. shipmentOf,
 * creditInput), so an absent body is not an error and a present one is named field by field.
 */
export function OptionalBody<T extends TSchema>(schema: T, description: string) {
  return Object.assign(Type.Union([schema, Type.Null()], { description }), { [CHECKED_IN_RUN]: true, [OPTIONAL_BODY]: true });
}
export const OPTIONAL_BODY = Symbol.for('kvitt.optionalBody');
export const isOptionalBody = (schema: TSchema) => (schema as { [OPTIONAL_BODY]?: boolean })[OPTIONAL_BODY] === true;

/**
 * The body schema of a one-or-many operation, as OpenAPI states it. Not checked by runOp: `oneOrMany` checks it in `run`,
 * naming each bad field (`[3].name`) instead of ajv's anyOf noise, and validating a large batch once.
 */
export function OneOrManyBody<T extends TSchema>(schema: T, opts: { max: number; description: string }) {
  const union = Type.Union([schema, Type.Array(schema, { minItems: 1, maxItems: opts.max })], { description: opts.description });
  return Object.assign(union, { [CHECKED_IN_RUN]: true });
}

/**
 * A body that is one object or an array of them (spec 4.1 batches): every element checked, every bad field named
 * (`name`, or `[i].name` in a batch), nothing accepted unless all are valid. `noun` names one element in the messages.
 */
export function oneOrMany<T extends TSchema>(schema: T, body: unknown, opts: { max: number; noun: string }): { items: Static<T>[]; batch: boolean } {
  const { max, noun } = opts;
  if (Array.isArray(body)) {
    if (body.length === 0) throw validationError([fieldError('(body)', 'BATCH_EMPTY', { noun })]);
    if (body.length > max) throw validationError([fieldError('(body)', 'BATCH_TOO_LARGE', { max, noun })]);
    // Ajv names an element's field /3/name, which reads as [3].name.
    const fields = checkSchema(arrayOf(schema), body);
    if (fields.length) throw validationError(fields);
    return { items: body as Static<T>[], batch: true };
  }
  if (body === null || typeof body !== 'object') throw validationError([fieldError('(body)', 'NOT_AN_OBJECT', { noun })]);
  const fields = checkSchema(schema, body);
  if (fields.length) throw validationError(fields);
  return { items: [body as Static<T>], batch: false };
}

/**
 * The answer to a one-or-many creation: one created -> 201 with its Location and `read(number)` as body;
 * a batch -> 201 with the links of all, in order (the envelope's `body` is then the links: typed `Created<string[]>`).
 */
export async function createdOneOrMany<T>(
  numbers: number[],
  batch: boolean,
  path: (n: number) => string,
  read: (n: number) => Promise<T>,
): Promise<Created<T> | Created<string[]>> {
  if (batch) return created<string[]>(null, undefined, numbers.map(path));
  return created(path(numbers[0]), await read(numbers[0]));
}
