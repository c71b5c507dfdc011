/**
 * pdfmake 0.2 with the PDF standard Helvetica family (no font files; WinAnsi covers æøå), set up once per process:
 * one printer, and the font metrics (AFM files) parsed once instead of for every font of every document. pdfkit builds
 * a new AFM parser for each font a document opens (four per invoice: about a fifth of the rendering time went there);
 * the parsed tables are pure data, so the first parse of each file is kept and the next ones take it over. Kerning
 * look-ups use a map of maps instead of concatenated string keys (pdfkit's getKernPair is hot while measuring text).
 */
import PdfPrinter from 'pdfmake/src/printer.js';
import { speedUpPdfKit } from './pdfkit-fast';
import type { ContentObject } from './layout';

const FONTS = {
  Helvetica: { normal: 'Helvetica', bold: 'Helvetica-Bold', italics: 'Helvetica-Oblique', bolditalics: 'Helvetica-BoldOblique' },
};

interface AfmTables {
  attributes: Record<string, string>;
  glyphWidths: Record<string, number>;
  boundingBoxes: Record<string, unknown>;
  kernPairs: Record<string, number>;
}
interface AfmFont extends AfmTables {
  contents: string;
  parse(): void;
  widthOfGlyph(glyph: string): number;
  advancesForGlyphs(glyphs: string[]): number[];
}

let printer: PdfPrinter | null = null;

/** Keeps the parsed metrics of each AFM file and the kerning as nested maps (pdfkit's AFMFont class, patched once). */
function shareFontMetrics(p: PdfPrinter): void {
  const probe = p.createPdfKitDocument({ content: '', defaultStyle: { font: 'Helvetica' } }) as unknown as { _font?: { font?: AfmFont }; end(): void };
  const afm = probe._font?.font;
  speedUpPdfKit(probe);
  probe.end();
  if (!afm || typeof afm.parse !== 'function') return; // another pdfkit: leave it as it is
  const proto = Object.getPrototypeOf(afm) as AfmFont & { kvittShared?: boolean };
  if (proto.kvittShared) return;
  proto.kvittShared = true;
  const parsed = new Map<string, AfmTables>();
  const parse = proto.parse;
  proto.parse = function (this: AfmFont) {
    const known = parsed.get(this.contents);
    if (known) {
      Object.assign(this, known);
      return;
    }
    parse.call(this);
    parsed.set(this.contents, { attributes: this.attributes, glyphWidths: this.glyphWidths, boundingBoxes: this.boundingBoxes, kernPairs: this.kernPairs });
  };
  const kerning = new WeakMap<object, Map<string, Map<string, number>>>();
  const kernMap = (pairs: Record<string, number>) => {
    let m = kerning.get(pairs);
    if (!m) {
      m = new Map();
      for (const [key, value] of Object.entries(pairs)) {
        const [left, right] = key.split('\0');
        let row = m.get(left);
        if (!row) m.set(left, (row = new Map()));
        row.set(right, value);
      }
      kerning.set(pairs, m);
    }
    return m;
  };
  proto.advancesForGlyphs = function (this: AfmFont, glyphs: string[]) {
    const kern = kernMap(this.kernPairs);
    const advances = new Array<number>(glyphs.length);
    for (let i = 0; i < glyphs.length; i++) {
      const left = glyphs[i];
      advances[i] = this.widthOfGlyph(left) + (kern.get(left)?.get(glyphs[i + 1]) ?? 0);
    }
    return advances;
  };
}

function thePrinter(): PdfPrinter {
  if (!printer) {
    printer = new PdfPrinter(FONTS);
    try {
      shareFontMetrics(printer);
    } catch {
      // the metrics are then parsed per document, as pdfkit does by itself
    }
  }
  return printer;
}

function render(definition: ContentObject): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    try {
      // createPdfKitDocument lays the document out synchronously, so one printer serves every document of this thread.
      const pdf = thePrinter().createPdfKitDocument(definition);
      const chunks: Buffer[] = [];
      pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
      pdf.on('end', () => resolve(Buffer.concat(chunks)));
      pdf.on('error', reject);
      pdf.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

/** Renders a pdfmake document definition with the standard fonts (the reports' PDFs; the invoice family and dunnings use direct/). */
export function renderDefinition(definition: ContentObject): Promise<Buffer> {
  return render(definition);
}
