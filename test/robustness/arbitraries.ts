import fc from 'fast-check';
import { rawBodyOf } from '../../main/ops/raw-body.js';
import { ocrFile, ocrSpec } from '../helpers/bank-file-gen.js';

/** Values that tend to break things: wrong types, extremes, odd text. */
export const nasty: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1e308, -1e308, 1e20, 2 ** 53 + 1, 0.1 + 0.2, '', ' ', '\u0000', '\u0007x', 'a\u001bb', 'x\uffff', '\ud800', '💥'.repeat(40), 'x'.repeat(300), '2026-02-30', '9999-99-99', '0150', 'NORGE', '923609016', [], {}, [null], { number: 1 }, '<x>&amp;', "'; drop table recipients; --"),
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 2 }),
);

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
}

const DATE = fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

/** Mostly valid values for a JSON schema (TypeBox), small and bounded, so operations are reached past validation. */
export function fromSchema(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 5) return fc.constant(undefined);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return fc.oneof(...branches.map((b) => fromSchema(b, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      const max = Math.min(schema.maxLength ?? 30, 30);
      const min = Math.min(schema.minLength ?? 0, max);
      if (schema.format === 'date') return DATE;
      if (schema.format === 'date-time-minute') return DATE.map((d) => `${d} 10:00`);
      if (schema.pattern?.includes('\\d{4}-\\d{2}-\\d{2}')) return schema.pattern.includes(':') ? DATE.map((d) => `${d} 10:00`) : DATE;
      if (schema.pattern) {
        try {
          return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? 200));
        } catch {
          /* fall through */
        }
      }
      return fc.string({ minLength: Math.max(min, 1), maxLength: Math.max(max, 1) });
    }
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? -5, -1_000_000), max: Math.min(schema.maximum ?? 50, 1_000_000_000) });
    case 'number': {
      const min = Math.max(schema.minimum ?? schema.exclusiveMinimum ?? -1000, -1e9);
      const max = Math.min(schema.maximum ?? 100_000, 1e9);
      return fc.integer({ min: Math.ceil(min * 100), max: Math.floor(max * 100) }).map((n) => n / 100);
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fromSchema(schema.items, depth + 1), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 3, 3) });
    case 'object': {
      const props = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(props)) model[k] = fromSchema(v, depth + 1);
      return fc.record(model, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Sets a value at a path of keys in a JSON value (creating objects/arrays on the way); the value itself if the path is empty. */
function setAt(root: unknown, path: string[], value: unknown): unknown {
  if (!path.length) return value;
  const base = root !== null && typeof root === 'object' ? structuredClone(root) : {};
  let o = base as Record<string, unknown>;
  for (const k of path.slice(0, -1)) {
    if (o[k] === null || typeof o[k] !== 'object') o[k] = {};
    o = o[k] as Record<string, unknown>;
  }
  o[path[path.length - 1]] = value;
  return base;
}

/** Keys present in a value, as paths (to mutate one). */
export function pathsOf(v: unknown, prefix: string[] = [], out: string[][] = []): string[][] {
  out.push(prefix);
  if (v !== null && typeof v === 'object' && prefix.length < 5) for (const [k, x] of Object.entries(v)) pathsOf(x, [...prefix, k], out);
  return out;
}

/** A body: a valid-looking one, the same with one to three fields made nasty or unknown, or junk of any shape. */
/** A bank file (the raw body of bankFiles.import, main/ops/raw-body.ts) as JSON takes it: base64 of a valid OCR giro file. */
const bankFile = fc
  .array(fc.record({ amountOre: fc.integer({ min: 1, max: 10_000_000 }), kid: fc.option(fc.constantFrom('99999995', '12345674', '0000012347'), { nil: undefined }) }), { minLength: 1, maxLength: 3 })
  .map((payments) => JSON.stringify(Buffer.from(ocrFile(ocrSpec('86011117947', '2026-03-14', payments))).toString('base64')));

export function bodyFor(schema: Schema | undefined): fc.Arbitrary<string | undefined> {
  if (schema && rawBodyOf(schema as never)) return fc.oneof({ weight: 4, arbitrary: bankFile }, { weight: 1, arbitrary: jsonBodyFor(schema) });
  return jsonBodyFor(schema);
}

function jsonBodyFor(schema: Schema | undefined): fc.Arbitrary<string | undefined> {
  const base = fromSchema(schema ?? { type: 'object', properties: {} });
  const mutated = fc
    .tuple(base, fc.array(fc.tuple(fc.nat(), fc.oneof(fc.constant(null), fc.constantFrom('zzJunk', 'name', '__proto__', 'constructor', '0')), nasty), { minLength: 1, maxLength: 3 }))
    .map(([b, edits]) => {
      let v = b;
      for (const [i, extraKey, value] of edits) {
        const paths = pathsOf(v);
        const at = paths[i % paths.length];
        v = setAt(v, extraKey ? [...at.slice(0, -1), extraKey] : at, value);
      }
      return v;
    });
  return fc.oneof(
    { weight: 3, arbitrary: base.map((v) => (v === undefined ? undefined : JSON.stringify(v))) },
    { weight: 5, arbitrary: mutated.map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 100 }) }, // mostly malformed JSON
    { weight: 1, arbitrary: mutated.map((v) => JSON.stringify(v)).map((t) => t.slice(0, Math.ceil(t.length / 2))) },
    { weight: 1, arbitrary: fc.integer({ min: 30, max: 3000 }).map((n) => '{"a":' + '['.repeat(n) + ']'.repeat(n) + '}') },
  );
}
