/**
 * The UBL schema check keeps its compiled schema in a schema thread (main/render/ehf/rules/schema-check.ts): many
 * documents at once each get their own verdict and their own complaints, Invoice and CreditNote side by side; a document
 * larger than the thread's buffer is checked whole (a new thread with room for it); after the threads are stopped the
 * next document starts new ones. What the complaints say is libxml2's (the corpus test compares them with Java's).
 */
import { afterAll, describe, expect, test } from 'vitest';
import { rulesDir } from '../../main/render/ehf/rules/rules-dir.js';
import { schemaProblems, stopSchemaThreads } from '../../main/render/ehf/rules/schema-check.js';
import { ehfRulesPresent } from '../helpers/ehf-validator.js';
import { ehfCorpus } from './ehf-corpus.js';

const present = ehfRulesPresent();
afterAll(() => stopSchemaThreads());

const corpus = present ? ehfCorpus(40) : [];
const check = (xml: string) => {
  const r = rulesDir()!;
  const root = /^(?:<\?xml[^>]*\?>\s*)?<CreditNote/.test(xml) ? 'CreditNote' : 'Invoice';
  return schemaProblems(xml, r.dir, r.manifest.schemas[root], r.manifest.schemas.files);
};
/** A schema-valid document made larger by a long note (cbc:Note may hold any text). */
const withNote = (xml: string, text: string) => xml.replace(/(<cbc:DocumentCurrencyCode>)/, `<cbc:Note>${text}</cbc:Note>$1`);

describe.skipIf(!present)('EHF schema thread', () => {
  test('documents checked at once each get their own answer, the same as one by one', async () => {
    const docs = corpus.filter((d) => !/broken-not-ubl/.test(d.name));
    expect(docs.some((d) => d.xml.includes('<CreditNote'))).toBe(true);
    const oneByOne: string[][] = [];
    for (const d of docs) oneByOne.push(await check(d.xml));
    const together = await Promise.all(docs.map((d) => check(d.xml)));
    expect(together).toEqual(oneByOne);
    // the schema's own complaints land on the documents broken against it, and only there
    const unknown = docs.findIndex((d) => d.name.startsWith('broken-unknown-element'));
    expect(unknown).toBeGreaterThanOrEqual(0);
    expect(together[unknown].join('\n')).toMatch(/Schemas validity error : Element '\{[^}]+\}\w+': This element is not expected/);
    docs.forEach((d, i) => {
      if (!d.broken) expect(together[i], d.name).toEqual([]);
    });
  }, 120_000);

  test('a document larger than the shared buffer (over 4 MB) is checked whole', async () => {
    const base = corpus.find((d) => !d.broken && d.xml.includes('<Invoice'))!.xml;
    const big = withNote(base, 'Lang merknad med ÆØÅ æøå. '.repeat(200_000));
    expect(Buffer.byteLength(big)).toBeGreaterThan(4 * 1024 * 1024);
    expect(await check(big)).toEqual([]);
    // the end of the large document is read too: a bad element after the note is found
    const badAtEnd = big.replace(/<\/Invoice>\s*$/, '<cbc:NotUbl>x</cbc:NotUbl></Invoice>');
    expect((await check(badAtEnd)).join('\n')).toMatch(/NotUbl': This element is not expected/);
    // and a small one after it still passes
    expect(await check(base)).toEqual([]);
  }, 120_000);

  test('after the threads are stopped the next document starts a new one', async () => {
    const d = corpus.find((x) => !x.broken)!;
    stopSchemaThreads();
    expect(await check(d.xml)).toEqual([]);
    const broken = corpus.find((x) => x.name.startsWith('broken-unknown-element'))!;
    expect((await check(broken.xml)).length).toBeGreaterThan(0);
  }, 60_000);
});
