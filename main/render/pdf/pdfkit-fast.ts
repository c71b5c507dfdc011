/**
 * Two of pdfkit's hot paths, made cheap without changing a byte of what they write (checked by comparing uncompressed
 * PDFs of every test fixture before and after):
 *  - content streams: pdfkit turned every operator it wrote ("q", "BT", "1 0 0 1 x y Tm", …, about ten per word) into
 *    its own Buffer; strings are now kept as strings and joined into one Buffer when the stream is finished;
 *  - text: pdfmake draws every word with `doc.text(word, x, y, {lineBreak: false, …})`, which goes through pdfkit's
 *    general text path (options merged and cloned, line splitting, the width measured a second time, the matrix kept
 *    in step, ten separate writes). For that exact call with a standard (AFM) font, the same operators are written at
 *    once; every other call takes pdfkit's own path.
 */

interface Ref {
  buffer: Array<Buffer | string> | Buffer;
  data: { Length?: number; Filter?: string };
  compress: boolean;
  uncompressedLength: number;
  write(chunk: Buffer | string): unknown;
  finalize(): unknown;
}

interface Position { xAdvance: number; advanceWidth: number; xOffset: number; yOffset: number }
interface StdFont {
  id: string;
  ascender: number;
  encode(text: string): [string[], Position[]];
  ref(): unknown;
}
interface Doc {
  _font: StdFont;
  _fontSize: number;
  _ctm: number[];
  _ctmStack: number[][];
  _textOptions?: unknown;
  _wrapper?: unknown;
  x: number;
  y: number;
  page: { height: number; fonts: Record<string, unknown>; write(s: string): unknown };
  text(text: unknown, x?: unknown, y?: unknown, options?: unknown): Doc;
}
interface TextOptions {
  lineBreak?: boolean;
  textWidth?: number;
  characterSpacing?: number;
  wordCount?: number;
  link?: unknown;
  goTo?: unknown;
  destination?: unknown;
  features?: unknown;
}

const num = (n: number) => {
  if (n > -1e21 && n < 1e21) return Math.round(n * 1e6) / 1e6;
  throw new Error(`unsupported number: ${n}`);
};

function patchReference(proto: Ref): void {
  const finalize = proto.finalize;
  proto.write = function (this: Ref, chunk: Buffer | string) {
    const part = Buffer.isBuffer(chunk) ? chunk : `${chunk}\n`;
    this.uncompressedLength += part.length;
    if (this.data.Length == null) this.data.Length = 0;
    (this.buffer as Array<Buffer | string>).push(part);
    this.data.Length += part.length;
    if (this.compress) return (this.data.Filter = 'FlateDecode');
    return undefined;
  };
  proto.finalize = function (this: Ref) {
    const parts = this.buffer as Array<Buffer | string>;
    if (parts.length && parts.some((p) => typeof p === 'string')) {
      const buffers: Buffer[] = [];
      let text = '';
      for (const p of parts) {
        if (typeof p === 'string') text += p;
        else {
          if (text) buffers.push(Buffer.from(text, 'binary'));
          text = '';
          buffers.push(p);
        }
      }
      if (text) buffers.push(Buffer.from(text, 'binary'));
      this.buffer = buffers;
    }
    return finalize.call(this);
  };
}

function patchText(proto: Doc, stdEncode: StdFont['encode']): void {
  const text = proto.text;
  proto.text = function (this: Doc, str: unknown, x?: unknown, y?: unknown, options?: unknown) {
    const o = options as TextOptions | undefined;
    if (typeof str !== 'string' || typeof x !== 'number' || typeof y !== 'number' || !o || o.lineBreak !== false
      || o.characterSpacing || o.wordCount !== 1 || o.link != null || o.goTo != null || o.destination != null || o.features
      || this._textOptions || this._wrapper || this._font.encode !== stdEncode || str.includes('\n')
      || Object.keys(o).some((k) => !KNOWN.has(k))) {
      return text.call(this, str, x, y, options);
    }
    this.x = x;
    this.y = y;
    if (str.length === 0) return this;
    const font = this._font;
    const size = this._fontSize;
    const pageHeight = this.page.height;
    // save() and the flip transform(1, 0, 0, -1, 0, pageHeight), keeping the matrix in step as pdfkit does
    const m = this._ctm;
    this._ctmStack.push(m.slice());
    const [m0, m1, m2, m3, m4, m5] = m;
    m[0] = m0; m[1] = m1; m[2] = -m2; m[3] = -m3;
    m[4] = m2 * pageHeight + m4;
    m[5] = m3 * pageHeight + m5;
    const ty = pageHeight - y - (font.ascender / 1000) * size;
    if (this.page.fonts[font.id] == null) this.page.fonts[font.id] = font.ref();
    const [encoded, positions] = font.encode(str);
    const commands: string[] = [];
    let last = 0;
    const segment = (cur: number) => {
      if (last < cur) {
        const advance = positions[cur - 1].xAdvance - positions[cur - 1].advanceWidth;
        commands.push(`<${encoded.slice(last, cur).join('')}> ${num(-advance)}`);
      }
      last = cur;
    };
    let width = 0;
    for (let i = 0; i < positions.length; i++) {
      const pos = positions[i];
      if (pos.xOffset || pos.yOffset) return fallback(this, m, str, x, y, options, text);
      if (pos.xAdvance - pos.advanceWidth !== 0) segment(i + 1);
      width += pos.xAdvance;
    }
    segment(positions.length);
    const tj = commands.length ? `\n[${commands.join(' ')}] TJ` : '';
    this.page.write(`q\n1 0 0 -1 0 ${num(pageHeight)} cm\nBT\n1 0 0 1 ${num(x)} ${num(ty)} Tm\n/${font.id} ${num(size)} Tf${tj}\nET\nQ`);
    this._ctm = this._ctmStack.pop() || [1, 0, 0, 1, 0, 0];
    this.x += width * (size / 1000);
    return this;
  };
}

const KNOWN = new Set(['lineBreak', 'textWidth', 'characterSpacing', 'wordCount', 'link', 'goTo', 'destination', 'features']);

/** Not reached with AFM fonts (they have no glyph offsets); undoes the matrix step and lets pdfkit write the word. */
function fallback(doc: Doc, m: number[], str: string, x: number, y: number, options: unknown, text: Doc['text']): Doc {
  doc._ctm = doc._ctmStack.pop() || m;
  return text.call(doc, str, x, y, options);
}

/** Patches pdfkit (once per process) through a probe document made by the caller. */
export function speedUpPdfKit(probe: object): void {
  const doc = probe as Doc & { page: { content: object }; kvittFast?: boolean };
  const docProto = Object.getPrototypeOf(doc) as Doc & { kvittFast?: boolean };
  if (docProto.kvittFast) return;
  const refProto = Object.getPrototypeOf(doc.page.content) as Ref;
  const fontProto = Object.getPrototypeOf(doc._font) as StdFont;
  if (typeof refProto.write !== 'function' || typeof refProto.finalize !== 'function' || typeof fontProto.encode !== 'function') return;
  docProto.kvittFast = true;
  patchReference(refProto);
  patchText(docProto, fontProto.encode);
}
