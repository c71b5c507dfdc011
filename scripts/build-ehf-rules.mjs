#!/usr/bin/env node
/**
 * Builds the official EHF rules into what Kvitt's JavaScript runs (docs/ehf-validation.md):
 * - the two compiled schematrons (CEN-EN16931-UBL.xslt, PEPPOL-EN16931-UBL.xslt) → SEF (Saxon's exported stylesheet) by
 *   xslt3, for saxon-js: rewritten to leave out work whose result is never seen (ehf-rules-faster.mjs), each imported
 *   by a wrapper that checks document after document in one transformation, its
 *   globals computed from the document made local (ehf-rules-loop.mjs; the official text as it is if that cannot be
 *   done, then one transformation a document);
 * - the UBL 2.1 schemas → the same files without their xsd:annotation documentation (which libxml2 never reads; the
 *   OASIS notices in comments stay), for xmllint-wasm.
 *
 * Source: KVITT_PEPPOL_DIR, else ../shared/peppol beside the repository. Output: KVITT_EHF_RULES_DIR, else out/ehf-rules
 * (the build output, never git). A manifest names the source, its licences and the hash of every source file; when the
 * hash is unchanged the run ends at once. Without the source the build says that EHF validation is off; under CI it fails.
 *
 * Usage: node scripts/build-ehf-rules.mjs [--quiet]
 */
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { fasterRules } from './ehf-rules-faster.mjs';
import { loopWrapper, rewriteForLoop } from './ehf-rules-loop.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const quiet = process.argv.includes('--quiet');
const say = (m) => quiet || console.log(`ehf-rules: ${m}`);

/** Bump when the output's shape changes: a new version rebuilds even when the sources are the same. */
const FORMAT = 3;
const RULE_SETS = ['CEN-EN16931-UBL', 'PEPPOL-EN16931-UBL'];

export const sourceDir = () => resolve(process.env.KVITT_PEPPOL_DIR || join(repo, '..', 'shared', 'peppol'));
export const outputDir = () => resolve(process.env.KVITT_EHF_RULES_DIR || join(repo, 'out', 'ehf-rules'));
/** Built rules by source hash, shared by every checkout that shares node_modules (a build is a minute or two). */
const cacheDir = (hash) => join(process.env.KVITT_EHF_RULES_CACHE || join(repo, 'node_modules', '.cache', 'kvitt-ehf-rules'), hash);

/** Puts a finished folder in place of `to` (a reader never sees half of it). */
function install(from, to, copy) {
  const tmp = `${to}.new-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(dirname(to), { recursive: true });
  if (copy) cpSync(from, tmp, { recursive: true });
  else renameSync(from, tmp);
  rmSync(to, { recursive: true, force: true });
  renameSync(tmp, to);
}

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

/** The hash of every source file (path and bytes), the xslt3 compiler's version and this script's FORMAT. */
function sourceHash(src) {
  const h = createHash('sha256');
  h.update(`format ${FORMAT} xslt3 ${require('xslt3/package.json').version}\n`);
  h.update(readFileSync(join(repo, 'scripts', 'ehf-rules-loop.mjs')));
  h.update(readFileSync(join(repo, 'scripts', 'ehf-rules-faster.mjs')));
  const files = [...filesUnder(join(src, 'xsd')), ...RULE_SETS.map((r) => join(src, 'xslt', `${r}.xslt`))].sort();
  for (const f of files) h.update(`${relative(src, f)}\n`).update(readFileSync(f));
  return h.digest('hex');
}

/** The schemas without xsd:annotation (documentation only); everything else, the licence comments included, as it is. */
function stripAnnotations(text) {
  return text.replace(/<xsd:annotation\b[^>]*\/>|<xsd:annotation\b[\s\S]*?<\/xsd:annotation>/g, '');
}

async function compile(xslt, sef) {
  const xslt3 = require.resolve('xslt3/xslt3.js');
  await promisify(execFile)(process.execPath, [xslt3, `-xsl:${xslt}`, `-export:${sef}`, '-nogo', '-relocate:on'], { maxBuffer: 64 << 20 });
}

/**
 * One rule set → SEF: the official XSLT with the rewrites that leave out unseen work (ehf-rules-faster.mjs), under the
 * loop wrapper (ehf-rules-loop.mjs; written to `work`, left out of the output), or without the wrapper when the loop
 * rewrite cannot handle the stylesheet. Gives whether it is the loop and what the faster rewrites changed.
 */
async function compileRuleSet(xslt, sef, work) {
  const name = basename(xslt, '.xslt');
  const faster = fasterRules(readFileSync(xslt, 'utf8'));
  const rewrites = { hoistedScans: faster.hoisted, droppedWalks: faster.droppedWalks, elementWalks: faster.elementWalks };
  mkdirSync(work, { recursive: true });
  let rewritten;
  try {
    rewritten = rewriteForLoop(faster.xslt).xslt;
  } catch (e) {
    console.warn(`ehf-rules: ${xslt} is checked one transformation a document (slower): ${e.message}`);
    writeFileSync(join(work, `${name}.xslt`), faster.xslt);
    await compile(join(work, `${name}.xslt`), sef);
    return { loop: false, rewrites };
  }
  writeFileSync(join(work, `${name}.rules.xslt`), rewritten);
  writeFileSync(join(work, `${name}.loop.xslt`), loopWrapper(`${name}.rules.xslt`));
  await compile(join(work, `${name}.loop.xslt`), sef);
  return { loop: true, rewrites };
}

const NOTICE = (src, hash) => `# EHF rules (built, not part of Kvitt's source)

Built by scripts/build-ehf-rules.mjs from ${src} (sources hash ${hash}).

| file | built from | source | licence |
|---|---|---|---|
| xsd/ | UBL 2.1 Invoice and CreditNote schemas with their common modules, xsd:annotation removed | OASIS UBL 2.1 (as packaged by phax/ph-ubl and phax/ph-xsds) | OASIS (copyright notices kept in each file) |
| CEN-EN16931-UBL.sef.json | CEN-EN16931-UBL.xslt: EN 16931 business rules (BR-*, BR-CO-*, UBL-CR-*), compiled by xslt3 | OpenPEPPOL release (see the source README), via phax/phive-rules | EUPL-1.2 |
| PEPPOL-EN16931-UBL.sef.json | PEPPOL-EN16931-UBL.xslt: Peppol BIS Billing 3.0 rules incl. Norwegian NO-R-*, compiled by xslt3 | same | OpenPEPPOL |

Each .sef.json is the official XSLT imported by Kvitt's wrapper (one transformation checks many documents), with the
globals computed from the document declared again as local variables where they are used (scripts/ehf-rules-loop.mjs),
and work whose result is never seen left out: repeated scans of the whole document read once per rule, the unnamed-mode
walks that write nothing, attributes no rule can match (scripts/ehf-rules-faster.mjs). The rules themselves, their
tests' meaning and texts are unchanged.
`;

export async function buildEhfRules() {
  const src = sourceDir();
  const out = outputDir();
  const manifestFile = join(out, 'manifest.json');
  const present = RULE_SETS.every((r) => existsSync(join(src, 'xslt', `${r}.xslt`))) && existsSync(join(src, 'xsd', 'maindoc'));
  if (!present) {
    const msg = `the official Peppol files are not at ${src} (set KVITT_PEPPOL_DIR)`;
    if (process.env.CI) throw new Error(`${msg}: under CI the build needs them`);
    if (existsSync(manifestFile)) {
      say(`${msg}; the rules built before stay in use (${out})`);
      return { built: false, dir: out };
    }
    console.warn(`ehf-rules: EHF VALIDATION IS OFF: ${msg}. Kvitt will write EHF files without checking them against the official rules.`);
    return { built: false, dir: null };
  }
  const hash = sourceHash(src);
  if (existsSync(manifestFile)) {
    try {
      if (JSON.parse(readFileSync(manifestFile, 'utf8')).sourceHash === hash) {
        say(`up to date (${out})`);
        return { built: false, dir: out };
      }
    } catch {
      // an unreadable manifest: build again
    }
  }
  const cached = cacheDir(hash);
  if (existsSync(join(cached, 'manifest.json'))) {
    install(cached, out, true);
    say(`taken from the cache ${cached} → ${out}`);
    return { built: false, dir: out };
  }
  const started = Date.now();
  say(`compiling the official rules from ${src} (about a minute) …`);
  const tmp = `${out}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  try {
    const work = `${out}.work-${process.pid}`;
    let compiled;
    try {
      compiled = await Promise.all(RULE_SETS.map((r) => compileRuleSet(join(src, 'xslt', `${r}.xslt`), join(tmp, `${r}.sef.json`), work)));
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
    const schemas = [];
    for (const f of filesUnder(join(src, 'xsd')).filter((f) => f.endsWith('.xsd'))) {
      const rel = relative(src, f);
      mkdirSync(dirname(join(tmp, rel)), { recursive: true });
      writeFileSync(join(tmp, rel), stripAnnotations(readFileSync(f, 'utf8')));
      schemas.push(rel.split('\\').join('/'));
    }
    const manifest = {
      format: FORMAT,
      sourceHash: hash,
      source: src,
      builtAt: new Date().toISOString(),
      ruleSets: RULE_SETS.map((r) => `${r}.sef.json`),
      // rule sets compiled as the loop (one transformation for many documents, ehf-rules-loop.mjs)
      loops: RULE_SETS.filter((_, i) => compiled[i].loop).map((r) => `${r}.sef.json`),
      // what the rewrites of ehf-rules-faster.mjs changed in each rule set (scans hoisted, walks left out or narrowed)
      rewrites: Object.fromEntries(RULE_SETS.map((r, i) => [r, compiled[i].rewrites])),
      schemas: { Invoice: 'xsd/maindoc/UBL-Invoice-2.1.xsd', CreditNote: 'xsd/maindoc/UBL-CreditNote-2.1.xsd', files: schemas.sort() },
      licences: { 'UBL 2.1 schemas': 'OASIS', 'CEN-EN16931-UBL': 'EUPL-1.2', 'PEPPOL-EN16931-UBL': 'OpenPEPPOL' },
    };
    writeFileSync(join(tmp, 'NOTICE.md'), NOTICE(src, hash));
    writeFileSync(join(tmp, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    install(tmp, out, false);
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    throw e;
  }
  try {
    install(out, cached, true);
  } catch {
    // no cache (a read-only node_modules): the next build compiles again
  }
  say(`built in ${((Date.now() - started) / 1000).toFixed(0)} s → ${out}`);
  return { built: true, dir: out };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildEhfRules().catch((e) => {
    console.error(`ehf-rules: ${e.message}`);
    process.exit(1);
  });
}
