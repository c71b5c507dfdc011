/**
 * An answer's code and its status say the same thing everywhere: every `new OpError(<status>, '<CODE>'` written in
 * main/ gives the status the catalogue (main/ops/op-codes.ts) has for that code, so a client can rely on either.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from 'vitest';
import { OP_CODES, type OpCode } from '../../main/ops/op-codes.js';

const root = resolve(__dirname, '../..');
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? sources(full) : name.endsWith('.ts') ? [full] : [];
  });

test('every OpError written with a status and a code gives the catalogue status of that code', () => {
  const sites: string[] = [];
  const wrong: string[] = [];
  for (const file of sources(join(root, 'main'))) {
    for (const m of readFileSync(file, 'utf8').matchAll(/new OpError\(\s*(\d{3}),\s*'([A-Z_]+)'/g)) {
      const where = `${file.slice(root.length + 1)}: ${m[1]} ${m[2]}`;
      sites.push(where);
      if (OP_CODES[m[2] as OpCode] !== Number(m[1])) wrong.push(`${where} (catalogue: ${OP_CODES[m[2] as OpCode] ?? 'no such code'})`);
    }
  }
  expect(sites.length).toBeGreaterThan(40);
  expect(wrong).toEqual([]);
});
