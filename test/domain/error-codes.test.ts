import { Type } from '@sinclair/typebox';
import { describe, expect, test } from 'vitest';
import { ERROR_MESSAGES, errorMessage, type ErrorCode } from '../../main/ops/error-codes.js';
import { FieldErrors, fieldError, OpError, validationError } from '../../main/ops/errors.js';
import { checkSchema } from '../../main/ops/validate.js';
import { IsoDate } from '../../main/ops/schemas.js';

/** The one field error a schema gives for a value. */
const only = (schema: Parameters<typeof checkSchema>[0], value: unknown) => {
  const fields = checkSchema(schema, value);
  expect(fields).toHaveLength(1);
  return fields[0];
};
const obj = (props: Parameters<typeof Type.Object>[0]) => Type.Object(props);

describe('every ajv keyword the schemas use has its code, parameters and message', () => {
  test.each<[string, Parameters<typeof checkSchema>[0], unknown, { field: string; code: ErrorCode; message: string; params?: object }]>([
    ['required', obj({ name: Type.String() }), {}, { field: 'name', code: 'REQUIRED', message: 'is required' }],
    ['maxLength', obj({ name: Type.String({ maxLength: 3 }) }), { name: 'abcd' }, { field: 'name', code: 'TOO_LONG', message: 'must be at most 3 characters', params: { max: 3 } }],
    ['minLength 1', obj({ name: Type.String({ minLength: 1 }) }), { name: '' }, { field: 'name', code: 'EMPTY', message: 'must not be empty' }],
    ['minLength 4', obj({ name: Type.String({ minLength: 4 }) }), { name: 'abc' }, { field: 'name', code: 'TOO_SHORT', message: 'must be at least 4 characters', params: { min: 4 } }],
    ['type integer', obj({ n: Type.Integer() }), { n: 1.5 }, { field: 'n', code: 'NOT_A_NUMBER', message: 'must be an integer', params: { type: 'integer' } }],
    ['type number', obj({ n: Type.Number() }), { n: 'x' }, { field: 'n', code: 'NOT_A_NUMBER', message: 'must be a number', params: { type: 'number' } }],
    ['type string', obj({ s: Type.String() }), { s: 1 }, { field: 's', code: 'WRONG_TYPE', message: 'must be a string', params: { type: 'string' } }],
    ['type boolean', obj({ b: Type.Boolean() }), { b: 'yes' }, { field: 'b', code: 'WRONG_TYPE', message: 'must be a boolean', params: { type: 'boolean' } }],
    ['enum', obj({ e: Type.Unsafe<string>({ type: 'string', enum: ['A', 'B'] }) }), { e: 'C' }, { field: 'e', code: 'NOT_ONE_OF', message: 'must be one of A, B', params: { allowed: 'A, B' } }],
    ['const', obj({ c: Type.Literal('X') }), { c: 'Y' }, { field: 'c', code: 'MUST_EQUAL', message: 'must be "X"', params: { value: '"X"' } }],
    ['pattern with a description', obj({ c: Type.String({ pattern: '^[A-Z]{3}$', description: 'a 3-letter currency code' }) }), { c: 'nok' }, { field: 'c', code: 'INVALID_FORMAT', message: 'must be a 3-letter currency code', params: { format: 'a 3-letter currency code' } }],
    ['pattern without one', obj({ c: Type.String({ pattern: '^x$' }) }), { c: 'y' }, { field: 'c', code: 'INVALID_FORMAT', message: 'has the wrong format', params: {} }],
    ['IsoDate', obj({ d: IsoDate }), { d: '15.03.2026' }, { field: 'd', code: 'NOT_A_DATE', message: 'must be a date YYYY-MM-DD' }],
    ['minimum', obj({ n: Type.Integer({ minimum: 1 }) }), { n: 0 }, { field: 'n', code: 'TOO_SMALL', message: 'must be >= 1', params: { min: 1 } }],
    ['exclusiveMinimum', obj({ n: Type.Number({ exclusiveMinimum: 0 }) }), { n: 0 }, { field: 'n', code: 'TOO_SMALL', message: 'must be > 0', params: { min: 0, exclusive: 1 } }],
    ['maximum', obj({ n: Type.Integer({ maximum: 100 }) }), { n: 101 }, { field: 'n', code: 'TOO_LARGE', message: 'must be <= 100', params: { max: 100 } }],
    ['minItems', obj({ a: Type.Array(Type.Integer(), { minItems: 1 }) }), { a: [] }, { field: 'a', code: 'TOO_FEW_ITEMS', message: 'must NOT have fewer than 1 items', params: { min: 1 } }],
    ['maxItems', obj({ a: Type.Array(Type.Integer(), { maxItems: 1 }) }), { a: [1, 2] }, { field: 'a', code: 'TOO_MANY_ITEMS', message: 'must NOT have more than 1 items', params: { max: 1 } }],
    ['uniqueItems', obj({ a: Type.Array(Type.Integer(), { uniqueItems: true }) }), { a: [7, 7] }, { field: 'a', code: 'DUPLICATE_ITEMS', message: 'must NOT have duplicate items (items ## 1 and 0 are identical)', params: { i: 0, j: 1 } }],
    ['additionalProperties', obj({ a: Type.Integer() }), { a: 1, b: 2 }, { field: 'b', code: 'NOT_ALLOWED', message: 'is not a known field' }],
    ['text (control character)', obj({ s: Type.String() }), { s: 'a\u0007b' }, { field: 's', code: 'CONTROL_CHARACTERS', message: 'must not contain a control character (U+0007 at position 2)', params: { char: 'U+0007', position: 2 } }],
    ['text (lone surrogate)', obj({ s: Type.String() }), { s: 'x\uD800' }, { field: 's', code: 'CONTROL_CHARACTERS', message: 'must not contain a lone surrogate (U+D800 at position 2)', params: { char: 'U+D800', position: 2, surrogate: 1 } }],
  ])('%s', (_name, schema, value, expected) => {
    expect(only(schema, value)).toEqual(expected);
  });

  test('the message of every mapped error is the catalogue message for its code and parameters', () => {
    const S = obj({ name: Type.String({ maxLength: 2 }), n: Type.Integer({ minimum: 5 }), d: IsoDate });
    const fields = checkSchema(S, { name: 'abc', n: 1, d: 'x', extra: true });
    expect(fields.map((f) => f.code).sort()).toEqual(['NOT_ALLOWED', 'NOT_A_DATE', 'TOO_LONG', 'TOO_SMALL']);
    for (const f of fields) expect(f.message).toBe(errorMessage(f.code as ErrorCode, ...([f.params] as [never])));
  });
});

describe('the catalogue builds each message from code and parameters in one place', () => {
  test('messages with parameters', () => {
    expect(errorMessage('TOO_LONG', { max: 80 })).toBe('must be at most 80 characters');
    expect(errorMessage('TOO_SHORT', { min: 1 })).toBe('must not be empty');
    expect(errorMessage('TOO_MANY_DECIMALS', { max: 3 })).toBe('must have at most 3 decimals');
    expect(errorMessage('CUSTOMER_NUMBER_TAKEN', { value: 'K-1' })).toBe('customer number K-1 is taken');
    expect(errorMessage('UNKNOWN_CURRENCY', {})).toBe('must be one of the currencies at /common/currency/exchangeRates');
    expect(errorMessage('UNKNOWN_CURRENCY', { allowed: 'EUR, SEK' })).toBe('must be one of the currencies at /common/currency/exchangeRates (EUR, SEK)');
    expect(errorMessage('CREDIT_TOO_LARGE', { amount: '50.00', left: '20.00' })).toBe('credits 50.00 but the invoice has only 20.00 left to credit');
    expect(errorMessage('CREDIT_TOO_LARGE', { amount: '50.00', left: '20.00', number: 7 })).toBe('credits 50.00 but invoice 7 has only 20.00 left to credit');
    expect(errorMessage('NOT_DUE', { number: 3 })).toBe('invoice 3 is not due before a due date is set');
    expect(errorMessage('INVALID', { message: 'as it was' })).toBe('as it was');
  });

  test('every code is UPPER_SNAKE and every message is a non-empty sentence fragment', () => {
    for (const code of Object.keys(ERROR_MESSAGES)) expect(code).toMatch(/^[A-Z][A-Z_]*$/);
  });

  test('fieldError and FieldErrors.add carry code, params and the catalogue message', () => {
    expect(fieldError('name', 'TOO_LONG', { max: 42 })).toEqual({ field: 'name', code: 'TOO_LONG', message: 'must be at most 42 characters', params: { max: 42 } });
    expect(fieldError('name', 'EMPTY')).toEqual({ field: 'name', code: 'EMPTY', message: 'must not be empty' });
    const errors = new FieldErrors();
    errors.add('zip', 'INVALID_POSTCODE');
    errors.add('discount', 'TOO_MANY_DECIMALS', { max: 2 });
    errors.add('other', 'a rule without a code yet'); // the owners of events/sending/reports convert theirs later
    expect(errors.list).toEqual([
      { field: 'zip', code: 'INVALID_POSTCODE', message: 'a Norwegian postcode has 4 digits' },
      { field: 'discount', code: 'TOO_MANY_DECIMALS', message: 'must have at most 2 decimals', params: { max: 2 } },
      { field: 'other', code: 'INVALID', message: 'a rule without a code yet' },
    ]);
  });

  test('an error body keeps error and message, and adds code and params; a field without a code becomes INVALID', () => {
    const e = validationError([{ field: 'x', message: 'old style' }, fieldError('y', 'REQUIRED')]);
    expect(e.toBody()).toEqual({
      error: 'VALIDATION_ERROR',
      code: 'VALIDATION_ERROR',
      message: 'Invalid input: x, y',
      params: { fields: 'x, y' },
      fields: [
        { field: 'x', code: 'INVALID', message: 'old style' },
        { field: 'y', code: 'REQUIRED', message: 'is required' },
      ],
    });
    expect(new OpError('CONFLICT', 'Taken', [{ field: 'n', message: 'is taken' }]).fields[0].code).toBe('INVALID');
  });
});
