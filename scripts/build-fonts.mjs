#!/usr/bin/env node
/**
 * Copies the PDF fonts into the build output: DejaVu Sans Condensed (regular, bold, oblique, bold oblique) from the
 * dejavu-fonts-ttf package to out/fonts/, with the DejaVu Fonts License beside them (LICENSE-DejaVu.txt), so the packaged
 * app (electron-builder.yml files: out/fonts/**) finds them beside out/main (main/render/pdf/direct/fonts.ts).
 *
 * Usage: node scripts/build-fonts.mjs
 */
import { copyFileSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json'));
const out = join(repo, 'out', 'fonts');
mkdirSync(out, { recursive: true });
/**
 * A file already there with the same bytes is left alone, and a new one appears whole (written beside, then renamed):
 * `npm test` builds while the unit tests read fonts from out/fonts.
 */
function place(from, to) {
  const bytes = readFileSync(from);
  try {
    if (readFileSync(to).equals(bytes)) return;
  } catch {
    // not there yet
  }
  copyFileSync(from, `${to}.tmp`);
  renameSync(`${to}.tmp`, to);
}
for (const style of ['', '-Bold', '-Oblique', '-BoldOblique']) {
  place(join(pkg, 'ttf', `DejaVuSansCondensed${style}.ttf`), join(out, `DejaVuSansCondensed${style}.ttf`));
}
place(join(pkg, 'LICENSE'), join(out, 'LICENSE-DejaVu.txt'));
console.log(`fonts: DejaVu Sans Condensed and its licence in ${out}`);
