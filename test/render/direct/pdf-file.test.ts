import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DisplayDocument, DrawItem, FontName } from '../../../main/render/pdf/direct/display-list';
import { num, rgb, writePdf } from '../../../main/render/pdf/direct/pdf-file';
import { loadFont } from '../../../main/render/pdf/direct/fonts';

let dir = '';
beforeAll(() => { dir = mkdtempSync(path.join(tmpdir(), 'kvitt-direct-pdf-')); });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const A4 = { width: 595.28, height: 841.89 };
const INFO = { title: 'Faktura 10001 – Kjøpmann Ærlig', author: 'Nordlys Rådgivning AS', subject: 'Faktura', creator: 'Kvitt', producer: 'Kvitt' };
const DATE = new Date('2026-01-15T12:34:56Z');
const doc = (...pages: DrawItem[][]): DisplayDocument => ({ info: INFO, pages: pages.map((items) => ({ ...A4, items })) });
const text = (y: number, s: string, font: FontName = 'DejaVuSansCondensed', extra: Partial<DrawItem> = {}): DrawItem =>
  ({ t: 'text', x: 50, y, text: s, font, size: 10, color: '#000000', ...extra }) as DrawItem;

function save(name: string, bytes: Buffer): string {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, bytes);
  return file;
}
const run = (cmd: string, ...args: string[]) => execFileSync(cmd, args, { encoding: 'utf8' });

/** The page rendered at 72 dpi (1 pt = 1 pixel): the colour at (x, y) from the top-left. */
function pixels(file: string, page = 1): (x: number, y: number) => [number, number, number] {
  const base = path.join(dir, `px-${path.basename(file)}-${page}`);
  execFileSync('pdftoppm', ['-r', '72', '-f', String(page), '-l', String(page), '-singlefile', file, base]);
  const ppm = readFileSync(`${base}.ppm`);
  const m = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.toString('latin1', 0, 32))!;
  const w = Number(m[1]);
  return (x, y) => { const o = m[0].length + (y * w + x) * 3; return [ppm[o]!, ppm[o + 1]!, ppm[o + 2]!]; };
}

const NORWEGIAN = 'Kjøpmann Ærlig & Sønn AS, Smørbrød, 9008 TROMSØ, Åsgårdstrand, blåbær';
const PUNCTUATION = 'Café «sitat» ‘enkle’ “doble” – tankestrek — lang € 1 250,00 • … ™ ‰ Š š Ž ž Œ œ Ÿ ƒ';

describe('writePdf: the direct PDF writer', () => {
  it('a reader opens it: pages, A4 size, Info, xref offsets right, loads in pdf-lib', async () => {
    const bytes = writePdf(doc([text(60, 'Side én')], [text(60, 'Side to')]), { creationDate: DATE });
    expect(bytes.subarray(0, 9).toString('latin1')).toBe('%PDF-1.4\n');
    expect(bytes[10]).toBeGreaterThan(127); // the binary comment
    const file = save('basic', bytes);
    const info = run('pdfinfo', file);
    expect(info).toMatch(/Pages:\s+2\n/);
    expect(info).toMatch(/Page size:\s+595.28 x 841.89 pts \(A4\)/);
    expect(info).toMatch(/Title:\s+Faktura 10001 – Kjøpmann Ærlig\n/);
    expect(info).toMatch(/Author:\s+Nordlys Rådgivning AS\n/);
    expect(info).toMatch(/Subject:\s+Faktura\n/);
    expect(info).toMatch(/Creator:\s+Kvitt\n/);
    expect(info).toMatch(/Producer:\s+Kvitt\n/);
    expect(run('pdfinfo', '-isodates', file)).toMatch(/CreationDate:\s+2026-01-15T12:34:56Z/);
    // Every xref entry points at its object, and startxref at the table.
    const s = bytes.toString('latin1');
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(s)![1]);
    expect(s.slice(startxref, startxref + 5)).toBe('xref\n');
    const entries = s.slice(startxref).split('\n').slice(2).filter((l) => / [0-9]{5} n $/.test(l));
    expect(entries.length).toBe(Number(/\/Size (\d+)/.exec(s)![1]) - 1);
    entries.forEach((e, i) => expect(s.slice(Number(e.slice(0, 10)), Number(e.slice(0, 10)) + 12)).toMatch(new RegExp(`^${i + 1} 0 obj\\n`)));
    // Poppler reads it without complaint (a wrong offset or length would print "Syntax Error" and rebuild the xref).
    for (const tool of ['pdftotext', 'pdffonts', 'pdfinfo']) expect(spawnSync(tool, [file, ...(tool === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8' }).stderr).toBe('');
    const loaded = await PDFDocument.load(bytes);
    expect(loaded.getPageCount()).toBe(2);
    expect(loaded.getPage(0).getSize()).toEqual(A4);
    expect(run('pdftotext', file, '-').split('\f').map((t) => t.trim())).toEqual(['Side én', 'Side to', '']);
  });

  it('text comes back exactly: Norwegian letters, quotes, dashes, €, in position order; the four styles embedded as subsets', () => {
    const items = [
      text(200, 'Tredje linje (i parentes) med \\ skråstrek', 'DejaVuSansCondensed-BoldOblique'),
      text(100, NORWEGIAN, 'DejaVuSansCondensed-Bold'),
      text(150, PUNCTUATION, 'DejaVuSansCondensed-Oblique'),
      text(80, 'Faktura'),
    ];
    const file = save('text', writePdf(doc(items, [text(60, 'Bare vanlig skrift her')]), { creationDate: DATE }));
    expect(run('pdftotext', '-f', '1', '-l', '1', file, '-').split('\n').filter(Boolean).slice(0, 4)).toEqual([
      'Faktura', NORWEGIAN, PUNCTUATION, 'Tredje linje (i parentes) med \\ skråstrek',
    ]);
    // name (subset tag + font), type, encoding, embedded, subset, ToUnicode
    const fonts = run('pdffonts', file).trim().split('\n').slice(2).map((l) => l.split(/\s+/)).map((c) => [c[0]!.replace(/^[A-Z]{6}\+/, 'TAG+'), ...c.slice(1, 7)].join(' '));
    expect(fonts.sort()).toEqual([
      'TAG+DejaVuSansCondensed CID TrueType Identity-H yes yes yes',
      'TAG+DejaVuSansCondensed-Bold CID TrueType Identity-H yes yes yes',
      'TAG+DejaVuSansCondensed-BoldOblique CID TrueType Identity-H yes yes yes',
      'TAG+DejaVuSansCondensed-Oblique CID TrueType Identity-H yes yes yes',
    ]);
    // Page 2 names only the font it uses.
    expect(run('pdffonts', '-f', '2', '-l', '2', file).trim().split('\n').slice(2).map((l) => l.split(/\s+/)[0]!.replace(/^[A-Z]{6}\+/, ''))).toEqual(['DejaVuSansCondensed']);
  });

  it('Sami, Greek, Cyrillic and the rest of Latin print as typed; a character the font lacks prints as "?"', () => {
    const sami = 'Čáhcesuolu Ŋ Ŧ č đ ŋ š ŧ ž Áltá Guovdageaidnu';
    const greek = 'Ελληνικά: αβγ ΩΣ';
    const cyrillic = 'Кириллица: Жж Щщ Ёё';
    const file = save('scripts', writePdf(doc([text(100, sami), text(120, greek, 'DejaVuSansCondensed-Bold'), text(140, cyrillic), text(160, 'Łódź ĳ 中文 (a) \\b')]), { creationDate: DATE }));
    expect(run('pdftotext', file, '-').split('\n').filter(Boolean).slice(0, 4)).toEqual([sami, greek, cyrillic, 'Łódź ĳ ?? (a) \\b']);
    // the subset font (composite accented letters included) renders without a complaint from poppler
    expect(spawnSync('pdftoppm', ['-r', '30', '-png', file, path.join(dir, 'scripts-look')], { encoding: 'utf8' }).stderr).toBe('');
    // drawn, not blank: the Sami line puts ink on the page
    const at = pixels(file);
    let ink = 0;
    for (let x = 50; x < 250; x++) for (let y = 90; y < 102; y++) if (at(x, y)[0] < 128) ink++;
    expect(ink).toBeGreaterThan(100);
  });

  it('a decomposed letter (NFD, as macOS and some forms give it) prints as the composed one', () => {
    const file = save('nfd', writePdf(doc([text(100, 'Ha\u030Akon Bj\u00f8rn Ho\u0308ghaug')]), { creationDate: DATE }));
    expect(run('pdftotext', file, '-').trim()).toBe('Håkon Bjørn Höghaug');
  });

  it('rects (fill, stroke, both), lines, a dashed line: drawn where the display list says (top-left origin)', () => {
    const items: DrawItem[] = [
      { t: 'rect', x: 50, y: 50, w: 100, h: 40, fill: '#ff0000' },
      { t: 'rect', x: 200, y: 50, w: 100, h: 40, stroke: '#0000ff', lineWidth: 4 },
      { t: 'rect', x: 350, y: 50, w: 100, h: 40, fill: '#00ff00', stroke: '#000000', lineWidth: 4 },
      { t: 'line', x1: 50, y1: 150, x2: 450, y2: 150, color: '#000000', lineWidth: 4 },
      { t: 'line', x1: 50, y1: 200, x2: 450, y2: 200, color: '#000000', lineWidth: 4, dash: { length: 10, space: 10 } },
      { t: 'line', x1: 50, y1: 250, x2: 450, y2: 250, color: '#808080', lineWidth: 4 },
    ];
    const at = pixels(save('shapes', writePdf(doc(items))));
    expect(at(100, 70)).toEqual([255, 0, 0]);
    expect(at(250, 70)).toEqual([255, 255, 255]); // stroke only: inside empty
    expect(at(201, 70)).toEqual([0, 0, 255]);
    expect(at(400, 70)).toEqual([0, 255, 0]);
    expect(at(351, 70)).toEqual([0, 0, 0]);
    expect(at(100, 150)).toEqual([0, 0, 0]);
    expect(at(100, 160)).toEqual([255, 255, 255]);
    // The dashed line: 10 on, 10 off, from x = 50.
    expect([55, 65, 75, 85].map((x) => at(x, 200)[0])).toEqual([0, 255, 0, 255]);
    // The dash is reset after its line: the next line is solid.
    expect([55, 65, 75, 85].map((x) => at(x, 250)[0])).toEqual([128, 128, 128, 128]);
  });

  it('a rotated, semi-transparent watermark: blended colour on a diagonal; its text is there', () => {
    const wm = text(600, 'UTKAST', 'DejaVuSansCondensed-Bold', { x: 150, size: 100, color: '#ff0000', opacity: 0.2, rotate: 45 });
    const file = save('watermark', writePdf(doc([wm, text(80, 'Etter vannmerket')]), { creationDate: DATE }));
    const at = pixels(file);
    let inked = 0;
    let opaque = 0;
    let minX = 1e9, maxX = 0, minY = 1e9, maxY = 0;
    for (let y = 0; y < 842; y += 2) {
      for (let x = 0; x < 595; x += 2) {
        const [r, g, b] = at(x, y);
        if (r === 255 && g < 255 && g === b) {
          inked++;
          if (g < 190) opaque++;
          minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
        }
      }
    }
    expect(inked).toBeGreaterThan(500);
    expect(opaque).toBe(0); // 20 % red on white is (255, 204, 204)
    // Rising to the right at 45°: as tall as it is wide, its top right of its bottom.
    expect(maxY - minY).toBeGreaterThan(250);
    expect(Math.abs((maxX - minX) - (maxY - minY))).toBeLessThan(80);
    expect(run('pdftotext', file, '-')).toContain('Etter vannmerket');
    expect(run('pdftotext', '-raw', file, '-').replace(/\s/g, '')).toContain('UTKAST');
  });

  it('deterministic for a fixed CreationDate; compressed content streams hold the same operators', () => {
    const d = doc([text(100, NORWEGIAN), { t: 'rect', x: 10, y: 10, w: 20, h: 20, fill: '#123456' }], [text(100, 'to')]);
    const a = writePdf(d, { creationDate: DATE });
    expect(writePdf(d, { creationDate: DATE }).equals(a)).toBe(true);
    expect(writePdf(d, { creationDate: new Date('2026-01-16T00:00:00Z') }).equals(a)).toBe(false);
    const plain = writePdf(d, { creationDate: DATE, compressLevel: 0 });
    const s = a.toString('latin1');
    expect(s).toContain('/Filter /FlateDecode');
    // the first page's content stream (the fonts' streams come before it)
    const pageAt = s.indexOf('/Contents ');
    const start = s.indexOf('stream\n', s.indexOf('/Filter /FlateDecode', pageAt)) + 7;
    const content = inflateSync(a.subarray(start, s.indexOf('\nendstream', start))).toString('latin1');
    expect(plain.toString('latin1')).toContain(content);
    // text as the font's own 2-byte glyph ids (CIDToGIDMap /Identity)
    const font = loadFont('DejaVuSansCondensed').font;
    const gid = (c: string) => font.glyphForCodePoint(c.codePointAt(0)!).id.toString(16).padStart(4, '0');
    expect(content).toContain(`BT /F1 10 Tf 50 741.89 Td <${gid('K')}${gid('j')}${gid('ø')}`);
    expect(content).toContain('0.071 0.204 0.337 rg');
    expect(run('pdftotext', save('plain', plain), '-').split('\f').map((t) => t.trim())).toEqual([NORWEGIAN, 'to', '']);
  });

  it('numbers: at most 3 decimals, never exponent form; colours to 0..1', () => {
    expect([num(1), num(0.1 + 0.2), num(1e-7), num(-1e-9), num(-2.5), num(841.89 - 12.3456), num(123456789.123)]).toEqual(
      ['1', '0.3', '0', '0', '-2.5', '829.544', '123456789.123']);
    expect(() => num(NaN)).toThrow();
    expect(rgb('#ffffff')).toBe('1 1 1');
    expect(rgb('#000')).toBe('0 0 0');
    expect(rgb('white')).toBe('1 1 1');
    expect(rgb('#336699')).toBe('0.2 0.4 0.6');
    expect(() => rgb('red')).toThrow();
  });
});
