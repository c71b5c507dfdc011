/**
 * The rule sets run as one long saxon-js transformation per thread (main/render/ehf/rules/rule-thread.ts, compiled by
 * scripts/ehf-rules-loop.mjs): what a document gets must not depend on the documents checked before it in the same
 * transformation (the official globals computed from the document — the buyer's and seller's country, the profile,
 * the currency — are evaluated per document), and must be what a fresh transformation of that document gives. The
 * corpus test (ehf-corpus.test.ts) compares the whole result with the Java validator.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { failedAsserts, parseXml } from '../../main/render/ehf/rules/rule-check.js';
import { rulesDir } from '../../main/render/ehf/rules/rules-dir.js';
import { loopFailedAsserts, ruleThreadsRunning, stopRuleThreads } from '../../main/render/ehf/rules/rule-thread.js';
import { ehfRulesPresent } from '../helpers/ehf-validator.js';
import { ehfCorpus } from './ehf-corpus.js';

const present = ehfRulesPresent();
afterAll(() => stopRuleThreads());

const rules = present ? rulesDir()! : null;
const loops = rules?.manifest.loops ?? [];
const lines = (asserts: { flag: string; id: string; text: string }[]) => asserts.map((a) => `${a.flag} ${a.id}: ${a.text}`);
const countryOf = (xml: string) => /<cac:AccountingCustomerParty>[\s\S]*?<cbc:IdentificationCode>(\w+)</.exec(xml)?.[1];
// The documents of every test here, generated once (the corpus is deterministic: its first 40 are ehfCorpus(40)'s).
const corpus = present ? ehfCorpus(50) : [];

describe.skipIf(!present)('EHF rule threads', () => {
  test('both rule sets are built as loops', () => {
    expect(loops).toEqual(rules!.manifest.ruleSets);
  });

  test('each document gets what a fresh transformation gives it, whatever came before it in the thread', async () => {
    // German, Swedish, Danish and British buyers between Norwegian ones, invoices and credit notes, broken ones too:
    // a rule that kept the first document's country or profile would answer the next one wrongly
    const docs = corpus.filter((d) => d.name !== 'broken-not-ubl.xml' && (!d.broken || /-0\.xml$/.test(d.name)));
    const countries = new Set(docs.map((d) => countryOf(d.xml)));
    for (const c of ['NO', 'SE', 'DK', 'DE', 'GB']) expect(countries.has(c), c).toBe(true);
    const parsed = docs.map((d) => parseXml(d.xml)); // once for both rule sets, as validate-ehf.ts does
    for (const sef of loops) {
      const fresh = parsed.map((doc) => lines(failedAsserts(doc, rules!.dir, sef)));
      const together = await Promise.all(docs.map((d) => loopFailedAsserts(d.xml, rules!.dir, sef)));
      expect(together.map(lines), sef).toEqual(fresh);
      // and in the reverse order, in the same thread
      const reversed = [];
      for (const d of [...docs].reverse()) reversed.push(lines(await loopFailedAsserts(d.xml, rules!.dir, sef)));
      expect(reversed.reverse(), sef).toEqual(fresh);
    }
  }, 600_000);

  test("the seller's country is the document's own, document after document", async () => {
    // NO-R-002 (a warning) is checked only for a Norwegian seller (PEPPOL's global $supplierCountry, in a match pattern)
    const sef = loops.find((s) => s.startsWith('PEPPOL'))!;
    const ids = async (xml: string) => (await loopFailedAsserts(xml, rules!.dir, sef)).map((a) => a.id);
    // the first of the first 40 generated documents that gets it, looked for one after the other
    let norwegian = '';
    for (const d of corpus.filter((x) => !x.broken).slice(0, 40)) {
      if ((await ids(d.xml)).includes('NO-R-002')) {
        norwegian = d.xml;
        break;
      }
    }
    expect(norwegian).toBeTruthy();
    const swedish = norwegian.replace(/(<cac:AccountingSupplierParty>[\s\S]*?<cbc:IdentificationCode>)NO(<)/, '$1SE$2');
    expect(swedish).not.toBe(norwegian);
    for (const xml of [norwegian, swedish, norwegian, swedish]) {
      expect(await ids(xml)).toEqual(failedAsserts(parseXml(xml), rules!.dir, sef).map((a) => a.id));
    }
    expect(await ids(norwegian)).toContain('NO-R-002');
    expect(await ids(swedish)).not.toContain('NO-R-002');
  }, 300_000);

  test('after the threads are stopped the next document starts new ones', async () => {
    const d = corpus.find((x) => x.name.startsWith('broken-wrong-endpoint-scheme'))!;
    const sef = loops.find((s) => s.startsWith('PEPPOL'))!;
    const before = lines(await loopFailedAsserts(d.xml, rules!.dir, sef));
    expect(before.join('\n')).toMatch(/^fatal PEPPOL-COMMON-R0\d\d: /m);
    stopRuleThreads();
    expect(lines(await loopFailedAsserts(d.xml, rules!.dir, sef))).toEqual(before);
  }, 120_000);

  test('a rule thread with nothing to do ends (its memory given back); the next document starts it again', async () => {
    const d = corpus.find((x) => x.name.startsWith('broken-wrong-payable'))!;
    const sef = loops.find((s) => s.startsWith('CEN'))!;
    stopRuleThreads();
    process.env.KVITT_EHF_RULE_THREAD_IDLE_MS = '300';
    try {
      const before = lines(await loopFailedAsserts(d.xml, rules!.dir, sef));
      expect(before.join('\n')).toMatch(/^fatal BR-CO-16: /m);
      expect(ruleThreadsRunning()).toBe(1);
      for (let i = 0; i < 600 && ruleThreadsRunning() > 0; i++) await new Promise((r) => setTimeout(r, 100));
      expect(ruleThreadsRunning()).toBe(0);
      expect(lines(await loopFailedAsserts(d.xml, rules!.dir, sef))).toEqual(before);
    } finally {
      delete process.env.KVITT_EHF_RULE_THREAD_IDLE_MS;
      stopRuleThreads();
    }
  }, 120_000);
});
