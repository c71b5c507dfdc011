/** The page flow of the direct layout: the pages so far, the current page's items, and the y where the next block goes. */
import { MARGIN_B, MARGIN_T, PAGE_H, PAGE_W } from '../layout';
import type { DisplayPage, DrawItem } from './display-list';

/** A page size and the top and bottom margins the flow keeps (default: the invoice family's A4 portrait). */
export interface FlowPage {
  width: number;
  height: number;
  top: number;
  bottom: number;
}

const INVOICE_PAGE: FlowPage = { width: PAGE_W, height: PAGE_H, top: MARGIN_T, bottom: MARGIN_B };

export class Flow {
  readonly pages: DisplayPage[] = [];
  items: DrawItem[] = [];
  y: number;
  readonly bottom: number;

  constructor(private readonly page: FlowPage = INVOICE_PAGE) {
    this.y = page.top;
    this.bottom = page.height - page.bottom;
    this.newPage();
  }

  newPage(): void {
    this.items = [];
    this.pages.push({ width: this.page.width, height: this.page.height, items: this.items });
    this.y = this.page.top;
  }

  /** Room left above the bottom margin. */
  room(): number {
    return this.bottom - this.y;
  }
}
