/**
 * The in-process EHF validator (main/render/ehf/rules, what Kvitt runs before it writes, sends or zips an EHF) gives the
 * same answer as ../shared/peppol/validate-ehf (Java Saxon-HE + xmllint) on a corpus of 210 generated invoices and credit
 * notes and 43 documents broken on purpose (ehf-corpus.ts): the same verdict, the same failed rules with the same flags
 * and texts, the same schema complaints. Java runs once over the whole corpus (java-ehf-validator.ts), and the script
 * itself on a sample to show that the batch is the script. Under CI a missing Java or missing rules fail.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ehfRulesPresent, validateEhfXml, type EhfReport } from '../helpers/ehf-validator.js';
import { javaValidateBatch, javaValidatorPresent, runValidateEhf } from '../helpers/java-ehf-validator.js';
import { ehfCorpus, malformed, type CorpusDoc } from './ehf-corpus.js';

const corpus: CorpusDoc[] = [...ehfCorpus(), malformed];
const dir = mkdtempSync(join(tmpdir(), 'kvitt-ehf-corpus-'));
const path = (d: CorpusDoc) => join(dir, d.name);
const reports = new Map<string, EhfReport>();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A schema or parser complaint without what only says where (file, line, element): libxml2's own words. */
const schemaWords = (line: string) => line.replace(/^.*?(Schemas validity error|parser error|Schemas parser error) : /, '$1 : ').trim();

/** The problems of one file in one comparable form: rule lines as they are, schema lines by their words; sorted. */
function comparable(lines: string[]): string[] {
  return lines.map((l) => (/^fatal XSD: /.test(l) ? `fatal XSD: ${schemaWords(l.slice('fatal XSD: '.length))}` : l)).sort();
}
const jsLines = (r: EhfReport) => comparable(r.problems.map((p) => (p.id === 'XSD' || p.id === 'XML' ? `fatal ${p.id}: ${p.text}` : `${p.flag} ${p.id}: ${p.text}`)));

const present = ehfRulesPresent();

describe.skipIf(!present)('EHF corpus: in-process validator', () => {
  beforeAll(async () => {
    for (const d of corpus) {
      writeFileSync(path(d), d.xml);
      reports.set(d.name, await validateEhfXml(d.xml));
    }
  }, 900_000);

  test('the corpus: at least 200 generated invoices and credit notes, and the broken ones', () => {
    const generated = corpus.filter((d) => !d.broken);
    expect(generated.length).toBeGreaterThanOrEqual(200);
    expect(generated.filter((d) => d.xml.includes('<CreditNote')).length).toBeGreaterThan(30);
    expect(new Set(generated.map((d) => d.xml.match(/<cbc:DocumentCurrencyCode>(\w+)/)![1])).size).toBeGreaterThanOrEqual(4);
    for (const cat of ['S', 'Z', 'E', 'O']) expect(generated.some((d) => d.xml.includes(`<cbc:ID>${cat}</cbc:ID>`)), cat).toBe(true);
    expect(generated.some((d) => /<cbc:IdentificationCode>SE</.test(d.xml))).toBe(true);
    expect(corpus.filter((d) => d.broken).length).toBeGreaterThanOrEqual(40);
  });

  test('every document broken on purpose fails with a fatal problem; Norwegian documents pass', () => {
    for (const d of corpus.filter((x) => x.broken)) expect(reports.get(d.name)!.ok, d.name).toBe(false);
    const norwegian = corpus.filter((d) => !d.broken && !/<cac:AccountingCustomerParty>[\s\S]*<cbc:IdentificationCode>(SE|DK|DE|GB)</.test(d.xml));
    expect(norwegian.length).toBeGreaterThan(120);
    for (const d of norwegian) expect(jsLines(reports.get(d.name)!).filter((l) => l.startsWith('fatal')), d.name).toEqual([]);
  });

  test('the same verdict and the same problems as validate-ehf (Java) for every document', async (ctx) => {
    if (!(await javaValidatorPresent())) return ctx.skip();
    const java = await javaValidateBatch(join(dir, 'java'), corpus.map(path));
    const differences: string[] = [];
    for (const d of corpus) {
      const ours = jsLines(reports.get(d.name)!);
      const theirs = comparable(java.get(path(d))!);
      if (JSON.stringify(ours) !== JSON.stringify(theirs)) differences.push(`${d.name}\n  java: ${theirs.join('\n        ')}\n  js:   ${ours.join('\n        ')}`);
    }
    expect(differences.join('\n')).toBe('');
    // the broken documents failed for Java too, with a fatal line
    for (const d of corpus.filter((x) => x.broken)) expect(java.get(path(d))!.some((l) => l.startsWith('fatal')), d.name).toBe(true);

    // The batch is the script: validate-ehf itself on a sample gives the same lines and verdicts.
    const sample = ['broken-wrong-endpoint-scheme-0.xml', 'broken-unknown-element-0.xml', 'broken-not-ubl.xml', 'broken-malformed.xml', corpus[0].name]
      .map((n) => corpus.find((d) => d.name === n)!);
    const script = await runValidateEhf(sample.map(path));
    for (const d of sample) {
      const s = script.get(path(d))!;
      expect(comparable(s.problems), d.name).toEqual(comparable(java.get(path(d))!));
      expect(s.verdict === 'FAIL', d.name).toBe(!reports.get(d.name)!.ok);
    }
  }, 900_000);
});
