/**
 * Operations are found by their names (issue 24): every name in the operation table is written out literally — in
 * quotes, not built from a template — in a file of its area's folder, main/features/<folder>/, so that searching for
 * `sending.sendInvoice` or `reports.recipientsBalance` lands on the code that defines it. The folder is the name's
 * prefix, except where the API's word and the folder differ (FOLDER_OF_PREFIX). Operations defined in another area
 * today are listed in KNOWN_ELSEWHERE, a ratchet: it may shrink, never grow.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { allOps } from '../../main/op-table.js';

const root = resolve(__dirname, '../..');

/** Prefixes whose operations live in a folder of another name. */
export const FOLDER_OF_PREFIX: Record<string, string> = {
  firstDay: 'first-day',
  orderConfirmations: 'offers', // one document chain: offers/offers.ops.ts
  labels: 'recipients', // recipient labels
  customFields: 'recipients', // recipient custom fields
  me: 'users',
  sessions: 'users',
  bankFiles: 'bank', // bank files and their transactions: bank/bank.ops.ts
  bankTransactions: 'bank',
};

/** Operations defined in another area's folder today, with where (to be moved; a new one fails). */
export const KNOWN_ELSEWHERE: Record<string, string> = {};

function sourcesOf(folder: string): string {
  const dir = join(root, 'main/features', folder);
  const walk = (d: string): string[] =>
    readdirSync(d).flatMap((n) => {
      const f = join(d, n);
      return statSync(f).isDirectory() ? walk(f) : /\.ts$/.test(n) ? [readFileSync(f, 'utf8')] : [];
    });
  try {
    return walk(dir).join('\n');
  } catch {
    return '';
  }
}

const folderOf = (name: string) => {
  const prefix = name.split('.')[0];
  return FOLDER_OF_PREFIX[prefix] ?? prefix;
};
const literal = (name: string) => new RegExp(`['"\`]${name.replace(/\./g, '\\.')}['"\`]`);

describe('operation names', () => {
  const texts = new Map<string, string>();
  const textOf = (folder: string) => texts.get(folder) ?? (texts.set(folder, sourcesOf(folder)), texts.get(folder)!);

  test('the table was read: over 150 operations, each name unique', () => {
    const names = allOps.map((op) => op.name);
    expect(names.length).toBeGreaterThan(150);
    expect(new Set(names).size).toBe(names.length);
  });

  test('every operation name appears literally in a file of its area\'s folder', () => {
    const missing = allOps
      .map((op) => op.name)
      .filter((name) => !(name in KNOWN_ELSEWHERE))
      .filter((name) => !literal(name).test(textOf(folderOf(name))))
      .map((name) => `${name}: not written out in main/features/${folderOf(name)}/`);
    expect(missing).toEqual([]);
  });

  test('the known exceptions are still exceptions (shrink the list when one moves)', () => {
    for (const name of Object.keys(KNOWN_ELSEWHERE)) {
      expect(allOps.some((op) => op.name === name), name).toBe(true);
      expect(literal(name).test(textOf(folderOf(name))), `${name} is in its area now: remove it from KNOWN_ELSEWHERE`).toBe(false);
    }
  });

  test('the check bites: a name built by a template is not found', () => {
    expect(literal('sending.sendInvoice').test("name: `sending.send${d.area}`")).toBe(false);
    expect(literal('sending.sendInvoice').test("send: 'sending.sendInvoice',")).toBe(true);
  });
});
