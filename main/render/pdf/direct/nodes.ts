/**
 * A small interpreter of the pdfmake node shapes the shared blocks build (../blocks/, ../layout.ts's `at()`), so the
 * direct layout draws the same definitions instead of copying them:
 *  - absolutely positioned nodes: `{absolutePosition, canvas: [rect | line]}` and `at()`'s one fixed-width column of
 *    text or of a stack of texts (the giro, the window address);
 *  - stacks of simple nodes in the flow: `{text (string or spans), fontSize, bold, color, alignment, lineHeight, noWrap,
 *    margin}` and `{image, fit, margin}` (the seller block, the title, the payment sentence).
 * Style is inherited as pdfmake does it (fontSize, bold, color, lineHeight, alignment); anything else throws, so a
 * block that grows a new shape fails its tests instead of printing wrongly.
 */
import type { ContentObject } from '../layout';
import type { DrawItem, RectItem } from './display-list';
import { loadImage } from './images';
import { fontFor } from './metrics';
import { drawLines, layoutText, type Align, type Span } from './text-layout';

export interface Style {
  fontSize: number;
  bold: boolean;
  color: string;
  lineHeight: number;
  alignment: Align;
}

const STYLE_KEYS = ['fontSize', 'bold', 'color', 'lineHeight', 'alignment'] as const;
const KNOWN = new Set<string>([...STYLE_KEYS, 'text', 'margin', 'noWrap', 'stack', 'image', 'fit', 'width']);

export function inherit(style: Style, node: ContentObject): Style {
  let out = style;
  for (const k of STYLE_KEYS) {
    if (node[k] !== undefined) {
      if (out === style) out = { ...style };
      (out as unknown as Record<string, unknown>)[k] = node[k];
    }
  }
  return out;
}

function check(node: ContentObject): void {
  for (const key in node) if (!KNOWN.has(key)) throw new Error(`direct layout: unsupported node property ${key}`);
}

/** A text node's spans (a string, or an array of styled pieces as the product code + description). */
export function spansOf(node: ContentObject, style: Style): Span[] {
  const s = inherit(style, node);
  const text = node.text;
  if (Array.isArray(text)) return (text as Array<string | ContentObject>).flatMap((t) => (typeof t === 'string' ? spansOf({ text: t }, s) : spansOf(t, s)));
  return [{ text: String(text ?? ''), font: fontFor(s.bold), size: s.fontSize, color: s.color, lineHeight: s.lineHeight }];
}

function margins(node: ContentObject): [number, number, number, number] {
  const m = node.margin as number[] | number | undefined;
  if (m == null) return [0, 0, 0, 0];
  if (typeof m === 'number') return [m, m, m, m];
  return m.length === 2 ? [m[0], m[1], m[0], m[1]] : [m[0], m[1], m[2], m[3]];
}

/**
 * Draws a stack of simple nodes with its top at y in [x, x + width]; returns the height used. No page breaks: the
 * callers use it for blocks that pdfmake kept on one page (the head) or check the room first.
 */
export function drawStack(items: DrawItem[], nodes: ContentObject[], style: Style, x: number, y: number, width: number): number {
  let top = y;
  for (const node of nodes) {
    check(node);
    const [ml, mt, mr, mb] = margins(node);
    top += mt;
    const s = inherit(style, node);
    if (node.stack) top += drawStack(items, node.stack as ContentObject[], s, x + ml, top, width - ml - mr);
    else if (node.image) {
      const fit = node.fit as [number, number];
      const img = loadImage(node.image as string);
      const factor = img.width / img.height > fit[0] / fit[1] ? fit[0] / img.width : fit[1] / img.height;
      const w = img.width * factor, h = img.height * factor;
      items.push({ t: 'image', src: node.image as string, x: x + ml, y: top, w, h });
      top += h;
    } else {
      const lines = layoutText(spansOf(node, style), width - ml - mr, node.noWrap === true);
      top += drawLines(items, lines, x + ml, top, width - ml - mr, s.alignment);
    }
    top += mb;
  }
  return top - y;
}

interface Vector { type: string; x?: number; y?: number; w?: number; h?: number; x1?: number; y1?: number; x2?: number; y2?: number;
  color?: string; lineColor?: string; lineWidth?: number; dash?: { length: number; space?: number } }

function vector(v: Vector, dx: number, dy: number): DrawItem | null {
  if (v.type === 'rect') {
    const r: RectItem = { t: 'rect', x: v.x! + dx, y: v.y! + dy, w: v.w!, h: v.h! };
    if (v.color) r.fill = v.color;
    if (v.lineColor) {
      r.stroke = v.lineColor;
      r.lineWidth = v.lineWidth || 1;
    }
    return r;
  }
  if (v.type === 'line') {
    if (!v.lineWidth || v.lineColor === 'white') return null; // pdfmake's invisible spacers
    return {
      t: 'line', x1: v.x1! + dx, y1: v.y1! + dy, x2: v.x2! + dx, y2: v.y2! + dy, color: v.lineColor ?? '#000000', lineWidth: v.lineWidth,
      ...(v.dash ? { dash: { length: v.dash.length, space: v.dash.space ?? v.dash.length } } : {}),
    };
  }
  throw new Error(`direct layout: unsupported vector ${v.type}`);
}

/** Draws absolutely positioned nodes (canvas, or `at()`'s one fixed-width column) onto a page's items. */
export function drawAbsolute(items: DrawItem[], nodes: ContentObject[], style: Style): void {
  for (const node of nodes) {
    const pos = node.absolutePosition as { x: number; y: number } | undefined;
    if (!pos) throw new Error('direct layout: node without absolutePosition');
    if (Array.isArray(node.canvas)) {
      for (const v of node.canvas as Vector[]) {
        const item = vector(v, pos.x, pos.y);
        if (item) items.push(item);
      }
      continue;
    }
    const cols = node.columns as ContentObject[] | undefined;
    if (!cols || cols.length !== 1 || typeof cols[0].width !== 'number') throw new Error('direct layout: unsupported absolute node');
    drawStack(items, [cols[0]], style, pos.x, pos.y, cols[0].width as number);
  }
}

