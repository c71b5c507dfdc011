/**
 * ../shared/peppol/validate-ehf (xmllint + Java Saxon-HE with the official files) for many files at once, for the
 * corpus comparison (test/render/ehf-corpus.test.ts). validate-ehf starts four JVMs per file (seconds a file); this does
 * the same steps over a whole folder with five processes in all: the root of each file (xmllint --xpath, as the script),
 * one xmllint --schema per document type, one Saxon Transform per rule set over the folder, one Saxon Query reading
 * every SVRL with the script's own expression. `runValidateEhf` runs the script itself (on a sample, to tie the two).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const PEPPOL_DIR = resolve(process.env.KVITT_PEPPOL_DIR || resolve(process.cwd(), '../shared/peppol'));
export const VALIDATE_EHF = join(PEPPOL_DIR, 'validate-ehf');
const SAXON = process.env.SAXON_JAR || '/usr/share/java/Saxon-HE.jar';

/** Whether Java, Saxon-HE, xmllint and the script are there; under CI their absence is an error. */
export async function javaValidatorPresent(): Promise<boolean> {
  let ok = existsSync(VALIDATE_EHF) && existsSync(SAXON);
  for (const tool of ['java', 'xmllint']) ok &&= await run('sh', ['-c', `command -v ${tool}`]).then(() => true, () => false);
  if (!ok && process.env.CI) throw new Error(`the Java EHF validator is not usable (${VALIDATE_EHF}, java, ${SAXON}, xmllint): under CI the comparison must run`);
  return ok;
}

/**
 * The JVM's quick compiler only (C1) and the serial collector: the same program and answers, half the CPU for these
 * short runs (Saxon over 108 documents: 5.1 s of CPU with the JVM's defaults, 2.5 s so). Given to java directly here,
 * and to the JVMs validate-ehf starts through JAVA_TOOL_OPTIONS (the note java prints about it goes to the script's own
 * logs, never to its output).
 */
const JVM = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

/**
 * Class data sharing: the first JVM of a batch writes the classes it loaded (Saxon's, verified and parsed) to an
 * archive as it ends, and every later JVM (the batch's others, validate-ehf's through JAVA_TOOL_OPTIONS) maps them
 * instead of loading them from the jar again: the same classes from the same jar, about 0.4 s of CPU less for each of
 * the script's transformations. Its log lines are off (they would go to the output read here); a JVM that cannot use
 * the archive loads the jar as before.
 */
let sharedArchive: string | null = null;
const CDS_QUIET = ['-Xlog:cds=off', '-Xlog:cds+dynamic=off'];
function jvm(dumpTo?: string): string[] {
  if (sharedArchive && existsSync(sharedArchive)) return [...JVM, `-XX:SharedArchiveFile=${sharedArchive}`, ...CDS_QUIET];
  if (dumpTo) return [...JVM, `-XX:ArchiveClassesAtExit=${dumpTo}`, ...CDS_QUIET];
  return JVM;
}

async function out(cmd: string, args: string[], env?: Record<string, string>): Promise<string> {
  try {
    const r = await run(cmd, args, { maxBuffer: 256 << 20, timeout: 600_000, ...(env ? { env: { ...process.env, ...env } } : {}) });
    return `${r.stdout}${r.stderr}`;
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; code?: number };
    if (typeof err.code !== 'number') throw e;
    return `${err.stdout ?? ''}${err.stderr ?? ''}`;
  }
}

/**
 * Each file's problems as validate-ehf prints them, without the leading spaces: `fatal XSD: …` (the xmllint line,
 * file name and all), `fatal XML: …`, `<flag> <id>: <text>`. The files must have distinct names and sit in `dir`.
 */
export async function javaValidateBatch(dir: string, files: string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>(files.map((f) => [f, []]));
  const roots = new Map<string, string>();
  await Promise.all(files.map(async (f) => roots.set(f, (await run('xmllint', ['--xpath', 'local-name(/*)', f]).then((r) => r.stdout, () => '')).trim())));
  const byRoot: Record<string, string[]> = { Invoice: [], CreditNote: [] };
  for (const f of files) {
    const root = roots.get(f)!;
    if (root in byRoot) byRoot[root].push(f);
    else result.get(f)!.push(`fatal XML: root element is '${root || 'unreadable'}', not Invoice or CreditNote`);
  }
  // The schema: one xmllint for all files of a type; its lines belong to the file they start with (a parser error's
  // source line and caret follow it).
  for (const [root, list] of Object.entries(byRoot)) {
    if (!list.length) continue;
    const xsd = join(PEPPOL_DIR, 'xsd/maindoc', root === 'Invoice' ? 'UBL-Invoice-2.1.xsd' : 'UBL-CreditNote-2.1.xsd');
    const text = await out('xmllint', ['--noout', '--schema', xsd, ...list]);
    let current: string | null = null;
    const counts = new Map<string, number>();
    for (const line of text.split('\n')) {
      if (!line) continue;
      const owner = list.find((f) => line.startsWith(`${f}:`) || line.startsWith(`${f} `));
      if (owner) current = owner;
      if (!current || /fails to validate|validates$/.test(line)) continue;
      const n = counts.get(current) ?? 0;
      if (n < 20) result.get(current)!.push(`fatal XSD: ${line}`);
      counts.set(current, n + 1);
    }
  }
  // The rules: Saxon over a folder of the UBL files, one JVM per rule set, then one query over every SVRL.
  const ubl = files.filter((f) => roots.get(f)! in byRoot);
  const inDir = join(dir, 'ubl');
  mkdirSync(inDir, { recursive: true });
  await Promise.all(ubl.map((f) => run('ln', ['-sf', f, join(inDir, basename(f))])));
  const archive = join(dir, 'saxon-classes.jsa');
  for (const rules of ['CEN-EN16931-UBL', 'PEPPOL-EN16931-UBL']) {
    const svrl = join(dir, rules);
    mkdirSync(svrl, { recursive: true });
    const log = await out('java', [...jvm(archive), '-cp', SAXON, 'net.sf.saxon.Transform', `-s:${inDir}`, `-xsl:${join(PEPPOL_DIR, 'xslt', `${rules}.xslt`)}`, `-o:${svrl}`]);
    const query = `declare namespace svrl="http://purl.oclc.org/dsdl/svrl";
      string-join(for $d in collection('${svrl}?select=*.xml') return
        for $a in $d//svrl:failed-assert return
          (tokenize(document-uri($d), '/')[last()] || '&#9;' || ($a/@flag, 'fatal')[1] || ' ' || $a/@id || ': ' || normalize-space($a/svrl:text)), '&#10;')`;
    if (existsSync(archive)) sharedArchive = archive;
    const text = await out('java', [...jvm(), '-cp', SAXON, 'net.sf.saxon.Query', `-qs:${query}`, '!method=text']);
    for (const f of ubl) if (!existsSync(join(svrl, basename(f)))) result.get(f)!.push(`fatal RUNNER: ${rules} could not run: ${log.slice(0, 200)}`);
    for (const line of text.split('\n').filter(Boolean)) {
      const [name, problem] = line.split('\t');
      const f = ubl.find((u) => basename(u) === name);
      if (!f || problem === undefined) throw new Error(`unexpected Saxon output: ${line}`);
      result.get(f)!.push(problem);
    }
  }
  return result;
}

/** The script itself on a few files: each file's problem lines (as above) and its verdict line. */
export async function runValidateEhf(files: string[]): Promise<Map<string, { verdict: string; problems: string[] }>> {
  const text = await out(VALIDATE_EHF, files, { JAVA_TOOL_OPTIONS: jvm().join(' ') });
  const result = new Map<string, { verdict: string; problems: string[] }>();
  let current: { verdict: string; problems: string[] } | null = null;
  for (const line of text.split('\n')) {
    const head = files.find((f) => line === `${f}: OK` || line === `${f}: FAIL` || line === `${f}: OK (warnings)`);
    if (head) result.set(head, (current = { verdict: line.slice(head.length + 2), problems: [] }));
    else if (current && line.startsWith('  ')) current.problems.push(line.slice(2));
  }
  return result;
}
