/**
 * The fonts Kvitt's PDFs are written in: DejaVu Sans Condensed (regular, bold, oblique, bold oblique), TrueType files read once per
 * process and embedded as subsets by ./pdf-file.ts, so every letter of Latin (Sami č đ ŋ š ŧ ž included), Greek and
 * Cyrillic is printed as typed. The files: KVITT_FONT_DIR, else `fonts` beside the built `out/main` (scripts/build-fonts.mjs
 * copies them there with their licence), else the dejavu-fonts-ttf package (from source). Licence: DejaVu Fonts License
 * (Bitstream Vera / Arev derivative, free to embed and redistribute; docs/files-and-inputs.md, out/fonts/LICENSE-DejaVu.txt).
 *
 * Which characters a text may hold to be printable is data (main/ops/printable-chars.ts, generated from these files by
 * scripts/printable-chars.mjs and checked against them by test/render/direct/fonts.test.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as fontkitModule from '@pdf-lib/fontkit';
import type { Font, Glyph } from '@pdf-lib/fontkit';
import type { FontName } from './display-list';
import { readTtf, type TtfFile } from './ttf-subset';

const fontkit = ((fontkitModule as unknown as { default?: typeof fontkitModule }).default ?? fontkitModule) as typeof fontkitModule;

export const FONT_NAMES: readonly FontName[] = ['DejaVuSansCondensed', 'DejaVuSansCondensed-Bold', 'DejaVuSansCondensed-Oblique', 'DejaVuSansCondensed-BoldOblique'];

function candidates(): string[] {
  if (process.env.KVITT_FONT_DIR) return [resolve(process.env.KVITT_FONT_DIR)];
  const out: string[] = [];
  try {
    let dir = dirname(fileURLToPath(import.meta.url));
    for (let i = 0; i < 6; i++) {
      out.push(join(dir, 'out', 'fonts'), join(dir, 'fonts'));
      dir = dirname(dir);
    }
  } catch {
    // no file URL for this module
  }
  try {
    out.push(join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf'));
  } catch {
    // the package is not installed: only a built copy can serve
  }
  return out;
}

let dir: string | undefined;

/** The folder the four font files are read from (looked up once); throws naming where it looked when there is none. */
export function fontDir(): string {
  if (dir) return dir;
  const tried = candidates();
  const found = tried.find((d) => FONT_NAMES.every((n) => existsSync(join(d, `${n}.ttf`))));
  if (!found) throw new Error(`PDF fonts: DejaVu Sans not found (looked in ${tried.join(', ')})`);
  return (dir = found);
}

export interface LoadedFont {
  font: Font;
  /** 1000 / unitsPerEm: font units → PDF glyph space. */
  scale: number;
  /** Code point → its glyph (cached as met). */
  glyphs: Map<number, GlyphOf>;
  /** The file's tables, for subsetting (./ttf-subset.ts). */
  ttf: TtfFile;
}

const loaded = new Map<FontName, LoadedFont>();

export function loadFont(name: FontName): LoadedFont {
  let f = loaded.get(name);
  if (!f) {
    const data = readFileSync(join(fontDir(), `${name}.ttf`));
    const font = fontkit.create(data);
    f = { font, scale: 1000 / font.unitsPerEm, glyphs: new Map(), ttf: readTtf(data) };
    loaded.set(name, f);
  }
  return f;
}

const QUESTION = 0x3f;

/** A code point's glyph: its id, advance width in 1/1000 em, the id as the 4 hex digits a PDF string shows it by, and
 *  whether the font lacks the code point (then it is the '?' glyph, and stands for '?' in the text). */
export interface GlyphOf {
  id: number;
  width: number;
  hex: string;
  missing: boolean;
}

/**
 * The glyph for a code point, and its width in 1/1000 em. A character the font lacks (text saved before the printable
 * rule, main/ops/printable.ts) is drawn and measured as '?', as the WinAnsi writer did.
 */
export function glyphOf(f: LoadedFont, cp: number): GlyphOf {
  let g = f.glyphs.get(cp);
  if (!g) {
    if (cp !== QUESTION && !f.font.hasGlyphForCodePoint(cp)) g = { ...glyphOf(f, QUESTION), missing: true };
    else {
      const glyph: Glyph = f.font.glyphForCodePoint(cp);
      // whole 1/1000 em, as the PDF's /W array carries them: what is measured is what the viewer advances
      g = { id: glyph.id, width: Math.round(glyph.advanceWidth * f.scale), hex: glyph.id.toString(16).padStart(4, '0'), missing: false };
    }
    if (f.glyphs.size < 20000) f.glyphs.set(cp, g);
  }
  return g;
}
