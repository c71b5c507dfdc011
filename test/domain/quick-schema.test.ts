/**
 * The quick validator (compiled from quickForm, main/ops/quick-schema.ts) must accept exactly what the schema as
 * written accepts: checkSchema trusts its "valid" without asking the full one. Values are drawn from each schema
 * (right and wrong types, too long, control and unprintable characters, unknown fields, missing ones) for every
 * operation's body and query schema, and both validators must give the same answer for each.
 */
import type { TSchema } from '@sinclair/typebox';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { allOps } from '../../main/op-table.js';
import { RecipientInput } from '../../main/features/recipients/recipients.schema.js';
import { quickForm } from '../../main/ops/quick-schema.js';
import { hardened } from '../../main/ops/text.js';
import { validatorsOf } from '../../main/ops/validate.js';

type Node = Record<string, unknown>;

const anyScalar = fc.oneof(fc.constant(null), fc.boolean(), fc.integer({ min: -5, max: 5 }), fc.double({ noNaN: true }), fc.constantFrom('', 'x', '0150', 'SNAIL', '🧾', 'a\u0001b'), fc.constant({}), fc.constant([]));

/** Mostly the valid choice, sometimes a wrong one: an object then has about one wrong field, which the other fields do not hide. */
const mostly = (valid: fc.Arbitrary<unknown>, wrong: fc.Arbitrary<unknown>) => fc.oneof({ weight: 30, arbitrary: valid }, { weight: 1, arbitrary: wrong });

function stringValues(s: Node): fc.Arbitrary<unknown> {
  const max = Number(s.maxLength ?? 40);
  const min = Number(s.minLength ?? 0);
  const valid =
    s.format !== undefined || s.pattern !== undefined
      ? fc.constantFrom('2026-03-15', '2026-03-15 12:00', '12:00', '0150', 'NO', 'https://example.no', 'a@example.no', '15:00')
      : fc.oneof(fc.string({ minLength: min, maxLength: Math.min(max, 30) }), fc.constantFrom('Ålesund', 'č đ ŋ', 'x'.repeat(Math.min(max, 300))).filter((x) => x.length >= min && x.length <= max));
  const wrong = fc.oneof(anyScalar, fc.constantFrom('bad\u0007', '🧾', '\uD800', 'x'.repeat(Math.min(max + 1, 100_001)), ''));
  return mostly(valid, wrong);
}

function numberValues(s: Node, integer: boolean): fc.Arbitrary<unknown> {
  const min = Number(s.minimum ?? -1000);
  const max = Number(s.maximum ?? 100_000);
  const valid = integer ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
  return mostly(valid, fc.oneof(anyScalar, fc.constantFrom(min - 1, max + 1, 0.5, -0.5)));
}

/** Values shaped by the schema node (mostly valid, now and then one thing wrong). */
function valuesOf(node: unknown, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6 || node === null || typeof node !== 'object') return anyScalar;
  const s = node as Node;
  if (Array.isArray(s.anyOf)) return mostly(fc.oneof(...(s.anyOf as unknown[]).map((b) => valuesOf(b, depth + 1))), anyScalar);
  if (Array.isArray(s.enum)) return mostly(fc.constantFrom(...(s.enum as unknown[])), anyScalar);
  if ('const' in s) return mostly(fc.constant(s.const), anyScalar);
  const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
  const parts: fc.Arbitrary<unknown>[] = [];
  for (const type of types) {
    if (type === 'string') parts.push(stringValues(s));
    else if (type === 'integer' || type === 'number') parts.push(numberValues(s, type === 'integer'));
    else if (type === 'boolean') parts.push(mostly(fc.boolean(), anyScalar));
    else if (type === 'null') parts.push(fc.constant(null));
    else if (type === 'array') parts.push(mostly(fc.array(valuesOf(s.items, depth + 1), { minLength: Number(s.minItems ?? 0), maxLength: Math.max(Number(s.minItems ?? 0), 3) }), anyScalar));
    else if (type === 'object' || s.properties) {
      const props = Object.entries((s.properties ?? {}) as Record<string, unknown>);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, sub] of props) record[name] = valuesOf(sub, depth + 1);
      const required = new Set((s.required ?? []) as string[]);
      const change = mostly(fc.constant(null), fc.constantFrom<[string, unknown]>(['extra', 1], [props[0]?.[0] ?? 'a', undefined])) as fc.Arbitrary<[string, unknown] | null>;
      parts.push(
        fc.tuple(fc.record(record, { requiredKeys: props.map(([n]) => n).filter((n) => required.has(n)) }), change).map(([o, c]) => {
          const copy: Record<string, unknown> = { ...(o as object) };
          if (c && c[1] === undefined) delete copy[c[0]];
          else if (c) copy[c[0]] = c[1];
          return copy;
        }),
      );
    }
  }
  return parts.length ? fc.oneof(...parts) : anyScalar;
}

const schemas: Array<[string, TSchema]> = [['RecipientInput', RecipientInput]];
for (const op of allOps as unknown as Array<{ name: string; body?: TSchema; query?: TSchema }>) {
  if (op.body) schemas.push([`${op.name} body`, op.body]);
}

describe('the quick validator answers as the schema as written', () => {
  test('quickForm makes the recipient schema smaller: no anyOf left', () => {
    expect(JSON.stringify(quickForm(hardened(RecipientInput)))).not.toContain('anyOf');
  });

  test.each(schemas)('%s', (_name, schema) => {
    const { quick, full } = validatorsOf(schema);
    const checked = hardened(schema);
    let accepted = 0;
    fc.assert(
      fc.property(valuesOf(checked), (value) => {
        // The full validator removes read-back fields it accepts; each gets its own copy.
        const answer = full(structuredClone(value));
        expect(quick(structuredClone(value))).toBe(answer);
        if (answer) accepted++;
      }),
      { numRuns: 300, seed: 29 },
    );
    // Both answers were asked for: some values were accepted (the rest refused).
    if (_name === 'RecipientInput') expect(accepted).toBeGreaterThan(30);
  });
});
