import AjvModule, { _, type ErrorObject, type KeywordCxt, type ValidateFunction } from 'ajv';
import type { TSchema } from '@sinclair/typebox';
import { fieldError, validationError, type ErrorCode, type FieldError } from './errors.js';
import type { ParamsArg } from './error-codes.js';

import { addDateFormats, DATE_MAX, DATE_MIN, DATE_TIME_MINUTE, isRealDay } from './dates.js';
import { PRINTABLE_KEYWORD, SIMPLE_PRINTABLE, unprintableAt } from './printable.js';
import { quickForm } from './quick-schema.js';
import { BAD_TEXT, hardened, MAYBE_BAD_TEXT, READ_BACK_KEYWORD, TEXT_KEYWORD, textAt } from './text.js';

const Ajv = (AjvModule as unknown as { default?: typeof AjvModule }).default ?? AjvModule;

// Bodies: exact types. Params and query strings: coerced ("12" -> 12). verbose: errors carry the schema, so messages can
// use its description ("must be a date YYYY-MM-DD").
const strictAjv = new Ajv({ allErrors: true, strict: false, useDefaults: false, verbose: true });
// Unknown query parameters are dropped (clients send cache busters and the like), so operations see only validated ones.
const coercingAjv = new Ajv({ allErrors: true, strict: false, coerceTypes: true, useDefaults: true, verbose: true, removeAdditional: true });

// The same rules stopping at the first error: the common case, valid input, is checked by this leaner code (a 10,000-recipient
// batch is validated in about half the time); only invalid input is checked again with allErrors, to name every bad field.
const quickAjv = new Ajv({ allErrors: false, strict: false, useDefaults: false });

// Every string of every schema carries the text keyword (see text.ts): control characters, U+FFFE/U+FFFF and lone
// surrogates are refused at input, naming the field.
for (const ajv of [strictAjv, coercingAjv, quickAjv]) {
  // Real days (schemas.ts IsoDate, IsoDateTimeMinute): 2026-02-29, 2026-13-01 and 2026-04-31 are refused as NOT_A_DATE.
  addDateFormats(ajv);
  // Generated inline (a regular expression test per string, no function call): it runs on every string of every body.
  ajv.addKeyword({
    keyword: TEXT_KEYWORD,
    type: 'string',
    schemaType: 'boolean',
    code(cxt: KeywordCxt) {
      const maybe = cxt.gen.scopeValue('pattern', { ref: MAYBE_BAD_TEXT, code: _`new RegExp(${MAYBE_BAD_TEXT.source})` });
      const bad = cxt.gen.scopeValue('pattern', { ref: BAD_TEXT, code: _`new RegExp(${BAD_TEXT.source})` });
      cxt.fail(_`${maybe}.test(${cxt.data}) && ${bad}.test(${cxt.data})`);
    },
    error: { message: 'must not contain control characters' },
  });
  // Text that is printed on a PDF (printable.ts Printed): only characters the PDF font has. Generated inline like the
  // text rule: a function keyword (`validate`) made ajv build a data-context object per string, which was most of the
  // validation of a 10,000-recipient batch (about 20 strings each).
  ajv.addKeyword({
    keyword: PRINTABLE_KEYWORD,
    type: 'string',
    schemaType: 'boolean',
    code(cxt: KeywordCxt) {
      if (cxt.schema !== true) return;
      const simple = cxt.gen.scopeValue('pattern', { ref: SIMPLE_PRINTABLE, code: _`new RegExp(${SIMPLE_PRINTABLE.source})` });
      const at = cxt.gen.scopeValue('func', { ref: unprintableAt });
      cxt.fail(_`!${simple}.test(${cxt.data}) && ${at}(${cxt.data}) !== null`);
    },
    error: { message: 'must hold only characters the PDF font can print' },
  });
  // Read-back fields (schemas.ts ReadBack) are removed once accepted, so no service or audit entry ever sees them.
  ajv.addKeyword({
    keyword: READ_BACK_KEYWORD,
    type: 'object',
    schemaType: 'array',
    modifying: true,
    validate: (names: string[], data: Record<string, unknown>) => {
      for (const n of names) delete data[n];
      return true;
    },
  });
}

interface Validators {
  quick: ValidateFunction;
  /** Compiled on the first invalid input. */
  full?: ValidateFunction;
}
const cache = new WeakMap<object, Validators>();
const coercingCache = new WeakMap<object, ValidateFunction>();

function compiled(schema: TSchema): Validators {
  let v = cache.get(schema);
  if (!v) {
    v = { quick: quickAjv.compile(quickForm(hardened(schema)) as TSchema) };
    cache.set(schema, v);
  }
  return v;
}

function coercing(schema: TSchema): ValidateFunction {
  let fn = coercingCache.get(schema);
  if (!fn) {
    fn = coercingAjv.compile(hardened(schema));
    coercingCache.set(schema, fn);
  }
  return fn;
}

/**
 * The two validators checkSchema uses for a body schema, as yes/no functions: the quick one (compiled from quickForm,
 * stopping at the first error) and the full one (the schema as written). test/domain/quick-schema.test.ts holds them to
 * the same answers.
 */
export function validatorsOf(schema: TSchema): { quick: (value: unknown) => boolean; full: (value: unknown) => boolean } {
  const v = compiled(schema);
  return { quick: (value) => v.quick(value) as boolean, full: (value) => (v.full ??= strictAjv.compile(hardened(schema)))(value) as boolean };
}

/** `/contact/address/zip` -> `contact.address.zip`; `/1/name` -> `[1].name`; `/items/0/x` -> `items[0].x`. */
export function toFieldPath(prefix: string, instancePath: string, extra?: string): string {
  const parts = instancePath.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (extra) parts.push(extra);
  let out = prefix;
  for (const part of parts) {
    if (/^\d+$/.test(part)) out += `[${part}]`;
    else out += out === '' ? part : `.${part}`;
  }
  return out;
}

const schemaDescription = (e: ErrorObject): string | undefined =>
  e.parentSchema && typeof e.parentSchema === 'object' && 'description' in e.parentSchema ? String((e.parentSchema as { description?: string }).description) : undefined;

/** A date field: the `date` format, or a pattern whose description says it is a date (`IsoDate`). */
const isDateRule = (e: ErrorObject) => (e.keyword === 'format' && e.params.format === 'date') || /^a date YYYY-MM-DD$/.test(schemaDescription(e) ?? '');

/** The catalogue code (error-codes.ts) for one ajv error: one code per keyword the schemas use. */
export function codeOf(e: ErrorObject): FieldError & { field: '' } {
  const at = <C extends ErrorCode>(code: C, ...params: ParamsArg<C>) => fieldError('', code, ...params) as FieldError & { field: '' };
  const n = (v: unknown) => Number(v);
  switch (e.keyword) {
    case 'required':
      return at('REQUIRED');
    case 'maxLength':
      return at('TOO_LONG', { max: n(e.params.limit) });
    case 'minLength':
      return n(e.params.limit) === 1 ? at('EMPTY') : at('TOO_SHORT', { min: n(e.params.limit) });
    case 'type': {
      const type = String(e.params.type);
      return type === 'number' || type === 'integer' ? at('NOT_A_NUMBER', { type }) : at('WRONG_TYPE', { type });
    }
    case 'enum':
      return at('NOT_ONE_OF', { allowed: (e.params.allowedValues as unknown[]).join(', ') });
    case 'const':
      return at('MUST_EQUAL', { value: JSON.stringify(e.params.allowedValue) });
    case 'pattern':
    case 'format':
      if (isDateRule(e)) return typeof e.data === 'string' && isRealDay(e.data) ? at('DATE_OUT_OF_RANGE', { min: DATE_MIN, max: DATE_MAX }) : at('NOT_A_DATE');
      if (e.keyword === 'format' && e.params.format === DATE_TIME_MINUTE) return at('NOT_A_DATE_TIME');
      return at('INVALID_FORMAT', { format: schemaDescription(e) ?? (e.keyword === 'format' ? `a ${e.params.format}` : undefined) } as { format?: string });
    case 'minimum':
    case 'exclusiveMinimum':
      return at('TOO_SMALL', e.keyword === 'minimum' ? { min: n(e.params.limit) } : { min: n(e.params.limit), exclusive: 1 });
    case 'maximum':
    case 'exclusiveMaximum':
      return at('TOO_LARGE', e.keyword === 'maximum' ? { max: n(e.params.limit) } : { max: n(e.params.limit), exclusive: 1 });
    case 'minItems':
      return at('TOO_FEW_ITEMS', { min: n(e.params.limit) });
    case 'maxItems':
      return at('TOO_MANY_ITEMS', { max: n(e.params.limit) });
    case 'uniqueItems':
      return at('DUPLICATE_ITEMS', { i: n(e.params.i), j: n(e.params.j) });
    case 'additionalProperties':
      return at('NOT_ALLOWED');
    case TEXT_KEYWORD: {
      const problem = typeof e.data === 'string' ? textAt(e.data) : null;
      return problem ? at('CONTROL_CHARACTERS', problem) : at('CONTROL_CHARACTERS', {});
    }
    case PRINTABLE_KEYWORD: {
      const at1 = typeof e.data === 'string' ? unprintableAt(e.data) : null;
      return at('CHARACTER_NOT_PRINTABLE', at1 ?? { text: '?', char: '?', position: 0 });
    }
    default:
      return at('INVALID', { message: e.message ?? 'is invalid' });
  }
}

export function ajvToFields(errors: ErrorObject[] | null | undefined, prefix = ''): FieldError[] {
  const out: FieldError[] = [];
  const seen = new Set<string>();
  // A nullable field that is wrong says what it should be, not also "must be a null".
  const otherwise = new Set((errors ?? []).filter((e) => !(e.keyword === 'type' && e.params.type === 'null')).map((e) => e.instancePath));
  for (const e of errors ?? []) {
    if (e.keyword === 'anyOf' || e.keyword === 'oneOf' || e.keyword === 'if') continue;
    if (e.keyword === 'type' && e.params.type === 'null' && otherwise.has(e.instancePath)) continue;
    const named = e.keyword === 'required' ? e.params.missingProperty : e.keyword === 'additionalProperties' ? e.params.additionalProperty : undefined;
    const field = toFieldPath(prefix, e.instancePath, named === undefined ? undefined : String(named));
    const coded = codeOf(e);
    const key = `${field}\u0000${coded.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    // INVALID carries its text as the message already; its params would only repeat it.
    const { params, ...rest } = coded;
    out.push({ ...rest, field: field || '(body)', ...(params && coded.code !== 'INVALID' ? { params } : {}) });
  }
  return out;
}

/** Returns field errors (empty when valid). Coercing validation mutates `value` in place. */
export function checkSchema(schema: TSchema, value: unknown, opts: { prefix?: string; coerce?: boolean } = {}): FieldError[] {
  let fn: ValidateFunction;
  if (opts.coerce) fn = coercing(schema);
  else {
    const v = compiled(schema);
    if (v.quick(value)) return [];
    fn = v.full ??= strictAjv.compile(hardened(schema));
  }
  if (fn(value)) return [];
  return ajvToFields(fn.errors, opts.prefix ?? '');
}

export function assertSchema(schema: TSchema, value: unknown, opts: { prefix?: string; coerce?: boolean } = {}): void {
  const fields = checkSchema(schema, value, opts);
  if (fields.length) throw validationError(fields);
}
