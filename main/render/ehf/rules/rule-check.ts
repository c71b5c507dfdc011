/**
 * The official business rules (EN 16931 and Peppol BIS Billing 3.0 with the Norwegian NO-R-*) of one EHF document:
 * the compiled schematrons as SEF run by saxon-js, their SVRL read for each failed assertion's flag, id and text (as
 * validate-ehf does: `(@flag, 'fatal')[1]`, `@id`, `normalize-space(svrl:text)`).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

interface SaxonApi {
  transform(options: Record<string, unknown>, mode: 'sync'): { principalResult: unknown };
  XPath: { evaluate(xpath: string, context: unknown, options?: Record<string, unknown>): unknown };
}

let saxon: SaxonApi | null = null;
const stylesheets = new Map<string, unknown>();

function saxonJs(): SaxonApi {
  return (saxon ??= createRequire(import.meta.url)('saxon-js') as SaxonApi);
}

function stylesheet(rulesDir: string, file: string): unknown {
  const key = join(rulesDir, file);
  let sef = stylesheets.get(key);
  if (!sef) stylesheets.set(key, (sef = JSON.parse(readFileSync(key, 'utf8'))));
  return sef;
}

/** The document parsed once for both rule sets; throws with the parser's message when it is no XML. */
export function parseXml(xml: string): unknown {
  return saxonJs().XPath.evaluate('parse-xml($x)', null, { params: { x: xml } });
}

/** The local name of the root element ('' when there is none). */
export function rootName(doc: unknown): string {
  return String(saxonJs().XPath.evaluate('local-name(/*)', doc) ?? '');
}

export interface FailedAssert { flag: string; id: string; text: string }

const FAILED = "array { //svrl:failed-assert ! map { 'flag': string((@flag, 'fatal')[1]), 'id': string(@id), 'text': normalize-space(svrl:text) } }";

/**
 * The document's globals that a loop build's match patterns use, kept per document (scripts/ehf-rules-loop.mjs; the
 * rule threads keep their own): emptied before every transformation here.
 */
const memo = new Map<string, unknown>();
Object.assign(globalThis, {
  kvittMemo: (name: string) => memo.get(name),
  kvittRemember: (name: string, value: unknown) => (memo.set(name, value), value),
});

/** Runs one rule set (its SEF file in the rules folder) over the parsed document. */
export function failedAsserts(doc: unknown, rulesDir: string, sefFile: string): FailedAssert[] {
  const s = saxonJs();
  memo.clear();
  const svrl = s.transform({ stylesheetInternal: stylesheet(rulesDir, sefFile), sourceNode: doc, destination: 'document' }, 'sync').principalResult;
  if (!svrl) return [];
  const found = s.XPath.evaluate(FAILED, svrl, {
    namespaceContext: { svrl: 'http://purl.oclc.org/dsdl/svrl' },
  }) as FailedAssert[] | null;
  return found ?? [];
}

/** Loads saxon-js and the stylesheets ahead of the first document (a worker's warm-up). */
export function loadRules(rulesDir: string, sefFiles: string[]): void {
  saxonJs();
  for (const f of sefFiles) stylesheet(rulesDir, f);
}
