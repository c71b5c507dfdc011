/**
 * What the direct PDF writer draws: a document as pages of plain drawing items, laid out by Kvitt's own code
 * (../direct/*layout*) and written to PDF bytes by ./pdf-file.ts. Pure data, no I/O.
 *
 * Coordinates are PDF points (1/72 inch) with the origin at the TOP-LEFT of the page and y growing downwards, as in
 * the layout code; the writer flips them. A text item's y is its BASELINE.
 */

/** DejaVu Sans in its four styles, embedded as subsets (./fonts.ts). */
export type FontName = 'DejaVuSansCondensed' | 'DejaVuSansCondensed-Bold' | 'DejaVuSansCondensed-Oblique' | 'DejaVuSansCondensed-BoldOblique';

/** '#rrggbb' */
export type Color = string;

export interface TextItem {
  t: 'text';
  x: number;
  /** Baseline, from the top of the page. */
  y: number;
  text: string;
  font: FontName;
  size: number;
  color: Color;
  /** 0..1, for the draft watermark. */
  opacity?: number;
  /** Degrees counter-clockwise around (x, y), for the draft watermark. */
  rotate?: number;
}

export interface RectItem {
  t: 'rect';
  x: number;
  y: number;
  w: number;
  h: number;
  fill?: Color;
  stroke?: Color;
  lineWidth?: number;
}

export interface LineItem {
  t: 'line';
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  color: Color;
  lineWidth: number;
  dash?: { length: number; space: number };
}

export interface ImageItem {
  t: 'image';
  /** A data: URL (image/png or image/jpeg), as stored in the settings; the writer decodes it once per process. */
  src: string;
  /** Top-left corner and the drawn size. */
  x: number;
  y: number;
  w: number;
  h: number;
}

export type DrawItem = TextItem | RectItem | LineItem | ImageItem;

export interface DisplayPage {
  width: number;
  height: number;
  items: DrawItem[];
}

export interface DocumentInfo {
  title: string;
  author: string;
  subject: string;
  creator: string;
  producer: string;
}

export interface DisplayDocument {
  info: DocumentInfo;
  pages: DisplayPage[];
}
