/**
 * Fixed blocks: content at absolute page positions (the giro) placed on the page without pdfmake's generic layout.
 *
 * pdfmake lays every node out the general way (preprocess, measure, column widths, detached context, line by line),
 * about 0.1 ms per text node; the giro alone has some 40 of them and cost a third of an invoice's rendering. A fixed
 * block hangs its nodes (canvas and `at()` text nodes, exactly as pdfmake would take them) on a marker vector in the
 * flow. After pdfmake's layout, the marker's page receives the block's items right after the marker, built with
 * pdfmake's own pieces (TextTools measuring, LayoutBuilder.buildNextLine wrapping, the same line positions, alignment
 * and canvas offsets), so the PDF is the same as before, byte for byte in its content streams. Anything this does not
 * cover exactly (another node shape, a line that would not fit above the bottom margin and so move to the next page in
 * pdfmake) throws NotFixed, and the document is rendered again with the block's nodes in the flow (expandFixed).
 */
import LayoutBuilder from 'pdfmake/src/layoutBuilder.js';
import StyleContextStack from 'pdfmake/src/styleContextStack.js';
import TextTools from 'pdfmake/src/textTools.js';
import type { Content, ContentObject } from './layout';

const MARK = 'kvittFixed';

/** The marker's nodes did not fit the fast path; render with the nodes in the flow. */
export class NotFixed extends Error {}

interface Vector { type: string; x?: number; y?: number; x1?: number; x2?: number; y1?: number; y2?: number; [MARK]?: ContentObject[] }
interface PageItem { type: string; item: unknown }
interface Page { items: PageItem[]; pageSize: { width: number; height: number } }
interface LineLike { x?: number; y?: number; inlines: Array<{ alignment?: string }>; getHeight(): number; getWidth(): number }
interface Margins { bottom: number }

/**
 * `marker` (a canvas node in the flow, e.g. the giro's reservation) carries `nodes`: pdfmake nodes with an
 * absolutePosition, drawn on the page where the marker lands, after it.
 */
export function withFixed(marker: ContentObject & { canvas: object[] }, nodes: ContentObject[]): ContentObject {
  const vectors = marker.canvas;
  Object.defineProperty(vectors[vectors.length - 1], MARK, { value: nodes, enumerable: false });
  return marker;
}

/** The same content with every fixed block's nodes put in the flow after their marker (pdfmake does it all). */
export function expandFixed(content: Content[]): Content[] {
  return content.flatMap((c) => {
    const canvas = (c as ContentObject | null)?.canvas as Vector[] | undefined;
    const nodes = canvas?.[canvas.length - 1]?.[MARK];
    return nodes ? [{ ...(c as ContentObject), canvas: canvas!.map((v) => ({ ...v })) }, ...nodes] : [c];
  });
}

interface Ctx { fontProvider: unknown; styleDictionary: unknown; defaultStyle: unknown; margins: Margins }

function offset(v: Vector, x: number, y: number): Vector {
  const out = { ...v };
  if (v.type === 'rect' || v.type === 'ellipse') {
    out.x = v.x! + x;
    out.y = v.y! + y;
  } else if (v.type === 'line') {
    out.x1 = v.x1! + x;
    out.x2 = v.x2! + x;
    out.y1 = v.y1! + y;
    out.y2 = v.y2! + y;
  } else throw new NotFixed(v.type);
  return out;
}

const STYLE_FREE = new Set(['absolutePosition', 'columns', 'canvas']);

/** The lines pdfmake makes of a text node in a column of `width` at (x, y): measured, wrapped and aligned as it does. */
function textLines(ctx: Ctx, page: Page, x: number, y: number, width: number, node: ContentObject): LineLike[] {
  const stack = new StyleContextStack(ctx.styleDictionary, ctx.defaultStyle);
  stack.push(node);
  const data = new TextTools(ctx.fontProvider).buildInlines(node.text, stack);
  const textNode = { _inlines: data.items };
  const builder = { writer: { context: () => ({ availableWidth: width }) } };
  let availableHeight = page.pageSize.height - y - ctx.margins.bottom;
  const lines: LineLike[] = [];
  for (let line = LayoutBuilder.prototype.buildNextLine.call(builder, textNode) as LineLike | null; line;
    line = LayoutBuilder.prototype.buildNextLine.call(builder, textNode) as LineLike | null) {
    const height = line.getHeight();
    if (availableHeight < height) throw new NotFixed('line below the bottom margin');
    line.x = x + (line.x || 0);
    line.y = y + (line.y || 0);
    const alignment = line.inlines[0]?.alignment;
    const free = width - line.getWidth();
    const shift = alignment === 'right' ? free : alignment === 'center' ? free / 2 : 0;
    if (alignment === 'justify') throw new NotFixed('justify');
    if (shift) line.x = (line.x || 0) + shift;
    lines.push(line);
    y += height;
    availableHeight -= height;
  }
  return lines;
}

/** Page items for one absolutely positioned node: a canvas, or `at()`'s one fixed-width text column. */
function itemsOf(ctx: Ctx, page: Page, node: ContentObject): PageItem[] {
  const pos = node.absolutePosition as { x: number; y: number } | undefined;
  if (!pos) throw new NotFixed('no absolutePosition');
  for (const key of Object.keys(node)) if (!STYLE_FREE.has(key)) throw new NotFixed(key);
  if (Array.isArray(node.canvas)) return (node.canvas as Vector[]).map((v) => ({ type: 'vector', item: offset(v, pos.x, pos.y) }));
  const columns = node.columns as ContentObject[] | undefined;
  const col = columns?.length === 1 ? columns[0] : null;
  if (!col || typeof col.width !== 'number' || typeof col.text !== 'string' || col.margin !== undefined) throw new NotFixed('shape');
  return textLines(ctx, page, pos.x, pos.y, col.width, col).map((line) => ({ type: 'line', item: line }));
}

function placeFixed(pages: Page[], ctx: Ctx): void {
  for (const page of pages) {
    for (let i = 0; i < page.items.length; i++) {
      const it = page.items[i];
      const nodes = it.type === 'vector' ? (it.item as Vector)[MARK] : undefined;
      if (!nodes) continue;
      const added = nodes.flatMap((n) => itemsOf(ctx, page, n));
      page.items.splice(i + 1, 0, ...added);
      i += added.length;
    }
  }
}

let installed = false;

/** Lets pdfmake's layout place fixed blocks (once per process). */
export function installFixedBlocks(): void {
  if (installed) return;
  const proto = LayoutBuilder.prototype as unknown as { layoutDocument: (...args: unknown[]) => Page[]; pageMargins: Margins };
  const layout = proto.layoutDocument;
  proto.layoutDocument = function (this: { pageMargins: Margins }, ...args: unknown[]) {
    const pages = layout.apply(this, args);
    placeFixed(pages, { fontProvider: args[1], styleDictionary: args[2], defaultStyle: args[3], margins: this.pageMargins });
    return pages;
  };
  installed = true;
}
