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
 * a batch -> 201 with the links of all, in order.
 */
export async function createdOneOrMany(
  numbers: number[],
  batch: boolean,
  path: (n: number) => string,
  read: (n: number) => Promise<unknown>,
): Promise<Created> {
  if (batch) return created(null, undefined, numbers.map(path));
  return created(path(numbers[0]), await read(numbers[0]));
}
