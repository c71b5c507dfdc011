/**
 * What the robustness checks cost on the largest input Kvitt takes, a 10,000-recipient batch (about 4 MB of JSON), in
 * one process, alternating the variants in each round (median of 7 rounds):
 * - body parsing: JSON.parse alone vs parseBoundedJson (the depth scan, then JSON.parse);
 * - validation of the batch: the recipient schema compiled as written (plain ajv) vs hardened (unknown fields refused,
 *   every string checked for control characters), as the operations now validate;
 * - start-up: PRAGMA integrity_check on a file with those 10,000 recipients.
 */
import { Type } from '@sinclair/typebox';
import AjvModule from 'ajv';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openApp } from '../../main/app.js';
import { fixedClock } from '../../main/clock.js';
import { createRecipients } from '../../main/features/recipients/recipients.service.js';
import { RecipientInput } from '../../main/features/recipients/recipients.schema.js';
import { parseBoundedJson } from '../../main/ops/bounds.js';
import { checkSchema } from '../../main/ops/validate.js';
import { fmt } from './lib.js';

const Ajv = (AjvModule as unknown as { default?: typeof AjvModule }).default ?? AjvModule;
const N = Number(process.env.BENCH_RECIPIENTS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);

const batch = Array.from({ length: N }, (_, i) => ({
  name: `Kunde ${i} AS`,
  customerNumber: `K${i}`,
  contact: { address: { address1: `Gate ${i}`, zip: '0150', city: 'OSLO' }, email: `post${i}@kunde.no`, phone: '22 22 22 22' },
  organisation: { form: 'as', icd: 9908, number: '923609016' },
  settings: { creditDays: 14, discount: 0 },
}));
const text = JSON.stringify(batch);
const arraySchema = Type.Array(RecipientInput);
const plain = new Ajv({ allErrors: false, strict: false }).compile(arraySchema);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const time = (fn: () => void) => {
  const t = performance.now();
  fn();
  return performance.now() - t;
};

const r = { parse: [] as number[], bounded: [] as number[], plain: [] as number[], hardened: [] as number[] };
for (let round = 0; round < ROUNDS + 1; round++) {
  const p1 = time(() => JSON.parse(text));
  const p2 = time(() => parseBoundedJson(text));
  const data = JSON.parse(text);
  const v1 = time(() => {
    if (!plain(data)) throw new Error('invalid');
  });
  const v2 = time(() => {
    if (checkSchema(arraySchema, data).length) throw new Error('invalid');
  });
  if (round === 0) continue; // warm-up
  r.parse.push(p1);
  r.bounded.push(p2);
  r.plain.push(v1);
  r.hardened.push(v2);
}

const dir = mkdtempSync(join(tmpdir(), 'kvitt-bench-rob-'));
const file = join(dir, 'kvitt.sqlite');
const app = await openApp({ dbFile: file, clock: fixedClock('2026-03-15') });
await createRecipients(app.ctx, batch as never, true);
const integrity: number[] = [];
for (let i = 0; i < 3; i++) integrity.push(time(() => app.database.raw.pragma('integrity_check')));
await app.close();
rmSync(dir, { recursive: true, force: true });

console.log(`${N} recipients, ${fmt(text.length / 1024 / 1024)} MB of JSON, median of ${ROUNDS} rounds`);
console.log(`parse:      JSON.parse ${fmt(median(r.parse))} ms, parseBoundedJson ${fmt(median(r.bounded))} ms = ${fmt(median(r.bounded) / median(r.parse), 2)}x`);
console.log(`validation: as written ${fmt(median(r.plain))} ms, hardened ${fmt(median(r.hardened))} ms = ${fmt(median(r.hardened) / median(r.plain), 2)}x`);
console.log(`start-up:   integrity_check of the ${N}-recipient file ${fmt(median(integrity))} ms`);
