import { PRINTABLE_KEYWORD, unprintableAt } from './printable.js';
import { isCleanText, READ_BACK_KEYWORD, TEXT_KEYWORD } from './text.js';

/**
 * The form of a (hardened) schema that validate.ts compiles for its quick, stop-at-the-first-error validator, which
 * only answers valid or not (invalid input is checked again with the schema as written, to name every field). It
 * accepts exactly what the schema accepts, in less code: a union of different types, such as a nullable string
 * (`anyOf: [{type: 'string', maxLength: 42}, {type: 'null'}]`), becomes one schema with a list of types
 * (`{type: ['string', 'null'], maxLength: 42}`: a length rule only applies to strings), and a union of literals an
 * `enum`. Ajv writes every branch of an `anyOf` out with its error bookkeeping; for the recipient schema that was 68 kB
 * of code per element, which V8 compiled twice (on-stack, then whole) during the first batches a server saw: most of
 * their CPU beyond the steady state.
 */
export function quickForm(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(quickForm);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) {
    // Named sub-schemas (properties, $defs) are maps of schemas; a keyword's value is a schema or a list of them;
    // enum/const values are data and stay as they are.
    if (k === 'properties' || k === 'patternProperties' || k === '$defs' || k === 'definitions') {
      out[k] = Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([name, s]) => [name, quickForm(s)]));
    } else if (k === 'enum' || k === 'const' || k === 'required' || k === 'default' || k === 'examples') out[k] = v;
    else out[k] = quickForm(v);
  }
  const merged = Array.isArray(out.anyOf) ? mergeScalars(out.anyOf as unknown[]) ?? literals(out.anyOf as unknown[]) : null;
  if (!merged) return out;
  const { anyOf: _replaced, ...rest } = out;
  // Keywords beside the anyOf (a description) stay; a rule beside it would have to hold too, so none is merged over.
  if (Object.keys(rest).some((k) => !ANNOTATIONS.has(k))) return out;
  return { ...rest, ...merged };
}

const ANNOTATIONS = new Set(['description', 'title', 'examples', '$comment']);
/** The rules that apply to one type only (a value of another type passes them). */
const ONLY_FOR: Record<string, ReadonlySet<string>> = {
  string: new Set(['maxLength', 'minLength', 'pattern', 'format', TEXT_KEYWORD, PRINTABLE_KEYWORD]),
  number: new Set(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf']),
  integer: new Set(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf']),
  boolean: new Set(),
  null: new Set(),
  object: new Set(['properties', 'required', 'additionalProperties', 'patternProperties', 'minProperties', 'maxProperties', READ_BACK_KEYWORD]),
  array: new Set(['items', 'minItems', 'maxItems', 'uniqueItems']),
};

/** `anyOf` of branches that each are one type (each a different one) with rules for that type only -> one schema, or null. */
function mergeScalars(branches: unknown[]): Record<string, unknown> | null {
  const types: string[] = [];
  const rules: Record<string, unknown> = {};
  for (const b of branches) {
    if (b === null || typeof b !== 'object' || Array.isArray(b)) return null;
    const { type, ...rest } = b as Record<string, unknown>;
    if (typeof type !== 'string' || !(type in ONLY_FOR) || types.includes(type)) return null;
    types.push(type);
    for (const [k, v] of Object.entries(rest)) {
      if (ANNOTATIONS.has(k)) continue;
      if (!ONLY_FOR[type].has(k) || k in rules) return null;
      rules[k] = v;
    }
  }
  // integer is a number: their rules would apply to each other's values.
  if (types.includes('number') && types.includes('integer')) return null;
  return { type: types, ...rules };
}

/** `anyOf` of literals (`{const, type}`, strings passing the text rules), enums and null -> `enum`, or null. */
function literals(branches: unknown[]): Record<string, unknown> | null {
  const values: unknown[] = [];
  for (const b of branches) {
    if (b === null || typeof b !== 'object' || Array.isArray(b)) return null;
    const { const: value, type, ...rest } = b as Record<string, unknown>;
    // A union of literals already made an enum (a nullable union of literals).
    if (Array.isArray(rest.enum) && type === undefined && value === undefined && Object.keys(rest).every((k) => k === 'enum' || ANNOTATIONS.has(k))) {
      values.push(...rest.enum);
      continue;
    }
    if (type === 'null' && value === undefined && Object.keys(rest).every((k) => ANNOTATIONS.has(k))) {
      values.push(null);
      continue;
    }
    if (value === undefined || value === null || typeof value === 'object' || typeof value !== type) return null;
    for (const k of Object.keys(rest)) {
      if (ANNOTATIONS.has(k)) continue;
      if (typeof value !== 'string' || (k !== TEXT_KEYWORD && k !== PRINTABLE_KEYWORD)) return null;
    }
    if (typeof value === 'string' && (!isCleanText(value) || unprintableAt(value) !== null)) return null;
    values.push(value);
  }
  return { enum: values };
}
