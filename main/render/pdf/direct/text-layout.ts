/**
 * Text into lines within a width, the way pdfmake 0.2 does it (so the direct layout wraps where the pdfmake layout
 * did): words break after spaces (and after a hyphen between letters), '\n' forces a new line, a word longer than the
 * width is cut at the last character that fits; trailing spaces do not count for fitting or alignment; a line's height
 * is the largest of its pieces' font line height (ascender - descender) × size × lineHeight, and its baseline is
 * the largest ascender below its top.
 */
import type { Color, FontName, TextItem } from './display-list';
import { ascentOf, lineHeightOf, widthOf } from './metrics';

export type Align = 'left' | 'right' | 'center';

/** A piece of text in one style. */
export interface Span {
  text: string;
  font: FontName;
  size: number;
  color: Color;
  /** pdfmake's lineHeight factor (1 unless the style says otherwise). */
  lineHeight?: number;
}

/** One line: its pieces with x relative to the line's start (before alignment). */
export interface TextLine {
  height: number;
  ascent: number;
  /** Without leading/trailing spaces, as alignment takes it. */
  width: number;
  runs: Array<{ x: number; text: string; font: FontName; size: number; color: Color }>;
}

interface Word {
  text: string;
  width: number;
  trailing: number;
  lineEnd: boolean;
  /** Glued to the next word (a span ending inside a word). */
  noNewLine: boolean;
  span: Span;
}

const isLetter = (c: string | undefined) => !!c && /[\p{L}\p{N}]/u.test(c);

function splitWords(span: Span, out: Word[]): void {
  const text = span.text.replace(/\t/g, '    ');
  const paragraphs = text.split(/\r?\n|\r/);
  if (paragraphs.length > 1 && paragraphs[paragraphs.length - 1] === '') paragraphs.pop();
  paragraphs.forEach((p, pi) => {
    const end = pi < paragraphs.length - 1 || (paragraphs.length > 1 && pi === paragraphs.length - 1 && /\n$/.test(text));
    const words: string[] = [];
    let start = 0;
    for (let i = 0; i < p.length; i++) {
      const c = p[i];
      if (c === ' ' && p[i + 1] !== ' ') {
        words.push(p.slice(start, i + 1));
        start = i + 1;
      } else if (c === '-' && isLetter(p[i - 1]) && /\p{L}/u.test(p[i + 1] ?? '')) {
        words.push(p.slice(start, i + 1));
        start = i + 1;
      }
    }
    if (start < p.length || words.length === 0) words.push(p.slice(start));
    words.forEach((w, wi) => {
      const trimmed = w.replace(/ +$/, '');
      out.push({
        text: w,
        width: widthOf(w, span.font, span.size),
        trailing: widthOf(w.slice(trimmed.length), span.font, span.size),
        lineEnd: end && wi === words.length - 1,
        noNewLine: false,
        span,
      });
    });
  });
}

function words(spans: Span[]): Word[] {
  const out: Word[] = [];
  for (const s of spans) {
    const before = out.length;
    if (before > 0 && s.text !== '' && !/^[ \n]/.test(s.text)) {
      const prev = out[before - 1];
      if (!prev.lineEnd && !/ $/.test(prev.text)) prev.noNewLine = true;
    }
    splitWords(s, out);
  }
  return out;
}

/** A text that is one word: nothing to break it at (amounts, dates, numbers: most table cells). */
const ONE_WORD = /^[^ \-\t\n\r]*$/;

/**
 * The narrowest and widest a text can be laid out, as pdfmake measures a cell for 'auto' and '*' table columns: its
 * widest word (without trailing spaces) and its widest line when nothing wraps (a noWrap text: both the widest line).
 */
export function textWidths(spans: Span[], noWrap = false): { min: number; max: number } {
  if (spans.length === 1 && ONE_WORD.test(spans[0].text)) {
    const w = widthOf(spans[0].text, spans[0].font, spans[0].size);
    return { min: w, max: w };
  }
  let min = 0, max = 0, line = 0;
  for (const w of words(spans)) {
    min = Math.max(min, w.width - w.trailing);
    line += w.width;
    max = Math.max(max, line - w.trailing);
    if (w.lineEnd) line = 0;
  }
  return { min: noWrap ? max : min, max };
}

/** Cuts a word that is wider than the room: as many characters as fit (at least one), as pdfmake's binary search. */
function cut(w: Word, room: number): [Word, Word] | null {
  let low = 1, high = w.text.length, best = 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (widthOf(w.text.slice(0, mid), w.span.font, w.span.size) <= room) {
      best = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  if (best >= w.text.length) return null;
  const head = { ...w, text: w.text.slice(0, best), lineEnd: false, noNewLine: false };
  const tail = { ...w, text: w.text.slice(best) };
  head.width = widthOf(head.text, w.span.font, w.span.size);
  tail.width = widthOf(tail.text, w.span.font, w.span.size);
  return [head, tail];
}

/** Lays spans out into lines of at most `width` (noWrap: one line per '\n', never cut). */
export function layoutText(spans: Span[], width: number, noWrap = false): TextLine[] {
  if (spans.length === 1 && ONE_WORD.test(spans[0].text)) {
    // the same line the general path below makes of one word that fits (or may not be cut)
    const s = spans[0];
    const w = widthOf(s.text, s.font, s.size);
    if (noWrap || w <= width || s.text.length <= 1) {
      const runs = s.text === '' ? [] : [{ x: 0, text: s.text, font: s.font, size: s.size, color: s.color }];
      return [{ height: lineHeightOf(s.font, s.size) * (s.lineHeight ?? 1), ascent: ascentOf(s.font, s.size), width: w, runs }];
    }
  }
  const queue = words(noWrap ? spans.map((s) => ({ ...s, text: s.text })) : spans);
  if (noWrap) {
    // pdfmake keeps a noWrap text as one inline: glue its words together
    for (const w of queue) if (!w.lineEnd) w.noNewLine = true;
  }
  const lines: TextLine[] = [];
  let i = 0;
  while (i < queue.length) {
    const line: Word[] = [];
    let used = 0; // sum of widths
    let forced = false;
    let forceContinue = false;
    while (i < queue.length) {
      const w = queue[i];
      if (line.length > 0 && !forceContinue) {
        if (forced) break;
        let need = w.width, trail = w.trailing;
        if (w.noNewLine) {
          for (let j = i + 1; j < queue.length; j++) {
            need += queue[j].width;
            trail = queue[j].trailing;
            if (!queue[j].noNewLine) break;
          }
        }
        if (used + need - trail > width) break;
      }
      forceContinue = false;
      let hard = false;
      const room = width - (used - (line.length ? line[line.length - 1].trailing : 0));
      if (!noWrap && w.text.length > 1 && w.width > room) {
        const parts = cut(w, room);
        if (parts) {
          queue.splice(i, 1, parts[0], parts[1]);
          hard = true;
        }
      }
      const placed = queue[i++];
      line.push(placed);
      used += placed.width;
      if (placed.lineEnd) forced = true;
      forceContinue = placed.noNewLine && !hard;
    }
    lines.push(toLine(line));
  }
  return lines;
}

function toLine(ws: Word[]): TextLine {
  let height = 0, ascent = 0, x = 0;
  const runs: TextLine['runs'] = [];
  for (const w of ws) {
    const s = w.span;
    height = Math.max(height, lineHeightOf(s.font, s.size) * (s.lineHeight ?? 1));
    ascent = Math.max(ascent, ascentOf(s.font, s.size));
    const last = runs[runs.length - 1];
    if (last && last.font === s.font && last.size === s.size && last.color === s.color) last.text += w.text;
    else runs.push({ x, text: w.text, font: s.font, size: s.size, color: s.color });
    x += w.width;
  }
  const trailing = ws.length ? ws[ws.length - 1].trailing : 0;
  const last = runs[runs.length - 1];
  if (last) last.text = last.text.replace(/ +$/, '');
  return { height, ascent, width: x - trailing, runs: runs.filter((r) => r.text !== '') };
}

export function linesHeight(lines: TextLine[]): number {
  let h = 0;
  for (const l of lines) h += l.height;
  return h;
}

/** Draws laid-out lines with their top at y inside [x, x + width], aligned; returns the height used. */
export function drawLines(items: TextItem[] | Array<unknown>, lines: TextLine[], x: number, y: number, width: number, align: Align = 'left'): number {
  let top = y;
  for (const line of lines) {
    const shift = align === 'right' ? width - line.width : align === 'center' ? (width - line.width) / 2 : 0;
    for (const r of line.runs) {
      (items as TextItem[]).push({ t: 'text', x: x + shift + r.x, y: top + line.ascent, text: r.text, font: r.font, size: r.size, color: r.color });
    }
    top += line.height;
  }
  return top - y;
}
