/**
 * Writes the allowed area graph (test/architecture/area-graph.ts) into docs/architecture.md, between its markers.
 * Run: npx tsx scripts/area-graph-doc.ts (test/architecture/import-graph.test.ts fails while the docs differ).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { areaGraphDoc, DOC_BEGIN, DOC_END } from '../test/architecture/area-graph.js';

const file = join(import.meta.dirname, '..', 'docs', 'architecture.md');
const text = readFileSync(file, 'utf8');
const a = text.indexOf(DOC_BEGIN);
const b = text.indexOf(DOC_END);
if (a < 0 || b < a) throw new Error(`docs/architecture.md has no ${DOC_BEGIN} ... ${DOC_END} block`);
writeFileSync(file, text.slice(0, a) + areaGraphDoc() + text.slice(b + DOC_END.length));
console.log('docs/architecture.md: area graph written');
