import { Type } from '@sinclair/typebox';
import { describe, expect, test } from 'vitest';
import { OpError } from '../../main/ops/errors.js';
import { IsoDate, Nullable, Str } from '../../main/ops/schemas.js';
import { assertSchema, checkSchema, toFieldPath } from '../../main/ops/validate.js';

describe('toFieldPath (JSON pointer -> dotted path)', () => {
  test('nested objects become dotted paths', () => {
    expect(toFieldPath('', '/contact/address/zip')).toBe('contact.address.zip');
  });
  test('array elements at the top become [i].field', () => {
    expect(toFieldPath('', '/1/name')).toBe('[1].name');
    expect(toFieldPath('', '/0')).toBe('[0]');
  });
  test('arrays inside objects become field[i].x', () => {
    expect(toFieldPath('', '/items/0/x')).toBe('items[0].x');
    expect(toFieldPath('', '/customFields/2/value')).toBe('customFields[2].value');
  });
  test('a prefix and the missing property of a required error are appended', () => {
    expect(toFieldPath('[3]', '/contact/address', 'city')).toBe('[3].contact.address.city');
    expect(toFieldPath('', '', 'name')).toBe('name');
    expect(toFieldPath('', '')).toBe('');
  });
  test('escaped pointer characters are decoded', () => {
    expect(toFieldPath('', '/a~1b/c~0d')).toBe('a/b.c~d');
  });
});

describe('checkSchema', () => {
  const S = Type.Object({
    name: Type.String({ minLength: 1, maxLength: 5 }),
    contact: Type.Object({ zip: Type.String({ maxLength: 8 }) }),
    tags: Type.Optional(Type.Array(Type.Integer())),
  });

  test('valid input gives no errors', () => {
    expect(checkSchema(S, { name: 'a', contact: { zip: '0150' } })).toEqual([]);
  });
  test('every bad field is named at once, with a readable message', () => {
    const fields = checkSchema(S, { name: 'toolong', contact: {}, tags: [1, 'x'] });
    expect(fields).toEqual(
      expect.arrayContaining([
        { field: 'name', code: 'TOO_LONG', message: 'must be at most 5 characters', params: { max: 5 } },
        { field: 'contact.zip', code: 'REQUIRED', message: 'is required' },
        { field: 'tags[1]', code: 'NOT_A_NUMBER', message: 'must be an integer', params: { type: 'integer' } },
      ]),
    );
    expect(fields).toHaveLength(3);
  });
  test('a wrong top-level type is reported as (body)', () => {
    expect(checkSchema(S, 'text')).toEqual([{ field: '(body)', code: 'WRONG_TYPE', message: 'must be an object', params: { type: 'object' } }]);
  });
  test('with a prefix, batch elements are named [i].field', () => {
    expect(checkSchema(S, { name: '', contact: { zip: '0150' } }, { prefix: '[7]' })).toEqual([
      { field: '[7].name', code: 'EMPTY', message: 'must not be empty' },
    ]);
  });
  test('coercion turns query strings into numbers; strict mode does not', () => {
    const Q = Type.Object({ page: Type.Integer() });
    const q: Record<string, unknown> = { page: '3' };
    expect(checkSchema(Q, q, { coerce: true })).toEqual([]);
    expect(q.page).toBe(3);
    expect(checkSchema(Q, { page: '3' })).toEqual([{ field: 'page', code: 'NOT_A_NUMBER', message: 'must be an integer', params: { type: 'integer' } }]);
  });
  test('assertSchema throws a 400 OpError carrying the fields', () => {
    let err: unknown;
    try {
      assertSchema(S, { contact: { zip: '0150' } });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(OpError);
    expect((err as OpError).status).toBe(400);
    expect((err as OpError).toBody()).toEqual({ error: 'VALIDATION_ERROR', code: 'VALIDATION_ERROR', message: 'Invalid input: name', params: { fields: 'name' }, fields: [{ field: 'name', code: 'REQUIRED', message: 'is required' }] });
  });
});

describe('described patterns and nullable fields', () => {
  const D = Type.Object({ date: IsoDate });
  test.each(['2026-03-15', '2024-02-29'])('%s has the date pattern', (date) => {
    expect(checkSchema(D, { date })).toEqual([]);
  });
  test.each(['15.03.2026', '2026-3-15', ''])('%j is refused with the described message', (date) => {
    expect(checkSchema(D, { date })).toEqual([{ field: 'date', code: 'NOT_A_DATE', message: 'must be a date YYYY-MM-DD' }]);
  });
  test('a wrong nullable field says what it should be, without "must be a null"', () => {
    const N = Type.Object({ ref: Nullable(Str(3)), logo: Nullable(Type.String({ pattern: '^data:', description: 'a data: URL' })) });
    expect(checkSchema(N, { ref: 12, logo: 'http://x' })).toEqual([
      { field: 'ref', code: 'WRONG_TYPE', message: 'must be a string', params: { type: 'string' } },
      { field: 'logo', code: 'INVALID_FORMAT', message: 'must be a data: URL', params: { format: 'a data: URL' } },
    ]);
    expect(checkSchema(N, { ref: 'abcd', logo: null })).toEqual([{ field: 'ref', code: 'TOO_LONG', message: 'must be at most 3 characters', params: { max: 3 } }]);
    expect(checkSchema(N, { ref: null, logo: null })).toEqual([]);
  });
});
