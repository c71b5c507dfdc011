/**
 * The direct PDF writer: a DisplayDocument (./display-list.ts) → the bytes of a PDF 1.4 file. Synchronous and pure.
 *
 * - Text in DejaVu Sans (four styles), each used style embedded as a subset of the glyphs the document draws, with a
 *   ToUnicode map, so pdftotext gives the text back, Sami, Greek and Cyrillic letters included (./embedded-font.ts).
 * - Content streams are built as strings of small pieces (numbers with at most 3 decimals) and Flate-compressed.
 * - Each page's /Resources names only the fonts, opacity states (ExtGState) and images that page uses.
 * - Images (data: URLs) are decoded once per process (./images.ts); one that cannot be read is left out of the page,
 *   as the PDF writer always did with a logo it cannot decode (the layout may ask `loadImage` for its size first).
 * - Output is deterministic: the same document and `creationDate` give the same bytes (the /ID is a hash of them).
 */
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { Color, DisplayDocument, DisplayPage, FontName } from './display-list';
import { ImageUnreadable, loadImage, type PdfImage } from './images';
import { EmbeddedFont, FONT_OBJECTS } from './embedded-font';
import { FONT_NAMES } from './fonts';
import { pdfTextString } from './text-string';

export interface WritePdfOptions {
  /** The Info dictionary's CreationDate; default now. */
  creationDate?: Date;
  /** zlib level for the content streams, 0 = not compressed; default DEFAULT_LEVEL. */
  compressLevel?: number;
}

/**
 * zlib level of the content streams. Measured on the fixture invoice's page (about 9 kB of operators): level 1 gives
 * a stream within ~10 % of level 6's size in well under half its time (see README, Sending → PDF rendering).
 */
export const DEFAULT_LEVEL = 1;

const FONT_KEY = Object.fromEntries(FONT_NAMES.map((n, i) => [n, i])) as Record<FontName, number>;

/** A number for a content stream: at most 3 decimals, never exponent form. */
export function num(n: number): string {
  if (Number.isInteger(n)) return '' + n;
  if (!Number.isFinite(n)) throw new Error(`writePdf: ${n} is not a finite number`);
  const r = Math.round(n * 1000) / 1000;
  return r === 0 ? '0' : '' + r;
}

const colorCache = new Map<string, string>();
/** The colour names pdfmake layouts use. */
const NAMED: Record<string, string> = { black: '#000000', white: '#ffffff' };
/** '#rrggbb' (or '#rgb', 'black', 'white') → "r g b" with 0..1 components, cached. */
export function rgb(color: Color): string {
  let s = colorCache.get(color);
  if (s !== undefined) return s;
  let hex = /^#([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(NAMED[color] ?? color)?.[1];
  if (!hex) throw new Error(`writePdf: colour ${JSON.stringify(color)} is not #rrggbb`);
  if (hex.length === 3) hex = hex[0]! + hex[0] + hex[1] + hex[1] + hex[2] + hex[2];
  const c = (i: number) => num(parseInt(hex!.slice(i, i + 2), 16) / 255);
  s = `${c(0)} ${c(2)} ${c(4)}`;
  if (colorCache.size < 1000) colorCache.set(color, s);
  return s;
}

/** What the document uses, shared by its pages: opacity → ExtGState index, image src → image index. */
interface Shared {
  /** By FONT_KEY: the font as this document uses it (null until a text uses it). */
  fonts: (EmbeddedFont | null)[];
  opacities: Map<number, number>;
  /** Compared with === (see ./images.ts: a Map would hash a long data: URL in full). */
  images: { src: string; n: number; image: PdfImage }[];
}

interface PageContent {
  stream: string;
  fonts: boolean[];
  gs: Set<number>;
  images: Set<number>;
}

/** The content stream of one page, and what it uses. */
function pageContent(page: DisplayPage, shared: Shared): PageContent {
  const H = page.height;
  const used: PageContent = { stream: '', fonts: [false, false, false, false], gs: new Set(), images: new Set() };
  let s = '';
  // The graphics state as last set ('' / -1 = not known, so the first use sets it).
  let fill = '';
  let stroke = '';
  let width = -1;
  let font = -1;
  let size = -1;
  for (const item of page.items) {
    switch (item.t) {
      case 'text': {
        const f = FONT_KEY[item.font];
        if (f === undefined) throw new Error(`writePdf: unknown font ${item.font}`);
        used.fonts[f] = true;
        const bytes = (shared.fonts[f] ??= new EmbeddedFont(item.font)).show(item.text);
        const c = rgb(item.color);
        const opacity = item.opacity === undefined ? 1 : Math.round(Math.max(0, Math.min(1, item.opacity)) * 1000) / 1000;
        if (opacity < 1 || item.rotate) {
          // In its own graphics state: font, colour and opacity are restored by Q.
          s += 'q ';
          if (opacity < 1) {
            let g = shared.opacities.get(opacity);
            if (g === undefined) shared.opacities.set(opacity, (g = shared.opacities.size + 1));
            used.gs.add(g);
            s += `/Gs${g} gs `;
          }
          let m = `1 0 0 1 ${num(item.x)} ${num(H - item.y)}`;
          if (item.rotate) {
            const a = (item.rotate * Math.PI) / 180;
            const cos = num(Math.cos(a));
            const sin = num(Math.sin(a));
            m = `${cos} ${sin} ${num(-Math.sin(a))} ${cos} ${num(item.x)} ${num(H - item.y)}`;
          }
          s += `BT /F${f + 1} ${num(item.size)} Tf ${c} rg ${m} Tm ${bytes} Tj ET Q\n`;
          break;
        }
        if (c !== fill) { s += c + ' rg\n'; fill = c; }
        s += 'BT ';
        if (f !== font || item.size !== size) { s += '/F' + (f + 1) + ' ' + num(item.size) + ' Tf '; font = f; size = item.size; }
        s += num(item.x) + ' ' + num(H - item.y) + ' Td ' + bytes + ' Tj ET\n';
        break;
      }
      case 'rect': {
        if (!item.fill && !item.stroke) break;
        if (item.fill) { const c = rgb(item.fill); if (c !== fill) { s += c + ' rg\n'; fill = c; } }
        if (item.stroke) {
          const c = rgb(item.stroke);
          if (c !== stroke) { s += c + ' RG\n'; stroke = c; }
          const w = item.lineWidth ?? 1;
          if (w !== width) { s += num(w) + ' w\n'; width = w; }
        }
        s += num(item.x) + ' ' + num(H - item.y - item.h) + ' ' + num(item.w) + ' ' + num(item.h) + ' re ' + (item.fill ? (item.stroke ? 'B' : 'f') : 'S') + '\n';
        break;
      }
      case 'line': {
        const c = rgb(item.color);
        if (c !== stroke) { s += c + ' RG\n'; stroke = c; }
        if (item.lineWidth !== width) { s += num(item.lineWidth) + ' w\n'; width = item.lineWidth; }
        const d = item.dash;
        if (d) s += `[${num(d.length)} ${num(d.space)}] 0 d\n`;
        s += num(item.x1) + ' ' + num(H - item.y1) + ' m ' + num(item.x2) + ' ' + num(H - item.y2) + ' l S\n';
        if (d) s += '[] 0 d\n';
        break;
      }
      case 'image': {
        let entry = shared.images.find((e) => e.src === item.src);
        if (!entry) {
          let image: PdfImage;
          try {
            image = loadImage(item.src);
          } catch (e) {
            if (e instanceof ImageUnreadable) break; // left out, as the writer always did with a logo it cannot read
            throw e;
          }
          shared.images.push((entry = { src: item.src, n: shared.images.length + 1, image }));
        }
        used.images.add(entry.n);
        s += `q ${imageMatrix(entry.image.orientation, item.x, H - item.y - item.h, item.w, item.h)} cm /Im${entry.n} Do Q\n`;
        break;
      }
    }
  }
  used.stream = s;
  return used;
}

/**
 * The `cm` matrix that draws an image (the unit square, its first stored row at the top) upright into the box with
 * bottom-left (x, y) and size w x h, turned as its EXIF orientation says (1 = as stored; 2-8 mirrored and/or rotated).
 */
function imageMatrix(orientation: number, x: number, y: number, w: number, h: number): string {
  const m = [
    [w, 0, 0, h, x, y], [-w, 0, 0, h, x + w, y], [-w, 0, 0, -h, x + w, y + h], [w, 0, 0, -h, x, y + h],
    [0, -h, -w, 0, x + w, y + h], [0, -h, w, 0, x, y + h], [0, h, w, 0, x, y], [0, h, -w, 0, x + w, y],
  ][orientation - 1] ?? [w, 0, 0, h, x, y];
  return m.map(num).join(' ');
}

/** PDF date: D:YYYYMMDDHHmmSSZ (UTC). */
function pdfDate(d: Date): string {
  const p = (n: number) => (n < 10 ? '0' : '') + n;
  return `D:${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}Z`;
}

/** The file as it grows: latin1 strings and binary Buffers, with the byte offset of every object. */
class Out {
  private parts: Buffer[] = [];
  private text = '';
  length = 0;
  readonly offsets: number[] = [0];
  str(s: string): void { this.text += s; this.length += s.length; }
  bin(b: Buffer): void {
    if (this.text) { this.parts.push(Buffer.from(this.text, 'latin1')); this.text = ''; }
    this.parts.push(b);
    this.length += b.length;
  }
  object(n: number, body: string): void { this.offsets[n] = this.length; this.str(`${n} 0 obj\n${body}\nendobj\n`); }
  stream(n: number, dict: string, data: Buffer): void {
    this.offsets[n] = this.length;
    this.str(`${n} 0 obj\n<<${dict} /Length ${data.length}>>\nstream\n`);
    this.bin(data);
    this.str('\nendstream\nendobj\n');
  }
  done(): Buffer {
    if (this.text) this.parts.push(Buffer.from(this.text, 'latin1'));
    return Buffer.concat(this.parts, this.length);
  }
}

/** Writes `doc` as a PDF file. */
export function writePdf(doc: DisplayDocument, opts: WritePdfOptions = {}): Buffer {
  const level = opts.compressLevel ?? DEFAULT_LEVEL;
  const shared: Shared = { fonts: [null, null, null, null], opacities: new Map(), images: [] };
  const pages = doc.pages.map((p) => pageContent(p, shared));

  // Object numbers: 1 Catalog, 2 Pages, 3 Info, then fonts, opacity states, images (+ soft masks), then each page and its content.
  let next = 4;
  const fontObj = shared.fonts.map((u) => { if (!u) return 0; const n = next; next += FONT_OBJECTS; return n; });
  const gsObj: number[] = [];
  for (const g of shared.opacities.values()) gsObj[g] = next++;
  const imageObj: number[] = [];
  const smaskObj: number[] = [];
  for (const { n, image } of shared.images) {
    imageObj[n] = next++;
    if (image.smask) smaskObj[n] = next++;
  }
  const pageObj = pages.map(() => { const n = next; next += 2; return n; });

  const out = new Out();
  out.str('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
  out.object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  out.object(2, `<< /Type /Pages /Count ${pages.length} /Kids [${pageObj.map((n) => `${n} 0 R`).join(' ')}] >>`);
  const info = doc.info;
  const date = pdfDate(opts.creationDate ?? new Date());
  const infoDict = `<< /Title ${pdfTextString(info.title)} /Author ${pdfTextString(info.author)} /Subject ${pdfTextString(info.subject)}`
    + ` /Creator ${pdfTextString(info.creator)} /Producer ${pdfTextString(info.producer)} /CreationDate (${date}) >>`;
  out.object(3, infoDict);
  shared.fonts.forEach((font, f) => font?.write(fontObj[f]!, (n, body) => out.object(n, body), (n, dict, data) => out.stream(n, dict, data)));
  for (const [opacity, g] of shared.opacities) out.object(gsObj[g]!, `<< /Type /ExtGState /ca ${num(opacity)} /CA ${num(opacity)} >>`);
  for (const { n, image } of shared.images) {
    const smask = image.smask;
    out.stream(imageObj[n]!, image.dict + (smask ? ` /SMask ${smaskObj[n]} 0 R` : ''), image.data);
    if (smask) out.stream(smaskObj[n]!, smask.dict, smask.data);
  }
  const hash = createHash('md5');
  hash.update(infoDict);
  pages.forEach((content, i) => {
    const page = doc.pages[i]!;
    const n = pageObj[i]!;
    let res = '/ProcSet [/PDF /Text /ImageB /ImageC /ImageI]';
    if (content.fonts.some(Boolean)) res += ` /Font <<${content.fonts.map((u, f) => (u ? ` /F${f + 1} ${fontObj[f]} 0 R` : '')).join('')} >>`;
    if (content.gs.size) res += ` /ExtGState <<${[...content.gs].map((g) => ` /Gs${g} ${gsObj[g]} 0 R`).join('')} >>`;
    if (content.images.size) res += ` /XObject <<${[...content.images].map((m) => ` /Im${m} ${imageObj[m]} 0 R`).join('')} >>`;
    out.object(n, `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(page.width)} ${num(page.height)}] /Contents ${n + 1} 0 R /Resources << ${res} >> >>`);
    const raw = Buffer.from(content.stream, 'latin1');
    const data = level > 0 ? deflateSync(raw, { level }) : raw;
    hash.update(data);
    out.stream(n + 1, level > 0 ? ' /Filter /FlateDecode' : '', data);
  });

  const xref = out.length;
  let table = `xref\n0 ${next}\n0000000000 65535 f \n`;
  for (let i = 1; i < next; i++) table += ('000000000' + out.offsets[i]).slice(-10) + ' 00000 n \n';
  hash.update(table);
  const id = hash.digest('hex');
  out.str(table);
  out.str(`trailer\n<< /Size ${next} /Root 1 0 R /Info 3 0 R /ID [<${id}> <${id}>] >>\nstartxref\n${xref}\n%%EOF\n`);
  return out.done();
}
