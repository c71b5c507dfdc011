/**
 * Where the built EHF rules are (scripts/build-ehf-rules.mjs writes them; docs/ehf-validation.md): KVITT_EHF_RULES_DIR,
 * else `out/ehf-rules` (from source) or `ehf-rules` beside the built `out/main`. Null when no build has them: EHF
 * validation is off, and `ehfValidationStatus()` says so.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface RulesManifest {
  sourceHash: string;
  source: string;
  builtAt: string;
  ruleSets: string[];
  /** The rule sets compiled as a loop (many documents in one transformation, rule-thread.ts); absent in older builds. */
  loops?: string[];
  schemas: { Invoice: string; CreditNote: string; files: string[] };
  licences: Record<string, string>;
}

export interface RulesDir {
  dir: string;
  manifest: RulesManifest;
}

function candidates(): string[] {
  if (process.env.KVITT_EHF_RULES_DIR) return [resolve(process.env.KVITT_EHF_RULES_DIR)];
  const out: string[] = [];
  try {
    let dir = dirname(fileURLToPath(import.meta.url));
    for (let i = 0; i < 6; i++) {
      out.push(join(dir, 'out', 'ehf-rules'), join(dir, 'ehf-rules'));
      dir = dirname(dir);
    }
  } catch {
    // no file URL for this module
  }
  out.push(join(process.cwd(), 'out', 'ehf-rules'));
  return out;
}

let found: RulesDir | null | undefined;

/** The built rules, or null when there are none (looked up once). */
export function rulesDir(): RulesDir | null {
  if (found !== undefined) return found;
  for (const dir of candidates()) {
    const file = join(dir, 'manifest.json');
    if (!existsSync(file)) continue;
    try {
      return (found = { dir, manifest: JSON.parse(readFileSync(file, 'utf8')) as RulesManifest });
    } catch {
      // a half-written manifest: look further
    }
  }
  return (found = null);
}

/** Whether EHF files are checked against the official rules, and which rules (for the API and the GUI). */
export function ehfValidationStatus(): { enabled: boolean; reason: string | null; source: string | null; sourceHash: string | null; builtAt: string | null; licences: Record<string, string> } {
  const r = rulesDir();
  if (!r) {
    return {
      enabled: false,
      reason: 'this build of Kvitt has no EHF rules (scripts/build-ehf-rules.mjs found no ../shared/peppol): EHF files are written without the official check',
      source: null, sourceHash: null, builtAt: null, licences: {},
    };
  }
  return { enabled: true, reason: null, source: r.manifest.source, sourceHash: r.manifest.sourceHash, builtAt: r.manifest.builtAt, licences: r.manifest.licences };
}
