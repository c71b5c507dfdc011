#!/usr/bin/env node
/**
 * Copies the PDF fonts into the build output: DejaVu Sans Condensed (regular, bold, oblique, bold oblique) from the
 * dejavu-fonts-ttf package to out/fonts/, with the DejaVu Fonts License beside them (LICENSE-DejaVu.txt), so the packaged
 * app (electron-builder.yml files: out/fonts/**) finds them beside out/main (main/render/pdf/direct/fonts.ts).
 *
 * Usage: node scripts/build-fonts.mjs
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json'));
const out = join(repo, 'out', 'fonts');
mkdirSync(out, { recursive: true });
for (const style of ['', '-Bold', '-Oblique', '-BoldOblique']) {
  copyFileSync(join(pkg, 'ttf', `DejaVuSansCondensed${style}.ttf`), join(out, `DejaVuSansCondensed${style}.ttf`));
}
copyFileSync(join(pkg, 'LICENSE'), join(out, 'LICENSE-DejaVu.txt'));
console.log(`fonts: DejaVu Sans Condensed and its licence in ${out}`);
